/** GET /api/me/ledger: the caller's credit ledger, newest first (docs/decisions/0060-credit-ledger-read.md). */
import type { GenerationFailureReason } from './generation-types';

/**
 * What moved the balance: the `credit_ledger.reason` values (worker/db/schema.ts). `refund` gives a
 * failed generation's credits back; `purchase_refund` takes back credits whose payment Razorpay
 * refunded (docs/decisions/0092-receipts-and-refunds.md).
 */
export const LEDGER_REASONS = ['signup', 'generation', 'refund', 'purchase', 'operator', 'purchase_refund'] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** Why a refunded generation gave its credits back: its failure, or the user cancelled it before it began. */
export type RefundCause = GenerationFailureReason | 'cancelled';

/** What became of a charged generation: still working, delivered, delivered then deleted, or refunded. */
export type GenerationOutcome = 'running' | 'delivered' | 'deleted' | 'refunded';

export interface LedgerItem {
  id: number;
  /** Credits added (positive) or taken (negative). */
  delta: number;
  reason: LedgerReason;
  /** The balance right after this row; the newest row's equals the current balance. */
  balanceAfter: number;
  generationId?: string;
  /** The generation's prompt while the generation still exists (it may have been deleted). */
  generationPrompt?: string;
  paymentId?: string;
  /** Generation charges only. */
  generationOutcome?: GenerationOutcome;
  /** Refunds only: why the generation failed. */
  failureReason?: RefundCause;
  /** Purchase refunds only: the paise Razorpay refunded (`paymentId` is the refunded payment). */
  refundedAmount?: number;
  /** Purchase refunds only: credits the refund covered that had been spent, so were not taken back. */
  creditsAlreadySpent?: number;
  note?: string;
  /** In a workspace's ledger: the member who spent (or the owner who bought) (docs/decisions/0096-workspaces.md). */
  member?: { id: string; email: string };
  /** ISO 8601. */
  createdAt: string;
}

export interface LedgerPage {
  items: LedgerItem[];
  nextCursor: string | null;
}
