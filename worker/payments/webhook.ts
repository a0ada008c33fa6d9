/**
 * Razorpay's webhook (docs/decisions/0009, 0092): a capture grants, a failure is noted on an open
 * order, a processed refund takes its credits back. Wire format: Razorpay's event envelope
 * `{entity: 'event', event, contains, payload: {payment: {entity}, order?: {entity}, refund?:
 * {entity}}, created_at}`, the signature an HMAC of the raw body.
 */
import { generalMessages, paymentMessages } from '#shared/messages';
import { sha256Hex } from '../platform/crypto';
import { AppError } from '../platform/errors';
import type { PaymentRow } from '../db/schema';
import { findPayment, hasPaymentEvent, payerOf, recordPaymentEvent, recordPaymentFailure } from './queries';
import { applyRefund } from './refunds';
import { grant, notify, verifySignature, type PaymentDeps } from './service';

interface PaymentEntity {
  id?: string;
  order_id?: string | null;
  amount?: number;
  currency?: string;
  status?: string;
  /** False for a payment that was only authorised: Razorpay refunds those on its own. */
  captured?: boolean;
  error_description?: string | null;
}

interface OrderEntity {
  id?: string;
  amount?: number;
  amount_paid?: number;
  currency?: string;
}

/** `refund.created`, `refund.processed`, … carry it: the money goes back once its status is `processed`. */
interface RefundEntity {
  id?: string;
  payment_id?: string;
  amount?: number;
  currency?: string;
  status?: string;
  /** Unix seconds. */
  created_at?: number;
}

interface RazorpayEvent {
  event?: string;
  payload?: { payment?: { entity?: PaymentEntity }; order?: { entity?: OrderEntity }; refund?: { entity?: RefundEntity } };
}

export interface WebhookDelivery {
  rawBody: Uint8Array;
  signature: string;
  eventId: string | undefined;
}

export type WebhookOutcome = 'granted' | 'refunded' | 'already_handled' | 'failure_recorded' | 'ignored';

/**
 * Handles one delivery of a Razorpay webhook. The signature is checked over the raw bytes
 * (never re-serialised JSON). Deliveries come at least once and in any order, so every branch
 * is idempotent: the event id is recorded after handling, and grants and refunds are one-shot.
 */
export async function handleWebhook(deps: PaymentDeps, delivery: WebhookDelivery): Promise<WebhookOutcome> {
  const valid = await verifySignature(deps.config.webhookSecret, delivery.rawBody, delivery.signature);
  if (!valid) throw new AppError('invalid_signature', paymentMessages.invalidSignature);
  const eventId = delivery.eventId || `body_${await sha256Hex(new TextDecoder().decode(delivery.rawBody))}`;
  if (await hasPaymentEvent(deps.db, eventId)) return 'already_handled';

  const event = parseEvent(delivery.rawBody);
  const payment = event.payload?.payment?.entity;
  const refund = event.payload?.refund?.entity;
  const orderId = event.payload?.order?.entity?.id ?? payment?.order_id ?? null;
  const paymentId = payment?.id ?? refund?.payment_id ?? null;
  const name = event.event ?? '';
  const outcome =
    orderId && paymentId
      ? name.startsWith('refund.')
        ? await applyRefundEvent(deps, orderId, paymentId, payment, refund)
        : await applyPaymentEvent(deps, name, orderId, paymentId, payment)
      : 'ignored';
  await recordPaymentEvent(deps.db, { eventId, event: name || 'unknown', orderId, paymentId });
  return outcome;
}

function parseEvent(rawBody: Uint8Array): RazorpayEvent {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(rawBody));
    if (parsed && typeof parsed === 'object') return parsed;
  } catch {
    // fall through
  }
  throw new AppError('invalid_request', generalMessages.invalidRequest);
}

/**
 * The order an event may act on: one we made, in this Worker's mode (a test order reaching a
 * live Worker is refused, as verifyCheckout refuses it), paid in its own amount and currency.
 */
async function orderFor(deps: PaymentDeps, orderId: string, paymentId: string, payment: PaymentEntity | undefined): Promise<PaymentRow | null> {
  const order = await findPayment(deps.db, orderId);
  if (!order || order.mode !== deps.config.mode) return null;
  if (payment?.amount !== undefined && (payment.amount !== order.amount || payment.currency !== order.currency)) {
    console.error('Razorpay payment amount does not match the order', { orderId, paymentId });
    return null;
  }
  return order;
}

async function applyPaymentEvent(
  deps: PaymentDeps,
  event: string,
  orderId: string,
  paymentId: string,
  payment: PaymentEntity | undefined,
): Promise<WebhookOutcome> {
  if (event === 'payment.captured' || event === 'order.paid') {
    // An order we never made is recorded (by the caller) and granted to nobody.
    const order = await orderFor(deps, orderId, paymentId, payment);
    if (!order) return 'ignored';
    const result = await grant(deps, order, paymentId);
    return result.granted ? 'granted' : 'already_handled';
  }
  if (event === 'payment.failed') {
    const reason = payment?.error_description || paymentMessages.paymentFailedDefault;
    return (await recordPaymentFailure(deps.db, { orderId, reason })) ? 'failure_recorded' : 'ignored';
  }
  return 'ignored';
}

/**
 * A refund whose status is `processed` (refund.processed, or a refund.created that was processed
 * at once) takes its credits back. An automatic refund of a payment that was never captured
 * granted nothing and takes nothing. A refund may overtake its payment's capture (webhooks come in
 * any order): it proves the capture, so the payment is granted first, then refunded.
 */
async function applyRefundEvent(
  deps: PaymentDeps,
  orderId: string,
  paymentId: string,
  payment: PaymentEntity | undefined,
  refund: RefundEntity | undefined,
): Promise<WebhookOutcome> {
  if (!refund?.id || refund.status !== 'processed' || payment?.captured === false) return 'ignored';
  if (typeof refund.amount !== 'number' || !Number.isSafeInteger(refund.amount) || refund.amount <= 0) return 'ignored';
  const order = await orderFor(deps, orderId, paymentId, payment);
  if (!order || refund.currency !== order.currency) return 'ignored';
  // Another payment paid this order: the refunded one never granted anything.
  if (order.status === 'paid' && order.paymentId !== paymentId) return 'ignored';
  if (order.status !== 'paid') await grant(deps, order, paymentId);
  const refundedAt = typeof refund.created_at === 'number' ? refund.created_at * 1000 : Date.now();
  const result = await applyRefund(deps.db, { refundId: refund.id, orderId, paymentId, amount: refund.amount, refundedAt });
  if (result.applied && result.profile) await notify(deps.env, payerOf(order), result.profile);
  if (result.applied) return 'refunded';
  return result.refund ? 'already_handled' : 'ignored';
}
