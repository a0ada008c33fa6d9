/**
 * A generation's charge and its outcome. D1 has no interactive transactions, so each step is ONE
 * batch (one transaction): the job row, the ledger row and the balance change land together or
 * not at all, and every statement is conditional on the job's state, so a step that runs twice
 * (a retry, the sweeper racing a slow Worker) changes nothing the second time. A job made in a team
 * workspace is paid from the workspace's pool, and its refund goes back there: the job row keeps the
 * workspace, and every statement reads the payer from it (docs/decisions/0096-workspaces.md).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { GenerationFailureReason, StoredJobParams } from '#shared/generation-types';
import type { StoredJobView } from '#shared/job-types';
import type { Plan } from '#shared/plans';
import { WORKSPACE_ROLES, can, monthOf, monthRange } from '#shared/workspace-rules';
import { MAX_ACTIVE_JOBS_PER_USER } from '../platform/limits';
import { isUniqueViolation } from '../platform/errors';
import type { SpaceRef } from '../platform/space';
import { d1Statement, type Database } from '../db/client';
import { creditLedger, generationJobs, generations, users } from '../db/schema';
import { memberSpentSql } from '../workspaces';

const nowMs = sql<number>`cast(unixepoch('subsec') * 1000 as integer)`;

function ledgerRowExists(generationId: string | SQL, reason: 'generation' | 'refund'): SQL {
  return sql`exists (select 1 from ${creditLedger} as other where other.generation_id = ${generationId} and other.reason = ${reason})`;
}

function jobIs(generationId: string, status: 'pending' | 'done'): SQL {
  return sql`exists (select 1 from ${generationJobs} as job where job.id = ${generationId} and job.status = ${status})`;
}

function balanceOf(db: Database, userId: string) {
  return db.select({ credits: users.credits, plan: users.plan }).from(users).where(eq(users.id, userId));
}

export interface JobStart {
  userId: string;
  /** The workspace whose pool pays; null or absent: the user's own balance. */
  workspaceId?: string | null;
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

/** The row that pays: the workspace's, or the user's own. */
function payerRow(job: Pick<JobStart, 'userId' | 'workspaceId'>): SQL {
  return job.workspaceId ? sql`workspaces as payer where payer.id = ${job.workspaceId}` : sql`users as payer where payer.id = ${job.userId}`;
}

/** The job row, inserted only when `condition` holds; it records the balance after the charge. */
function insertJob(db: Database, job: JobStart, condition: SQL): D1PreparedStatement {
  const views: StoredJobView[] = Array.from({ length: job.params?.numberOfViews ?? 0 }, () => ({ status: 'waiting' }));
  return d1Statement(db, sql`
    insert into ${generationJobs} (id, user_id, workspace_id, status, cost, state, views, params, idempotency_key, request_hash, credits_left)
    select ${job.generationId}, ${job.userId}, ${job.workspaceId ?? null}, 'pending', ${job.cost}, 'queued', ${JSON.stringify(views)},
           ${job.params ? JSON.stringify(job.params) : null}, ${job.idempotencyKey ?? null}, ${job.requestHash ?? null}, payer.credits
    from ${payerRow(job)} and ${condition}`);
}

/** Roles that may spend a workspace's pool (shared/workspace-rules.ts). */
const SPENDING_ROLES = WORKSPACE_ROLES.filter((role) => can(role, 'generate'));

/**
 * The charge's conditions in a workspace, checked in the statement that writes it: the user is a
 * current member who may generate, the workspace is not deleted, and the charge keeps the member
 * within their monthly cap (this UTC month's charges less their refunds, plus this one).
 */
function workspaceChargeAllowed(workspaceId: string, userId: string, cost: number): SQL {
  const month = monthRange(monthOf(Date.now())) ?? { start: 0, end: 0 };
  return sql`exists (select 1 from workspace_members as m join workspaces as w on w.id = m.workspace_id
    where m.workspace_id = ${workspaceId} and m.user_id = ${userId} and m.removed_at is null and w.deleted_at is null
      and m.role in (${sql.join(SPENDING_ROLES.map((role) => sql`${role}`), sql`, `)})
      and (m.monthly_cap is null or m.monthly_cap >= ${cost} + ${memberSpentSql(workspaceId, userId, month)}))`;
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
  const workspaceId = job.workspaceId ?? null;
  const underLimit = sql`${activeJobs(userId)} < ${MAX_ACTIVE_JOBS_PER_USER}`;
  // In a workspace the member's right and cap are part of the same condition as the balance.
  const allowed = workspaceId ? sql`${underLimit} and ${workspaceChargeAllowed(workspaceId, userId, cost)}` : underLimit;
  const balance = d1Statement(db, sql`select payer.credits as credits from ${payerRow(job)}`);
  if (cost === 0) {
    const [inserted, row] = await db.$client.batch<{ credits: number }>([insertJob(db, job, allowed), balance]);
    return inserted?.meta.changes === 1 ? (row?.results[0]?.credits ?? 0) : null;
  }
  const [inserted, , , row] = await db.$client.batch<{ credits: number }>([
    d1Statement(db, sql`
      insert into ${creditLedger} (user_id, workspace_id, delta, reason, generation_id)
      select ${userId}, ${workspaceId}, ${-cost}, 'generation', ${generationId} from ${payerRow(job)}
        and payer.credits >= ${cost} and ${allowed}`),
    d1Statement(db, workspaceId
      ? sql`update workspaces set credits = credits - ${cost} where id = ${workspaceId} and ${ledgerRowExists(generationId, 'generation')}`
      : sql`update ${users} set credits = credits - ${cost} where id = ${userId} and ${ledgerRowExists(generationId, 'generation')}`),
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
  /** The balance the refund went to: the workspace's pool, or the user's own. */
  balance: number;
  /** The workspace whose pool paid and was refunded; null for the user's own balance. */
  workspaceId: string | null;
  /** The plan of whoever holds that balance, for the balance's live message. */
  plan: Plan;
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
  // The pool the charge came from: the job's workspace, or (none) the user's own balance.
  const paidBy = sql`(select workspace_id from ${generationJobs} where id = ${generationId})`;
  const payerBalance = sql`coalesce((select credits from workspaces where id = ${paidBy}), (select credits from ${users} where id = ${userId}))`;
  const payerPlan = sql`coalesce((select plan from workspaces where id = ${paidBy}), (select plan from ${users} where id = ${userId}))`;
  const failureReason = how.state === 'cancelled' ? null : reason;
  try {
    const [refund, , , closed, balance, refundRow] = await db.$client.batch<{ credits?: number; delta?: number; workspace_id?: string | null; plan?: Plan }>([
      d1Statement(db, sql`
        insert into ${creditLedger} (user_id, workspace_id, delta, reason, generation_id, note)
        select job.user_id, job.workspace_id, job.cost, 'refund', job.id, ${reason} from ${generationJobs} as job
        where job.id = ${generationId} and job.user_id = ${userId} and ${open} and job.cost > 0
          and ${ledgerRowExists(generationId, 'generation')}`),
      d1Statement(db, sql`
        update ${users} set credits = credits + ${cost}
        where id = ${userId} and ${paidBy} is null and ${jobOpen} and ${ledgerRowExists(generationId, 'refund')}`),
      d1Statement(db, sql`
        update workspaces set credits = credits + ${cost}
        where id = ${paidBy} and ${jobOpen} and ${ledgerRowExists(generationId, 'refund')}`),
      d1Statement(db, sql`
        update ${generationJobs} as job
        set status = 'failed', state = ${how.state}, failure_reason = ${failureReason}, finished_at = ${nowMs},
            credits_left = ${payerBalance}
        where job.id = ${generationId} and job.user_id = ${userId} and ${open}`),
      d1Statement(db, sql`select ${payerBalance} as credits, ${paidBy} as workspace_id, ${payerPlan} as plan`),
      d1Statement(db, sql`select delta from ${creditLedger} where generation_id = ${generationId} and reason = 'refund'`),
    ]);
    const refunded = refund?.meta.changes === 1 ? (refundRow?.results[0]?.delta ?? 0) : 0;
    const payer = balance?.results[0];
    return { closed: closed?.meta.changes === 1, refunded, balance: payer?.credits ?? 0, workspaceId: payer?.workspace_id ?? null, plan: payer?.plan ?? 'free' };
  } catch (error) {
    if (!isUniqueViolation(error) || how.onlyQueued) throw error;
    // Refunded before this table existed: close the job without a second refund.
    await db
      .update(generationJobs)
      .set({ status: 'failed', state: 'failed', failureReason: reason, finishedAt: nowMs })
      .where(and(eq(generationJobs.id, generationId), eq(generationJobs.status, 'pending')));
    const user = await balanceOf(db, userId).get();
    return { closed: false, refunded: 0, balance: user?.credits ?? 0, workspaceId: null, plan: user?.plan ?? 'free' };
  }
}

/** Tells whoever holds a refunded balance: the maker, or every member's tabs on the workspace's pool. */
export async function tellRefund(
  deps: { notifyBalance?: (space: SpaceRef, profile: { credits: number; plan: Plan }) => Promise<void> },
  userId: string,
  closed: JobFailed,
): Promise<void> {
  if (closed.refunded > 0) await deps.notifyBalance?.({ userId, workspaceId: closed.workspaceId }, { credits: closed.balance, plan: closed.plan });
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
