/** How purchases and billing details read on the Credits page (docs/decisions/0092): pure rules, tested without a DOM. */
import { gstinStateCode, isValidGstin, normaliseGstin } from '#shared/gst';
import { formatPaise } from '#shared/payments';
import type { Purchase } from '../api/credits';
import { creditsMessages } from './copy';
import { formatLedgerDate } from './rules';

const { purchases: copy } = creditsMessages;

/** A refund per line: how much went back and when, the credits taken back, and any that had been used. */
export function refundLines(purchase: Pick<Purchase, 'refunds'>, locale?: string, timeZone?: string): string[] {
  return purchase.refunds.map((refund) => {
    const line = copy.refund(formatPaise(refund.amount), formatLedgerDate(refund.refundedAt, locale, timeZone).date, refund.creditsTaken);
    return refund.creditsAlreadySpent > 0 ? `${line} ${copy.alreadySpent(refund.creditsAlreadySpent)}` : line;
  });
}

/** The rupees paid, as the pricing page writes prices: "₹8,388". */
export function amountPaid(purchase: Pick<Purchase, 'amount'>): string {
  return `₹${formatPaise(purchase.amount)}`;
}

export function statusLabel(purchase: Pick<Purchase, 'status'>): string {
  return copy.status[purchase.status];
}

/** The state a typed GSTIN fixes, once it is a whole valid one (spaces and case as people type them). */
export function stateFromGstin(typed: string): string | null {
  const gstin = normaliseGstin(typed);
  return isValidGstin(gstin) ? gstinStateCode(gstin) : null;
}
