/**
 * The caller's credit ledger, newest first, each row with the balance right after it
 * (docs/decisions/0060-credit-ledger-read.md). The running balance is counted back from the
 * balance itself, so the newest row always shows what the studio shows.
 */
import { LEDGER_PAGE_SIZE } from '../platform/limits';
import { GENERATION_FAILURE_REASONS, type GenerationFailureReason } from '#shared/generation-types';
import type { GenerationOutcome, LedgerItem, LedgerPage, RefundCause } from '#shared/credit-types';
import type { Database } from '../db/client';
import { decodeCursor, encodeCursor, isRecord, isSafeInteger } from '../platform/cursor';
import { requireAction, type Space } from '../platform/space';
import { readLedger, type LedgerPosition, type LedgerRow } from './queries';

function isLedgerPosition(value: unknown): value is LedgerPosition {
  return isRecord(value) && isSafeInteger(value.createdAt) && isSafeInteger(value.id);
}

function isFailureReason(value: string | null): value is GenerationFailureReason {
  return (GENERATION_FAILURE_REASONS as readonly (string | null)[]).includes(value);
}

/**
 * Why a refund happened: the job's recorded failure, 'cancelled' for a job cancelled before it
 * began (it records none), else the reason the refund row itself kept in its note.
 */
function refundCause(row: LedgerRow): RefundCause | undefined {
  if (row.reason !== 'refund') return undefined;
  if (row.failureReason) return row.failureReason;
  if (row.jobState === 'cancelled') return 'cancelled';
  return isFailureReason(row.note) ? row.note : undefined;
}

/** What became of a charged generation; a charge older than generation jobs only knows whether it exists. */
function generationOutcome(row: LedgerRow): GenerationOutcome | undefined {
  if (row.reason !== 'generation') return undefined;
  if (row.jobStatus === 'pending') return 'running';
  if (row.jobStatus === 'failed') return 'refunded';
  if (row.generationPrompt !== null) return 'delivered';
  return row.jobStatus === 'done' ? 'deleted' : undefined;
}

function toLedgerItem(row: LedgerRow, balanceAfter: number, inWorkspace: boolean): LedgerItem {
  const failureReason = refundCause(row);
  const outcome = generationOutcome(row);
  return {
    id: row.id,
    delta: row.delta,
    reason: row.reason,
    balanceAfter,
    ...(row.generationId === null ? {} : { generationId: row.generationId }),
    ...(row.generationPrompt === null ? {} : { generationPrompt: row.generationPrompt }),
    ...(outcome === undefined ? {} : { generationOutcome: outcome }),
    ...(row.paymentId === null ? {} : { paymentId: row.paymentId }),
    ...(failureReason === undefined ? {} : { failureReason }),
    ...(row.refundAmount === null ? {} : { refundedAmount: row.refundAmount, creditsAlreadySpent: row.refundCreditsSpent ?? 0 }),
    ...(row.note === null ? {} : { note: row.note }),
    ...(inWorkspace ? { member: { id: row.userId, email: row.userEmail } } : {}),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * One page of the ledger of the caller's space — their own balance's, or (owners and admins) a
 * workspace pool's, each row naming its member; a damaged or forged cursor is a 400 naming `cursor`.
 */
export async function ledgerPage(db: Database, space: Space, cursor: string | undefined): Promise<LedgerPage> {
  requireAction(space, 'viewSpend');
  const after = cursor ? decodeCursor(cursor, isLedgerPosition) : null;
  const { credits, earlierPagesTotal, rows } = await readLedger(db, space, after, LEDGER_PAGE_SIZE + 1);
  const page = rows.slice(0, LEDGER_PAGE_SIZE);
  let balance = credits - earlierPagesTotal;
  const items = page.map((row) => {
    const item = toLedgerItem(row, balance, space.kind === 'workspace');
    balance -= row.delta;
    return item;
  });
  const last = page.at(-1);
  const nextCursor =
    rows.length > LEDGER_PAGE_SIZE && last ? encodeCursor({ createdAt: last.createdAt, id: last.id } satisfies LedgerPosition) : null;
  return { items, nextCursor };
}
