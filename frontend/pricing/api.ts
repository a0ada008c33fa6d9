import type { HealthResponse } from '#shared/api-types';
import type { CheckoutSuccess, PaymentGrantResponse, PaymentOrderResponse } from '#shared/payments';
import { priceInRupees } from '#shared/payments';
import { api } from '../api/client';

/** Asks the Worker for an order; the amount sent is cross-checked there, and charged from its own figure. */
export function createPaymentOrder(credits: number): Promise<PaymentOrderResponse> {
  return api<PaymentOrderResponse>('/api/payments/orders', {
    method: 'POST',
    body: { credits, amount: priceInRupees(credits) },
  });
}

/** Hands checkout.js's success response to the Worker, which checks the signature and grants. */
export function verifyPayment(success: CheckoutSuccess): Promise<PaymentGrantResponse> {
  return api<PaymentGrantResponse>('/api/payments/verify', { method: 'POST', body: success });
}

export type TestCompletion =
  | ({ status: 'paid' } & PaymentGrantResponse)
  | { status: 'failed'; orderId: string; paymentId: string; message: string };

/** Test mode only: the Worker pays (or fails) the order as Razorpay would. */
export function completeTestPayment(orderId: string, outcome: 'paid' | 'failed'): Promise<TestCompletion> {
  return api<TestCompletion>('/api/payments/test/complete', { method: 'POST', body: { orderId, outcome } });
}

export async function paymentsMode(): Promise<HealthResponse['payments']> {
  return (await api<HealthResponse>('/api/health', { auth: false })).payments;
}
