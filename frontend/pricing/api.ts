import type { InferResponseType } from 'hono/client';
import { priceInRupees, type CheckoutSuccess } from '#shared/payments';
import { api, ok, withoutToken } from '../api/client';

export type PaymentOrder = InferResponseType<typeof api.payments.orders.$post, 200>;
export type PaymentGrant = InferResponseType<typeof api.payments.verify.$post, 200>;
export type TestCompletion = InferResponseType<(typeof api.payments.test.complete)['$post'], 200>;
export type PaymentsMode = InferResponseType<typeof api.health.$get, 200>['payments'];
export type CheckoutClosed = InferResponseType<(typeof api.payments.orders)[':orderId']['cancel']['$post'], 200>;

/** Asks the Worker for an order; the amount sent is cross-checked there, and charged from its own figure. */
export function createPaymentOrder(credits: number): Promise<PaymentOrder> {
  return ok(api.payments.orders.$post({ json: { credits, amount: priceInRupees(credits) } }));
}

/** Hands checkout.js's success response to the Worker, which checks the signature and grants. */
export function verifyPayment(success: CheckoutSuccess): Promise<PaymentGrant> {
  return ok(api.payments.verify.$post({ json: success }));
}

/**
 * Checkout closed without a success: the Worker says whether that was in time (the order stays
 * open) or too late — paid, still being confirmed, or expired (docs/decisions/0092).
 */
export function reportCheckoutClosed(orderId: string): Promise<CheckoutClosed> {
  return ok(api.payments.orders[':orderId'].cancel.$post({ param: { orderId } }));
}

/** Test mode only: the Worker pays (or fails) the order as Razorpay would. */
export function completeTestPayment(orderId: string, outcome: 'paid' | 'failed'): Promise<TestCompletion> {
  return ok(api.payments.test.complete.$post({ json: { orderId, outcome } }));
}

export async function paymentsMode(): Promise<PaymentsMode> {
  return (await ok(api.health.$get(undefined, withoutToken))).payments;
}
