/**
 * The payment flow (docs/decisions/0009, 0010): orders made on the server, grants only after a
 * signature check, one grant per payment whichever of checkout verification and webhook comes
 * first. Test mode runs the very same checks with locally made signatures.
 */
import type { Database } from '../db/client';
import { findOpenOrder, findOwnPayment, findPayment, grantPayment, hasPaymentEvent, insertPayment, recordPaymentEvent, recordPaymentFailure } from './queries';
import type { PaymentRow } from '../db/schema';
import { generalMessages, paymentMessages } from '#shared/messages';
import {
  CURRENCY,
  priceInPaise,
  type PaymentGrantResponse,
  type PaymentOrderResponse,
} from '#shared/payments';
import { hmacSha256Hex, randomToken, sha256Hex, verifyHmacSha256Hex } from '../platform/crypto';
import { AppError } from '../platform/errors';
import { ORDER_REUSE_SECONDS } from '../platform/limits';
import { notifyProfile } from '../platform/notify';
import type { PaymentsConfig } from './config';
import { createRazorpayOrder, RazorpayError } from './razorpay';

export interface PaymentDeps {
  db: Database;
  env: Env;
  config: PaymentsConfig;
}

const TEST_ORDER_PREFIX = 'order_test_';
const TEST_PAYMENT_PREFIX = 'pay_test_';

// ---------- orders ----------

/** Creates the order for `credits` credits at the server's price and records it. */
export async function createOrder(deps: PaymentDeps, userId: string, credits: number): Promise<PaymentOrderResponse> {
  const mode = deps.config.mode;
  if (mode === 'unavailable') throw new AppError('payments_unavailable', paymentMessages.unavailable);
  const amount = priceInPaise(credits);
  // A second click (or a reload) of the same purchase reuses the open order instead of piling up new ones.
  const since = Date.now() - ORDER_REUSE_SECONDS * 1000;
  const open = await findOpenOrder(deps.db, { userId, credits, mode, since });
  if (open && open.amount === amount) {
    return { orderId: open.orderId, amount, currency: CURRENCY, keyId: deps.config.keyId, mode, credits };
  }
  const orderId = mode === 'live' ? await createLiveOrder(deps.config, userId, credits, amount) : `${TEST_ORDER_PREFIX}${randomToken(12)}`;
  await insertPayment(deps.db, { orderId, userId, credits, amount, currency: CURRENCY, mode });
  return { orderId, amount, currency: CURRENCY, keyId: deps.config.keyId, mode, credits };
}

async function createLiveOrder(config: PaymentsConfig, userId: string, credits: number, amount: number): Promise<string> {
  try {
    const order = await createRazorpayOrder(config, {
      amount,
      // Razorpay allows at most 40 characters.
      receipt: `parti_${randomToken(15)}`,
      notes: { userId, credits: String(credits) },
    });
    return order.id;
  } catch (error) {
    if (!(error instanceof RazorpayError)) throw error;
    console.error('Razorpay order creation failed', error.message);
    throw new AppError('upstream_failed', paymentMessages.initiateFailed);
  }
}

// ---------- checkout verification ----------

/**
 * An HMAC with an empty key is one anybody can make: a missing secret must refuse every
 * signature instead of accepting forgeries.
 */
async function verifySignature(secret: string, message: string | Uint8Array, signature: string): Promise<boolean> {
  if (!secret) {
    console.error('A Razorpay secret is not configured: every payment signature is refused.');
    return false;
  }
  return verifyHmacSha256Hex(secret, message, signature);
}

export interface CheckoutProof {
  orderId: string;
  paymentId: string;
  signature: string;
}

/**
 * Checks checkout's signature — hex HMAC-SHA256(key secret, order_id|payment_id), in constant
 * time — against the caller's own order stored here, then grants. Nothing the browser says
 * about credits or amount is read: both come from the stored order.
 */
export async function verifyCheckout(deps: PaymentDeps, userId: string, proof: CheckoutProof): Promise<PaymentGrantResponse> {
  const order = await findOwnPayment(deps.db, proof.orderId, userId);
  // An order made in the other mode (a test order after live keys were set) cannot be paid.
  if (!order || order.mode !== deps.config.mode) throw new AppError('not_found', paymentMessages.orderNotFound);
  const valid = await verifySignature(deps.config.keySecret, `${order.orderId}|${proof.paymentId}`, proof.signature);
  if (!valid) throw new AppError('invalid_signature', paymentMessages.invalidSignature, { field: 'razorpay_signature' });
  return grant(deps, order, proof.paymentId);
}

async function grant(deps: PaymentDeps, order: PaymentRow, paymentId: string): Promise<PaymentGrantResponse> {
  const result = await grantPayment(deps.db, { orderId: order.orderId, paymentId });
  if (!result.profile || !result.order) throw new AppError('not_found', paymentMessages.userNotFound);
  if (result.granted) await notify(deps.env, order.userId, result.profile);
  const paidByThis = result.order.status === 'paid' && result.order.paymentId === paymentId;
  return {
    credits: result.profile.credits,
    plan: result.profile.plan,
    added: paidByThis ? order.credits : 0,
    granted: result.granted,
    orderId: order.orderId,
    paymentId,
  };
}

async function notify(env: Env, userId: string, profile: Parameters<typeof notifyProfile>[2]): Promise<void> {
  try {
    await notifyProfile(env, userId, profile);
  } catch (error) {
    // The grant has landed; a missed live update is repaired by the next profile read.
    console.error('notifyProfile failed', error);
  }
}

// ---------- webhook ----------

interface PaymentEntity {
  id?: string;
  order_id?: string | null;
  amount?: number;
  currency?: string;
  status?: string;
  error_description?: string | null;
}

interface OrderEntity {
  id?: string;
  amount?: number;
  amount_paid?: number;
  currency?: string;
}

export interface RazorpayEvent {
  event?: string;
  payload?: { payment?: { entity?: PaymentEntity }; order?: { entity?: OrderEntity } };
}

export interface WebhookDelivery {
  rawBody: Uint8Array;
  signature: string;
  eventId: string | undefined;
}

export type WebhookOutcome = 'granted' | 'already_handled' | 'failure_recorded' | 'ignored';

/**
 * Handles one delivery of a Razorpay webhook. The signature is checked over the raw bytes
 * (never re-serialised JSON). Deliveries come at least once and in any order, so every branch
 * is idempotent: the event id is recorded after handling, and the grant itself is one-shot.
 */
export async function handleWebhook(deps: PaymentDeps, delivery: WebhookDelivery): Promise<WebhookOutcome> {
  const valid = await verifySignature(deps.config.webhookSecret, delivery.rawBody, delivery.signature);
  if (!valid) throw new AppError('invalid_signature', paymentMessages.invalidSignature);
  const eventId = delivery.eventId || `body_${await sha256Hex(new TextDecoder().decode(delivery.rawBody))}`;
  if (await hasPaymentEvent(deps.db, eventId)) return 'already_handled';

  const event = parseEvent(delivery.rawBody);
  const payment = event.payload?.payment?.entity;
  const orderId = event.payload?.order?.entity?.id ?? payment?.order_id ?? null;
  const paymentId = payment?.id ?? null;
  const outcome = await applyEvent(deps, event.event ?? '', orderId, paymentId, payment);
  await recordPaymentEvent(deps.db, { eventId, event: event.event ?? 'unknown', orderId, paymentId });
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

async function applyEvent(
  deps: PaymentDeps,
  event: string,
  orderId: string | null,
  paymentId: string | null,
  payment: PaymentEntity | undefined,
): Promise<WebhookOutcome> {
  if (!orderId || !paymentId) return 'ignored';
  if (event === 'payment.captured' || event === 'order.paid') {
    const order = await findPayment(deps.db, orderId);
    // An order we never made is recorded (by the caller) and granted to nobody; so is one made
    // in the other mode (a test order reaching a live Worker), as verifyCheckout refuses it.
    if (!order || order.mode !== deps.config.mode) return 'ignored';
    if (payment?.amount !== undefined && (payment.amount !== order.amount || payment.currency !== order.currency)) {
      console.error('Razorpay payment amount does not match the order', { orderId, paymentId });
      return 'ignored';
    }
    const result = await grant(deps, order, paymentId);
    return result.granted ? 'granted' : 'already_handled';
  }
  if (event === 'payment.failed') {
    const reason = payment?.error_description || paymentMessages.paymentFailedDefault;
    return (await recordPaymentFailure(deps.db, { orderId, reason })) ? 'failure_recorded' : 'ignored';
  }
  return 'ignored';
}

// ---------- test mode ----------

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
