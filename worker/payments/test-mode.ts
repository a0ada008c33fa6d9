/**
 * Test mode (docs/decisions/0010): with no Razorpay keys, locally, the Worker completes an order
 * as Razorpay would, through the same signature checks a real payment passes.
 */
import { generalMessages, paymentMessages } from '#shared/messages';
import type { PaymentGrantResponse } from '#shared/payments';
import type { PaymentRow } from '../db/schema';
import { hmacSha256Hex, randomToken } from '../platform/crypto';
import { AppError } from '../platform/errors';
import { findOwnPayment } from './queries';
import { verifyCheckout, type PaymentDeps } from './service';
import { handleWebhook } from './webhook';

const TEST_PAYMENT_PREFIX = 'pay_test_';

export type TestOutcome = 'paid' | 'failed';

export type TestCompletion =
  | ({ status: 'paid' } & PaymentGrantResponse)
  | { status: 'failed'; orderId: string; paymentId: string; message: string };

/**
 * Completes a test-mode order as Razorpay would (docs/decisions/0010): a payment id, a checkout
 * signature made with the key secret and checked by verifyCheckout, then the matching webhook
 * signed with the webhook secret and handled by handleWebhook. No shortcut around either check.
 */
export async function completeTestOrder(
  deps: PaymentDeps,
  userId: string,
  orderId: string,
  outcome: TestOutcome,
): Promise<TestCompletion> {
  if (deps.config.mode !== 'test') throw new AppError('not_found', generalMessages.notFound);
  const order = await findOwnPayment(deps.db, orderId, userId);
  if (!order || order.mode !== 'test') throw new AppError('not_found', paymentMessages.orderNotFound);
  const paymentId = `${TEST_PAYMENT_PREFIX}${randomToken(12)}`;

  if (outcome === 'failed') {
    await deliverTestWebhook(deps, 'payment.failed', order, paymentId, paymentMessages.processingFailed);
    return { status: 'failed', orderId, paymentId, message: paymentMessages.processingFailed };
  }
  const signature = await hmacSha256Hex(deps.config.keySecret, `${order.orderId}|${paymentId}`);
  const granted = await verifyCheckout(deps, userId, { orderId: order.orderId, paymentId, signature });
  await deliverTestWebhook(deps, 'order.paid', order, paymentId);
  return { status: 'paid', ...granted };
}

async function deliverTestWebhook(
  deps: PaymentDeps,
  event: 'order.paid' | 'payment.failed',
  order: PaymentRow,
  paymentId: string,
  errorDescription?: string,
): Promise<void> {
  const body = JSON.stringify(testEventBody(event, order, paymentId, errorDescription));
  const rawBody = new TextEncoder().encode(body);
  const signature = await hmacSha256Hex(deps.config.webhookSecret, rawBody);
  await handleWebhook(deps, { rawBody, signature, eventId: `evt_test_${randomToken(12)}` });
}

/** The shape of Razorpay's own events, as far as Parti reads them. */
export function testEventBody(
  event: 'order.paid' | 'payment.captured' | 'payment.failed',
  order: Pick<PaymentRow, 'orderId' | 'amount' | 'currency'>,
  paymentId: string,
  errorDescription?: string,
): Record<string, unknown> {
  const failed = event === 'payment.failed';
  const payment = {
    id: paymentId,
    entity: 'payment',
    amount: order.amount,
    currency: order.currency,
    status: failed ? 'failed' : 'captured',
    order_id: order.orderId,
    captured: !failed,
    error_description: failed ? (errorDescription ?? null) : null,
  };
  const payload: Record<string, unknown> = { payment: { entity: payment } };
  if (event === 'order.paid') {
    payload.order = {
      entity: { id: order.orderId, entity: 'order', amount: order.amount, amount_paid: order.amount, amount_due: 0, currency: order.currency, status: 'paid' },
    };
  }
  return {
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: Object.keys(payload),
    payload,
    created_at: Math.floor(Date.now() / 1000),
  };
}
