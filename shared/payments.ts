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

const indianNumberWithPaise = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Paise as the rupees people read: 838800 → "8,388", 34950 → "349.50" (the ₹ sign is the caller's). */
export function formatPaise(paise: number): string {
  const rupees = paise / PAISE_PER_RUPEE;
  return Number.isInteger(rupees) ? formatInr(rupees) : indianNumberWithPaise.format(rupees);
}

export function priceInRupees(credits: number): number {
  return credits * CREDIT_PRICE_INR;
}

export function priceInPaise(credits: number): number {
  return priceInRupees(credits) * PAISE_PER_RUPEE;
}

function isValidCreditCount(credits: unknown): credits is number {
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
  /** The workspace whose pool the credits are for (docs/decisions/0096-workspaces.md); absent for the buyer's own. */
  workspaceId?: string;
}

/** 200 answer of POST /api/payments/verify and /api/payments/test/complete. */
export interface PaymentGrantResponse {
  /** The balance and plan after the payment: the buyer's own, or the workspace pool's the order was for. */
  credits: number;
  plan: Plan;
  /** The workspace the credits went to; absent for the buyer's own balance. */
  workspaceId?: string;
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

/** Billing details as the buyer gave them (GET and PUT /api/payments/billing); null where none. */
export interface BillingDetails {
  /** The legal name to bill, as on a GST registration. */
  name: string | null;
  gstin: string | null;
  /** A two-digit GST state code (shared/gst.ts); the GSTIN's own state when a GSTIN is given. */
  stateCode: string | null;
  address: string | null;
}

/** Curly quotes, long dashes and the like become the plain ones a receipt's PDF font has. */
export function plainPunctuation(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201A\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\u00A0\u2000-\u200A\u202F]/g, ' ');
}

/**
 * Text a receipt can print: Latin-1's printable characters and line breaks, what the PDF's
 * standard fonts draw (docs/decisions/0092-receipts-and-refunds.md).
 */
export function isPrintableOnReceipt(text: string): boolean {
  return /^[\n\x20-\x7E\xA1-\xFF]*$/.test(text);
}

/** What a paid order has become: refunds are Razorpay's, taken from its webhook. */
export type PurchaseStatus = 'paid' | 'partially_refunded' | 'refunded';

/** One refund of a purchase. Amounts in paise. */
export interface PurchaseRefund {
  refundId: string;
  amount: number;
  /** Credits taken back from the balance. */
  creditsTaken: number;
  /** Credits the refund covered that had been spent already, so were not taken back. */
  creditsAlreadySpent: number;
  /** ISO 8601. */
  refundedAt: string;
}

/** A paid order as the Credits page lists it (GET /api/payments/purchases). Amounts in paise. */
export interface Purchase {
  orderId: string;
  paymentId: string;
  credits: number;
  amount: number;
  currency: typeof CURRENCY;
  mode: 'live' | 'test';
  status: PurchaseStatus;
  /** ISO 8601. */
  paidAt: string;
  refundedAmount: number;
  refunds: PurchaseRefund[];
  receipt: {
    /** The PDF, through a link signed for its owner (two hours). */
    url: string;
    /** Null until the receipt is issued (at the latest on the first download). */
    number: string | null;
  };
}

export interface PurchasesPage {
  items: Purchase[];
  nextCursor: string | null;
}

/**
 * 200 answer of POST /api/payments/orders/:orderId/cancel, sent when checkout closes without
 * success: `cancelled` (nothing was paid; a payment still on its way grants when it lands), or
 * too late: `paid` (granted, now or before), `processing` (the bank is still confirming), `expired`.
 */
export type CheckoutCancelResponse =
  | { outcome: 'cancelled' | 'processing' | 'expired'; orderId: string }
  | ({ outcome: 'paid' } & PaymentGrantResponse);
