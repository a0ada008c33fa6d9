import { useCallback, useEffect, useRef, useState } from 'react';
import { PRODUCT_NAME } from '#shared/messages/brand';
import { paymentMessages } from '#shared/messages/payments';
import { type CheckoutSuccess } from '#shared/payments';
import { CHECKOUT_THEME_COLOR, PAYMENT_SUCCESS_MS } from './razorpay';
import { ApiError, errorMessage } from '../api/client';
import {
  completeTestPayment,
  createPaymentOrder,
  reportCheckoutClosed,
  verifyPayment,
  type CheckoutClosed,
  type PaymentGrant,
  type PaymentOrder,
} from './api';
import { cachedWorkspaces } from '../auth/profile-link';
import { useAuth, useSessionProfile } from '../auth/store';
import { workspaceIn } from '../workspaces/session-space';
import { pricingMessages } from './copy';
import { loadCheckoutScript, razorpayConstructor } from './razorpay';

/** `closedLate`: checkout closed after it could still be cancelled; the message stays until dismissed. */
type PurchasePhase = 'idle' | 'processing' | 'succeeded' | 'errored' | 'closedLate';

export interface PurchaseState {
  phase: PurchasePhase;
  message: string | null;
  /** A second line under an error: the provider's own reason, when it gave one. */
  detail?: string;
}

const IDLE: PurchaseState = { phase: 'idle', message: null };

/**
 * A grant's balance and plan go to the profile's query — or, bought for a workspace, to its pool —
 * then the Worker's row of the profile is read back (the live channel may also have pushed it; a
 * pool's comes on the workspace's socket). The pricing page makes no query of its own, so the query
 * modules come now; while someone is signed in they are loaded already.
 */
async function takeGrant(userId: string, grant: Pick<PaymentGrant, 'credits' | 'plan' | 'workspaceId'>): Promise<void> {
  const [{ appQueryClient }, { applyBalance, reloadProfile }] = await Promise.all([import('../queries/client'), import('../queries/profile')]);
  applyBalance(appQueryClient(), userId, grant);
  if (!grant.workspaceId) await reloadProfile(appQueryClient(), userId);
}

/** What a payment that went through says: bought for a workspace, it names the pool, not the buyer's account. */
function successMessage(grant: Pick<PaymentGrant, 'added' | 'workspaceId'>): string {
  const userId = useAuth.getState().userId;
  const pool = grant.workspaceId && userId ? workspaceIn(cachedWorkspaces(userId), grant.workspaceId) : null;
  return pool ? pricingMessages.poolSuccess(grant.added, pool.name) : paymentMessages.success(grant.added);
}

/** Which messages a failed order call may show as they are; anything else is the generic text. */
function orderErrorMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 401)) return error.message;
  return paymentMessages.initiateFailed;
}

/** What a checkout closed too late says; null when it closed in time (nothing was paid). */
export function closedLateMessage(closed: CheckoutClosed): string | null {
  switch (closed.outcome) {
    case 'paid':
      return paymentMessages.closedAfterPayment(closed.added);
    case 'processing':
      return paymentMessages.closedWhileConfirming;
    case 'expired':
      return paymentMessages.closedAfterExpiry;
    case 'cancelled':
      return null;
  }
}

/**
 * The payment states (docs/decisions/0035): idle → processing → succeeded (5 s) | errored | dismissed
 * (back to idle, messages cleared). Live mode opens Razorpay's checkout; test mode hands the
 * order to the in-app test checkout dialog. A checkout closed without a success is reported to the
 * Worker, and one closed too late says so (docs/decisions/0092).
 */
export function usePurchase() {
  const [state, setState] = useState<PurchaseState>(IDLE);
  const profile = useSessionProfile();
  const [testOrder, setTestOrder] = useState<PaymentOrder | null>(null);
  const [testBusy, setTestBusy] = useState(false);
  const successTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The order whose checkout is open, until it succeeds, fails or closes. */
  const openOrder = useRef<PaymentOrder | null>(null);

  useEffect(() => () => clearTimeout(successTimer.current), []);

  const fail = useCallback((message: string, detail?: string) => {
    clearTimeout(successTimer.current);
    setTestOrder(null);
    setState({ phase: 'errored', message, ...(detail ? { detail } : {}) });
  }, []);

  const dismiss = useCallback(() => {
    clearTimeout(successTimer.current);
    setTestOrder(null);
    setState(IDLE);
  }, []);

  const takeProfile = useCallback((grant: Pick<PaymentGrant, 'credits' | 'plan' | 'workspaceId'>) => {
    const userId = useAuth.getState().userId;
    if (userId) void takeGrant(userId, grant);
  }, []);

  /**
   * Checkout closed without a success: back to idle at once, as the specification has it, then the
   * Worker's word on the order. Closed in time, nothing more is said; too late, the reason shows.
   */
  const closeCheckout = useCallback(async () => {
    const order = openOrder.current;
    openOrder.current = null;
    dismiss();
    if (!order) return;
    let closed: CheckoutClosed;
    try {
      closed = await reportCheckoutClosed(order.orderId);
    } catch {
      // No answer: the order stays open on the Worker and a late payment still grants.
      return;
    }
    if (closed.outcome === 'paid') takeProfile(closed);
    const message = closedLateMessage(closed);
    if (message) setState({ phase: 'closedLate', message });
  }, [dismiss, takeProfile]);

  const succeed = useCallback((grant: PaymentGrant) => {
    openOrder.current = null;
    takeProfile(grant);
    setTestOrder(null);
    setState({ phase: 'succeeded', message: successMessage(grant) });
    clearTimeout(successTimer.current);
    successTimer.current = setTimeout(() => setState(IDLE), PAYMENT_SUCCESS_MS);
  }, [takeProfile]);

  const confirmLive = useCallback(
    async (response: CheckoutSuccess) => {
      // Checkout succeeded: its closing is no cancel.
      openOrder.current = null;
      if (useAuth.getState().status !== 'signedIn') {
        fail(paymentMessages.userNotFound);
        return;
      }
      try {
        succeed(await verifyPayment(response));
      } catch (error) {
        const reason = errorMessage(error, paymentMessages.processingFailed);
        fail(paymentMessages.creditsNotAdded(reason, response.razorpay_payment_id));
      }
    },
    [fail, succeed],
  );

  const openLiveCheckout = useCallback(
    async (order: PaymentOrder, email: string) => {
      try {
        await loadCheckoutScript();
      } catch {
        fail(paymentMessages.scriptLoadFailed);
        return;
      }
      const Razorpay = razorpayConstructor();
      if (!Razorpay) {
        fail(paymentMessages.sdkMissing);
        return;
      }
      try {
        const checkout = new Razorpay({
          key: order.keyId,
          amount: order.amount,
          currency: order.currency,
          name: PRODUCT_NAME,
          description: `${order.credits} Credits Purchase`,
          order_id: order.orderId,
          prefill: { email },
          theme: { color: CHECKOUT_THEME_COLOR },
          handler: (response) => void confirmLive(response),
          modal: { ondismiss: () => void closeCheckout() },
        });
        checkout.on('payment.failed', (response) => {
          const description = response.error?.description;
          if (description) fail(paymentMessages.processingFailed, description);
          else fail(paymentMessages.paymentFailedDefault);
        });
        checkout.open();
      } catch {
        fail(paymentMessages.initiateFailed);
      }
    },
    [confirmLive, closeCheckout, fail],
  );

  const buy = useCallback(
    async (credits: number) => {
      if (useAuth.getState().status !== 'signedIn' || !profile) {
        fail(paymentMessages.loginToPay);
        return;
      }
      clearTimeout(successTimer.current);
      setState({ phase: 'processing', message: paymentMessages.processing });
      let order: PaymentOrder;
      try {
        order = await createPaymentOrder(credits);
      } catch (error) {
        fail(orderErrorMessage(error));
        return;
      }
      openOrder.current = order;
      if (order.mode === 'test') setTestOrder(order);
      else await openLiveCheckout(order, profile.email);
    },
    [fail, openLiveCheckout, profile],
  );

  const completeTest = useCallback(
    async (outcome: 'paid' | 'failed') => {
      if (!testOrder) return;
      setTestBusy(true);
      try {
        const result = await completeTestPayment(testOrder.orderId, outcome);
        if (result.status === 'paid') succeed(result);
        else {
          // The dialog closes on a declined test payment, as checkout would offer a retry instead.
          openOrder.current = null;
          fail(result.message, 'Test mode: the payment was declined on purpose.');
        }
      } catch (error) {
        fail(errorMessage(error, paymentMessages.paymentFailedDefault));
      } finally {
        setTestBusy(false);
      }
    },
    [fail, succeed, testOrder],
  );

  return { state, buy, dismiss, closeCheckout, testOrder, testBusy, completeTest };
}
