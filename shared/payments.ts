/**
 * Pricing and payments (docs/decisions/0009-razorpay-server-side-orders.md): the numbers, checks
 * and shapes both the Worker and the pricing page use. The texts live in messages.ts
 * (paymentMessages).
 */
import { CREDIT_PRICE_INR, MAX_CREDITS_PER_PURCHASE, MIN_CREDITS_PER_PURCHASE } from './limits';
import { paymentMessages } from './messages';
import type { Plan } from './plans';

export const CURRENCY = 'INR';
export const PAISE_PER_RUPEE = 100;

const indianNumber = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** Indian digit grouping: 69900 → "69,900", 1234567 → "12,34,567". */
export function formatInr(value: number): string {
  return indianNumber.format(value);
}

export function priceInRupees(credits: number): number {
  return credits * CREDIT_PRICE_INR;
}

export function priceInPaise(credits: number): number {
  return priceInRupees(credits) * PAISE_PER_RUPEE;
}

export function isValidCreditCount(credits: unknown): credits is number {
  return (
    typeof credits === 'number' &&
    Number.isInteger(credits) &&
    credits >= MIN_CREDITS_PER_PURCHASE &&
    credits <= MAX_CREDITS_PER_PURCHASE
  );
}

export type PurchaseCheck =
  | { ok: true; credits: number; amountRupees: number }
  | { ok: false; field: 'credits' | 'amount'; message: string };

/**
 * The documents' two checks of a purchase: credits 1–100, and the amount the browser shows
 * equal to credits × 699. The server computes the amount it charges anyway; the cross-check
 * catches a page that shows the wrong price.
 */
export function checkPurchase(credits: unknown, amount: unknown): PurchaseCheck {
  if (!isValidCreditCount(credits)) return { ok: false, field: 'credits', message: paymentMessages.invalidCredits };
  const expected = priceInRupees(credits);
  if (amount !== expected) {
    const shown = typeof amount === 'number' && Number.isFinite(amount) ? formatInr(amount) : String(amount);
    return { ok: false, field: 'amount', message: paymentMessages.invalidAmount(formatInr(expected), credits, shown) };
  }
  return { ok: true, credits, amountRupees: expected };
}

/** `unavailable`: no Razorpay keys and test mode not switched on (a deployment missing its keys). */
export type PaymentsMode = 'live' | 'test' | 'unavailable';

/** 200 answer of POST /api/payments/orders. `amount` is in paise, as checkout.js wants it. */
export interface PaymentOrderResponse {
  orderId: string;
  amount: number;
  currency: typeof CURRENCY;
  /** The public Razorpay key id; empty in test mode. */
  keyId: string;
  mode: Exclude<PaymentsMode, 'unavailable'>;
  credits: number;
}

/** 200 answer of POST /api/payments/verify and /api/payments/test/complete. */
export interface PaymentGrantResponse {
  /** The balance and plan after the payment. */
  credits: number;
  plan: Plan;
  /** Credits this payment added (also when an earlier call or the webhook granted them). */
  added: number;
  /** True only when this very call granted the credits; false for a replay or a race lost. */
  granted: boolean;
  orderId: string;
  paymentId: string;
}

/** Body of POST /api/payments/verify: what checkout.js hands its success handler. */
export interface CheckoutSuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}
