/** Reads of the credit ledger: a page of a user's rows and the balance they end at, from one snapshot. */
import { sql, type SQL } from 'drizzle-orm';
import type { LedgerReason } from '#shared/credit-types';
import type { GENERATION_JOB_STATUSES, GenerationFailureReason } from '#shared/generation-types';
import type { JobState } from '#shared/job-types';
import { d1Statement, type Database } from '../db/client';
import { balanceOf, inSpace, type SpaceRef } from '../platform/space';

/** Where a page ends: the ledger's order is (created_at, id), newest first. */
export interface LedgerPosition {
  createdAt: number;
  id: number;
}

export interface LedgerRow {
  id: number;
  delta: number;
  reason: LedgerReason;
  generationId: string | null;
  paymentId: string | null;
  note: string | null;
  createdAt: number;
  /** The generation's job: its money status, its state and, when it failed, why (a cancelled job has no reason). */
  jobStatus: (typeof GENERATION_JOB_STATUSES)[number] | null;
  jobState: JobState | null;
  failureReason: GenerationFailureReason | null;
  /** The generation's prompt, while the generation exists. */
  generationPrompt: string | null;
  /** A purchase refund's amount in paise, and the credits it covered that had been spent already. */
  refundAmount: number | null;
  refundCreditsSpent: number | null;
  /** The row's user: the member, in a workspace's ledger. */
  userId: string;
  userEmail: string;
}

export interface LedgerSnapshot {
  /** The user's balance now. */
  credits: number;
  /** The sum of the rows of the pages before this one (0 on the first page). */
  earlierPagesTotal: number;
  rows: LedgerRow[];
}

/** The rows already shown: the cursor's own row (the previous page's last) and everything newer. */
function shownBefore(position: LedgerPosition | null): SQL {
  if (!position) return sql`0`;
  return sql`(created_at > ${position.createdAt} or (created_at = ${position.createdAt} and id >= ${position.id}))`;
}

function olderThan(position: LedgerPosition | null): SQL {
  if (!position) return sql`1`;
  return sql`(ledger.created_at < ${position.createdAt} or (ledger.created_at = ${position.createdAt} and ledger.id < ${position.id}))`;
}

/**
 * The balance, the sum of the rows up to and including `after`, and up to `limit` rows older than it, in ONE
 * batch: D1 runs a batch as one transaction, so a charge landing meanwhile cannot make the running
 * balance disagree with the rows. The rows come from the (user_id, created_at) index, whose entries
 * end in the rowid (`id`), so the order needs no sort.
 */
export async function readLedger(
  db: Database,
  space: SpaceRef,
  after: LedgerPosition | null,
  limit: number,
): Promise<LedgerSnapshot> {
  const [balance, newer, page] = await db.$client.batch([
    d1Statement(db, sql`select ${balanceOf(space)} as credits`),
    d1Statement(db, sql`
      select coalesce(sum(delta), 0) as total from credit_ledger
      where ${inSpace(space)} and ${shownBefore(after)}`),
    d1Statement(db, sql`
      select ledger.id, ledger.delta, ledger.reason, ledger.generation_id as generationId,
             coalesce(ledger.payment_id, refund.payment_id) as paymentId, ledger.note, ledger.created_at as createdAt,
             job.status as jobStatus, job.state as jobState, job.failure_reason as failureReason,
             gen.prompt as generationPrompt,
             refund.amount as refundAmount, refund.credits_due - refund.credits_taken as refundCreditsSpent,
             ledger.user_id as userId, (select email from users where users.id = ledger.user_id) as userEmail
      from credit_ledger as ledger
      left join generation_jobs as job on job.id = ledger.generation_id and job.user_id = ledger.user_id
      left join generations as gen on gen.id = ledger.generation_id and gen.user_id = ledger.user_id
      left join payment_refunds as refund on refund.refund_id = ledger.refund_id and refund.user_id = ledger.user_id
      where ${inSpace(space, 'ledger')} and ${olderThan(after)}
      order by ledger.created_at desc, ledger.id desc
      limit ${limit}`),
  ]);
  return {
    credits: (balance?.results[0] as { credits: number } | undefined)?.credits ?? 0,
    earlierPagesTotal: (newer?.results[0] as { total: number } | undefined)?.total ?? 0,
    rows: (page?.results ?? []) as LedgerRow[],
  };
}
