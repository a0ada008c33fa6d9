/**
 * The payment flow (docs/decisions/0009, 0010, 0092): orders made on the server, grants only after
 * a signature check, one grant per payment whichever of checkout verification and webhook comes
 * first, the receipt issued with the grant and emailed once. Test mode runs the very same checks
 * with locally made signatures.
 */
import type { Database } from '../db/client';
import { EXPIRED_ORDER_REASON, findOpenOrder, findOwnPayment, grantPayment, insertPayment, payerOf } from './queries';
import type { PaymentRow } from '../db/schema';
import type { EmailSender } from '../email';
import { paymentMessages } from '#shared/messages';
import {
  CURRENCY,
  priceInPaise,
  type CheckoutCancelResponse,
  type PaymentGrantResponse,
  type PaymentOrderResponse,
} from '#shared/payments';
import { randomToken, verifyHmacSha256Hex } from '../platform/crypto';
import { AppError } from '../platform/errors';
import { ORDER_REUSE_SECONDS } from '../platform/limits';
import { notifyBalance } from '../platform/notify';
import { requireAction, type Space, type SpaceRef } from '../platform/space';
import type { PaymentsConfig, Supplier } from './config';
import { createRazorpayOrder, fetchOrderPayments, RazorpayError } from './razorpay';
import { receiptDraft, sendReceiptOnce } from './receipts';

export interface PaymentDeps {
  db: Database;
  env: Env;
  config: PaymentsConfig;
  /** Who receipts name as the seller. */
  supplier: Supplier;
  sendEmail: EmailSender;
  /** Runs a task after the answer has gone (ctx.waitUntil): the receipt email. */
  inBackground: (task: Promise<unknown>) => void;
}

const TEST_ORDER_PREFIX = 'order_test_';

// ---------- orders ----------

/**
 * Creates the order for `credits` credits at the server's price and records it: for the buyer's
 * own balance, or for their workspace's pool (its owner only; docs/decisions/0096-workspaces.md).
 */
export async function createOrder(deps: PaymentDeps, space: Space, credits: number): Promise<PaymentOrderResponse> {
  requireAction(space, 'buyCredits');
  const { userId, workspaceId } = space;
  const mode = deps.config.mode;
  if (mode === 'unavailable') throw new AppError('payments_unavailable', paymentMessages.unavailable);
  const amount = priceInPaise(credits);
  const forWorkspace = workspaceId === null ? {} : { workspaceId };
  // A second click (or a reload) of the same purchase reuses the open order instead of piling up new ones.
  const since = Date.now() - ORDER_REUSE_SECONDS * 1000;
  const open = await findOpenOrder(deps.db, { userId, workspaceId, credits, mode, since });
  if (open && open.amount === amount) {
    return { orderId: open.orderId, amount, currency: CURRENCY, keyId: deps.config.keyId, mode, credits, ...forWorkspace };
  }
  const orderId = mode === 'live' ? await createLiveOrder(deps.config, space, credits, amount) : `${TEST_ORDER_PREFIX}${randomToken(12)}`;
  await insertPayment(deps.db, { orderId, userId, workspaceId, credits, amount, currency: CURRENCY, mode });
  return { orderId, amount, currency: CURRENCY, keyId: deps.config.keyId, mode, credits, ...forWorkspace };
}

async function createLiveOrder(config: PaymentsConfig, space: SpaceRef, credits: number, amount: number): Promise<string> {
  try {
    const order = await createRazorpayOrder(config, {
      amount,
      // Razorpay allows at most 40 characters.
      receipt: `parti_${randomToken(15)}`,
      notes: { userId: space.userId, credits: String(credits), ...(space.workspaceId === null ? {} : { workspaceId: space.workspaceId }) },
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
export async function verifySignature(secret: string, message: string | Uint8Array, signature: string): Promise<boolean> {
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

/**
 * Grants `paymentId` for `order` (any number of times: once takes effect) with its receipt in the
 * same batch, and has the receipt emailed after the answer; the email's own claim sends it once.
 */
export async function grant(deps: PaymentDeps, order: PaymentRow, paymentId: string): Promise<PaymentGrantResponse> {
  const receipt = await receiptDraft(deps.db, deps.supplier, deps.env.APP_NAME, order, paymentId, Date.now());
  const result = await grantPayment(deps.db, { orderId: order.orderId, paymentId, receipt });
  if (!result.profile || !result.order) throw new AppError('not_found', paymentMessages.userNotFound);
  if (result.granted) await notify(deps.env, payerOf(order), result.profile);
  const paidByThis = result.order.status === 'paid' && result.order.paymentId === paymentId;
  if (paidByThis) deps.inBackground(sendReceiptOnce({ db: deps.db, sendEmail: deps.sendEmail, appName: deps.env.APP_NAME }, order.orderId));
  return {
    credits: result.profile.credits,
    plan: result.profile.plan,
    ...(order.workspaceId === null ? {} : { workspaceId: order.workspaceId }),
    added: paidByThis ? order.credits : 0,
    granted: result.granted,
    orderId: order.orderId,
    paymentId,
  };
}

/** Tells the tabs of whoever holds the balance: the buyer's own, or every member's on the workspace. */
export async function notify(env: Env, payer: SpaceRef, profile: Parameters<typeof notifyBalance>[2]): Promise<void> {
  try {
    await notifyBalance(env, payer, profile);
  } catch (error) {
    // The change has landed; a missed live update is repaired by the next profile read.
    console.error('notifyProfile failed', error);
  }
}

// ---------- a checkout closed without success ----------

/**
 * What became of an order whose checkout closed without a success (docs/decisions/0092). An
 * open order stays open: a payment still on its way (a UPI approval in another app) grants when it
 * lands. Too late to cancel: a paid order says so; in live mode Razorpay is asked first, and a
 * payment it has captured is granted at once (its answer comes over an authenticated call, as
 * good as a signature) or, while only authorised, reported as still being confirmed; an order the
 * housekeeping closed says it expired.
 */
export async function cancelCheckout(deps: PaymentDeps, userId: string, orderId: string): Promise<CheckoutCancelResponse> {
  const order = await findOwnPayment(deps.db, orderId, userId);
  if (!order || order.mode !== deps.config.mode) throw new AppError('not_found', paymentMessages.orderNotFound);
  if (order.status === 'paid' && order.paymentId) return { outcome: 'paid', ...(await grant(deps, order, order.paymentId)) };
  if (deps.config.mode === 'live') {
    const atRazorpay = await paymentsAtRazorpay(deps.config, order);
    const captured = atRazorpay.find((payment) => payment.status === 'captured');
    if (captured) return { outcome: 'paid', ...(await grant(deps, order, captured.id)) };
    if (atRazorpay.some((payment) => payment.status === 'authorized')) return { outcome: 'processing', orderId };
  }
  if (order.status === 'failed' && order.failureReason === EXPIRED_ORDER_REASON) return { outcome: 'expired', orderId };
  return { outcome: 'cancelled', orderId };
}

/** The order's payments at Razorpay for its exact amount; none when Razorpay cannot be asked (the webhook still grants). */
async function paymentsAtRazorpay(config: PaymentsConfig, order: PaymentRow) {
  try {
    const payments = await fetchOrderPayments(config, order.orderId);
    return payments.filter((payment) => payment.amount === order.amount && payment.currency === order.currency);
  } catch (error) {
    if (!(error instanceof RazorpayError)) throw error;
    console.error('Razorpay order payments could not be read', error.message);
    return [];
  }
}
