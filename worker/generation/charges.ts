/**
 * A generation's charge and its outcome. D1 has no interactive transactions, so each step is ONE
 * batch (one transaction): the job row, the ledger row and the balance change land together or
 * not at all, and every statement is conditional on the job's state, so a step that runs twice
 * (a retry, the sweeper racing a slow Worker) changes nothing the second time.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { GenerationFailureReason, StoredJobParams } from '#shared/generation-types';
import type { StoredJobView } from '#shared/job-types';
import { MAX_ACTIVE_JOBS_PER_USER } from '../platform/limits';
import { isUniqueViolation } from '../platform/errors';
import { d1Statement, type Database } from '../db/client';
import { creditLedger, generationJobs, generations, users } from '../db/schema';

const nowMs = sql<number>`cast(unixepoch('subsec') * 1000 as integer)`;

function ledgerRowExists(generationId: string | SQL, reason: 'generation' | 'refund'): SQL {
  return sql`exists (select 1 from ${creditLedger} as other where other.generation_id = ${generationId} and other.reason = ${reason})`;
}

function jobIs(generationId: string, status: 'pending' | 'done'): SQL {
  return sql`exists (select 1 from ${generationJobs} as job where job.id = ${generationId} and job.status = ${status})`;
}

function balanceOf(db: Database, userId: string) {
  return db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
}

export interface JobStart {
  userId: string;
  generationId: string;
  /** 0 for enterprise: the job is recorded, nothing is charged. */
  cost: number;
  /** The request as the job keeps it (absent only in tests of the money alone). */
  params?: StoredJobParams;
  idempotencyKey?: string | null;
  /** What the key was sent with (worker/platform/crypto.ts canonicalSha256Hex); kept beside it. */
  requestHash?: string | null;
}

/** The caller's queued and running jobs, counted inside the batch that opens another. */
function activeJobs(userId: string): SQL {
  return sql`(select count(*) from ${generationJobs} as active where active.user_id = ${userId} and active.state in ('queued', 'running'))`;
}

/** The job row, inserted only when `condition` holds; it records the balance after the charge. */
function insertJob(db: Database, job: JobStart, condition: SQL): D1PreparedStatement {
  const views: StoredJobView[] = Array.from({ length: job.params?.numberOfViews ?? 0 }, () => ({ status: 'waiting' }));
  return d1Statement(db, sql`
    insert into ${generationJobs} (id, user_id, status, cost, state, views, params, idempotency_key, request_hash, credits_left)
    select ${job.generationId}, ${job.userId}, 'pending', ${job.cost}, 'queued', ${JSON.stringify(views)},
           ${job.params ? JSON.stringify(job.params) : null}, ${job.idempotencyKey ?? null}, ${job.requestHash ?? null}, ${users.credits}
    from ${users} where ${users.id} = ${job.userId} and ${condition}`);
}

/**
 * Opens a generation job and takes its price in one batch. The ledger row is inserted only while
 * `credits >= cost` and the user has fewer than MAX_ACTIVE_JOBS_PER_USER unfinished jobs; the
 * balance moves and the `pending` job row appears only if that row now exists. The unique
 * (generation_id, reason) index means a generation is charged at most once; the unique
 * (user_id, idempotency_key) index rolls the whole batch back — charge included — when the key
 * was used already (the caller then finds that job). Enterprise pays nothing: its job row is
 * inserted under the same fair-share condition. Returns the balance after the charge, or null
 * when the balance was too low or the user at the limit (nothing changed).
 */
export async function startGenerationJob(db: Database, job: JobStart): Promise<number | null> {
  const { userId, generationId, cost } = job;
  const underLimit = sql`${activeJobs(userId)} < ${MAX_ACTIVE_JOBS_PER_USER}`;
  const balance = d1Statement(db, sql`select credits from ${users} where id = ${userId}`);
  if (cost === 0) {
    const [inserted, row] = await db.$client.batch<{ credits: number }>([insertJob(db, job, underLimit), balance]);
    return inserted?.meta.changes === 1 ? (row?.results[0]?.credits ?? 0) : null;
  }
  const [inserted, , , row] = await db.$client.batch<{ credits: number }>([
    d1Statement(db, sql`
      insert into ${creditLedger} (user_id, delta, reason, generation_id)
      select ${userId}, ${-cost}, 'generation', ${generationId} from ${users}
      where ${users.id} = ${userId} and ${users.credits} >= ${cost} and ${underLimit}`),
    d1Statement(db, sql`
      update ${users} set credits = credits - ${cost}
      where id = ${userId} and ${ledgerRowExists(generationId, 'generation')}`),
    insertJob(db, job, ledgerRowExists(generationId, 'generation')),
    balance,
  ]);
  return inserted?.meta.changes === 1 ? (row?.results[0]?.credits ?? 0) : null;
}

export type NewGeneration = typeof generations.$inferInsert;

/**
 * Saves a generation and closes its job as delivered, in one batch. The job moves from `pending`
 * to `done` first, and the row is inserted only if that happened here: a job the sweeper already
 * refunded never becomes a generation. Returns whether the generation was saved by this call.
 */
export async function finishGenerationJob(
  db: Database,
  row: NewGeneration & { id: string },
  /** Statements that belong to the same saving (placing it in its project), run after the insert. */
  after: D1PreparedStatement[] = [],
): Promise<boolean> {
  const columns = (Object.keys(row) as (keyof NewGeneration)[]).filter((column) => row[column] !== undefined);
  const values = columns.map((column) => {
    const value = row[column];
    return typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
  });
  const names = columns.map((column) => sql.identifier(generations[column].name));
  const [closed] = await db.$client.batch([
    d1Statement(db, sql`
      update ${generationJobs} set status = 'done', state = 'done', finished_at = ${nowMs}
      where id = ${row.id} and status = 'pending'`),
    d1Statement(db, sql`
      insert into ${generations} (${sql.join(names, sql`, `)})
      select ${sql.join(values.map((value) => sql`${value ?? null}`), sql`, `)}
      where ${jobIs(row.id, 'done')}
        and not exists (select 1 from ${generations} where id = ${row.id})`),
    ...after,
  ]);
  return closed?.meta.changes === 1;
}

export interface JobFailure {
  userId: string;
  generationId: string;
  reason: GenerationFailureReason;
}

export interface JobFailed {
  /** True when this call closed the job (and returned its credits, if any were taken). */
  closed: boolean;
  refunded: number;
  balance: number;
}

/**
 * Closes a pending job as failed and returns its whole charge, in one batch: the refund row is
 * inserted only while the job is pending and was charged, the balance moves only if that row
 * now exists, and the job leaves `pending` last. A second call finds the job closed and changes
 * nothing; the unique (generation_id, reason) index rolls back any second refund regardless.
 */
export async function failGenerationJob(db: Database, failure: JobFailure): Promise<JobFailed> {
  return closeWithRefund(db, failure, { state: 'failed', onlyQueued: false });
}

/**
 * Cancels a job no view of which has started (state `queued`): the same batch as a failure,
 * conditional on that state as well, so a job the Workflow has begun cannot be cancelled and a
 * cancelled job can no longer begin. `closed` false means it was not queued (any more).
 */
export async function cancelGenerationJob(db: Database, job: { userId: string; generationId: string }): Promise<JobFailed> {
  return closeWithRefund(db, { ...job, reason: 'interrupted' }, { state: 'cancelled', onlyQueued: true });
}

async function closeWithRefund(
  db: Database,
  failure: JobFailure,
  how: { state: 'failed' | 'cancelled'; onlyQueued: boolean },
): Promise<JobFailed> {
  const { userId, generationId, reason } = failure;
  const open = how.onlyQueued ? sql`job.status = 'pending' and job.state = 'queued'` : sql`job.status = 'pending'`;
  const jobOpen = sql`exists (select 1 from ${generationJobs} as job where job.id = ${generationId} and job.user_id = ${userId} and ${open})`;
  const cost = sql`(select cost from ${generationJobs} where id = ${generationId})`;
  const failureReason = how.state === 'cancelled' ? null : reason;
  try {
    const [refund, , closed, balance, refundRow] = await db.$client.batch<{ credits?: number; delta?: number }>([
      d1Statement(db, sql`
        insert into ${creditLedger} (user_id, delta, reason, generation_id, note)
        select job.user_id, job.cost, 'refund', job.id, ${reason} from ${generationJobs} as job
        where job.id = ${generationId} and job.user_id = ${userId} and ${open} and job.cost > 0
          and ${ledgerRowExists(generationId, 'generation')}`),
      d1Statement(db, sql`
        update ${users} set credits = credits + ${cost}
        where id = ${userId} and ${jobOpen} and ${ledgerRowExists(generationId, 'refund')}`),
      d1Statement(db, sql`
        update ${generationJobs} as job
        set status = 'failed', state = ${how.state}, failure_reason = ${failureReason}, finished_at = ${nowMs},
            credits_left = (select credits from ${users} where id = ${userId})
        where job.id = ${generationId} and job.user_id = ${userId} and ${open}`),
      d1Statement(db, sql`select credits from ${users} where id = ${userId}`),
      d1Statement(db, sql`select delta from ${creditLedger} where generation_id = ${generationId} and reason = 'refund'`),
    ]);
    const refunded = refund?.meta.changes === 1 ? (refundRow?.results[0]?.delta ?? 0) : 0;
    return { closed: closed?.meta.changes === 1, refunded, balance: balance?.results[0]?.credits ?? 0 };
  } catch (error) {
    if (!isUniqueViolation(error) || how.onlyQueued) throw error;
    // Refunded before this table existed: close the job without a second refund.
    await db
      .update(generationJobs)
      .set({ status: 'failed', state: 'failed', failureReason: reason, finishedAt: nowMs })
      .where(and(eq(generationJobs.id, generationId), eq(generationJobs.status, 'pending')));
    return { closed: false, refunded: 0, balance: (await balanceOf(db, userId).get())?.credits ?? 0 };
  }
}

export interface StalledJob {
  userId: string;
  generationId: string;
}

/** Jobs still pending long after they started: their Worker stopped before finishing them. */
export async function findStalledJobs(db: Database, startedBefore: number, limit: number): Promise<StalledJob[]> {
  return db
    .select({ userId: generationJobs.userId, generationId: generationJobs.id })
    .from(generationJobs)
    .where(and(eq(generationJobs.status, 'pending'), sql`${generationJobs.createdAt} < ${startedBefore}`))
    .orderBy(generationJobs.createdAt)
    .limit(limit);
}
