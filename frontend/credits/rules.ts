/** How a ledger row reads on the Credits page: pure rules, tested without a DOM. */
import type { LedgerItem } from '../api/credits';
import type { RefundCause } from '#shared/credit-types';
import { studioMessages } from '#shared/messages/studio';
import { formatPaise } from '#shared/payments';
import { paths } from '../app/routing';
import { creditsMessages } from './copy';

/** A signed count: '+5', '−2' (a true minus sign, as typeset figures have), '0'. */
export function formatDelta(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `\u2212${Math.abs(delta)}`;
  return '0';
}

/** Colour of a row: credits in, credits out, or a refund (called out on its own). */
export type LedgerTone = 'gain' | 'spend' | 'refund';

export function ledgerTone(item: Pick<LedgerItem, 'reason' | 'delta'>): LedgerTone {
  if (item.reason === 'refund') return 'refund';
  return item.delta < 0 ? 'spend' : 'gain';
}

/** Why a refunded generation failed, in plain words. */
export function refundReason(cause: RefundCause | undefined): string {
  if (cause === undefined) return creditsMessages.noImage;
  if (cause === 'cancelled') return creditsMessages.cancelled;
  return studioMessages.failureReasons[cause];
}

export interface LedgerActivity {
  title: string;
  /** A sentence (or the prompt) under the title. */
  detail: string | null;
  /** The generation's prompt is shown quoted. */
  quoted: boolean;
  /** Where the row's generation can be seen. */
  link: { href: string; label: string } | null;
  /** A payment's id. */
  reference: string | null;
}

function generationActivity(item: LedgerItem): LedgerActivity {
  const base = { title: creditsMessages.reasons.generation, reference: null };
  const outcome = item.generationOutcome;
  if (item.generationPrompt !== undefined) {
    // The dashboard is where a delivered generation lives (there is no address for one generation).
    const link = outcome === 'running' ? null : { href: paths.dashboard, label: creditsMessages.outcome.delivered };
    return { ...base, detail: item.generationPrompt, quoted: true, link };
  }
  const detail = outcome === undefined || outcome === 'delivered' ? null : creditsMessages.outcome[outcome];
  return { ...base, detail, quoted: false, link: null };
}

/** A refunded purchase: how much went back, and whether some of its credits had been spent. */
function purchaseRefundDetail(item: LedgerItem): string | null {
  const parts = [
    item.refundedAmount === undefined ? null : creditsMessages.purchaseRefunded(formatPaise(item.refundedAmount)),
    item.creditsAlreadySpent ? creditsMessages.alreadySpent(item.creditsAlreadySpent) : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}

/** What a row was, in plain words, with what it belongs to. */
export function ledgerActivity(item: LedgerItem): LedgerActivity {
  const title = creditsMessages.reasons[item.reason];
  const none = { title, detail: null, quoted: false, link: null, reference: null };
  switch (item.reason) {
    case 'signup':
      return { ...none, detail: creditsMessages.signupDetail };
    case 'generation':
      return generationActivity(item);
    case 'refund':
      return { ...none, detail: `${refundReason(item.failureReason)} ${creditsMessages.refundedInFull}` };
    case 'purchase':
      return { ...none, reference: item.paymentId === undefined ? null : creditsMessages.payment(item.paymentId) };
    case 'purchase_refund':
      return {
        ...none,
        detail: purchaseRefundDetail(item),
        reference: item.paymentId === undefined ? null : creditsMessages.payment(item.paymentId),
      };
    case 'operator':
      return { ...none, detail: item.note ?? null };
  }
}

/** A row's date and time, as the reader's locale writes them ('23 Nov 2026', '14:05'). */
export function formatLedgerDate(iso: string, locale?: string, timeZone?: string): { date: string; time: string } {
  const at = new Date(iso);
  return {
    date: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(at),
    time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(at),
  };
}
