/**
 * A generation's charge and its outcome. D1 has no interactive transactions, so each step is ONE
 * batch (one transaction): the job row, the ledger row and the balance change land together or
 * not at all, and every statement is conditional on the job's state, so a step that runs twice
 * (a retry, the sweeper racing a slow Worker) changes nothing the second time.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { GenerationFailureReason } from '#shared/generation-types';
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

/** `insert into credit_ledger select …`: drizzle wants every column, in table order. */
function ledgerRowSelect(db: Database, row: { userId: string; delta: number; reason: 'generation' | 'refund'; generationId: string }) {
  return db
    .select({
      id: sql<number | null>`null`.as('id'),
      userId: sql<string>`${row.userId}`.as('user_id'),
      delta: sql<number>`${row.delta}`.as('delta'),
      reason: sql<string>`${row.reason}`.as('reason'),
      generationId: sql<string>`${row.generationId}`.as('generation_id'),
      paymentId: sql<null>`null`.as('payment_id'),
      note: sql<null>`null`.as('note'),
      createdAt: nowMs.as('created_at'),
    })
    .from(users);
}

function balanceOf(db: Database, userId: string) {
  return db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
}

export interface JobStart {
  userId: string;
  generationId: string;
  /** 0 for enterprise: the job is recorded, nothing is charged. */
  cost: number;
}

/**
 * Opens a generation job and takes its price in one batch. The ledger row is inserted only while
 * `credits >= cost`; the balance moves and the `pending` job row appears only if that row now
 * exists. The unique (generation_id, reason) index means a generation is charged at most once.
 * Returns the balance after the charge, or null when the balance was too low (nothing changed).
 */
export async function startGenerationJob(db: Database, job: JobStart): Promise<number | null> {
  const { userId, generationId, cost } = job;
  if (cost === 0) {
    await db.insert(generationJobs).values({ id: generationId, userId, cost: 0 });
    return (await balanceOf(db, userId).get())?.credits ?? 0;
  }
  const [inserted, , , balance] = await db.batch([
    db
      .insert(creditLedger)
      .select(
        ledgerRowSelect(db, { userId, delta: -cost, reason: 'generation', generationId }).where(
          and(eq(users.id, userId), sql`${users.credits} >= ${cost}`),
        ),
      ),
    db
      .update(users)
      .set({ credits: sql`${users.credits} - ${cost}` })
      .where(and(eq(users.id, userId), ledgerRowExists(generationId, 'generation'))),
    db
      .insert(generationJobs)
      .select(
        db
          .select({
            id: sql<string>`${generationId}`.as('id'),
            userId: sql<string>`${userId}`.as('user_id'),
            status: sql<string>`'pending'`.as('status'),
            cost: sql<number>`${cost}`.as('cost'),
            failureReason: sql<null>`null`.as('failure_reason'),
            createdAt: nowMs.as('created_at'),
            finishedAt: sql<null>`null`.as('finished_at'),
            deletedAt: sql<null>`null`.as('deleted_at'),
          })
          .from(users)
          .where(and(eq(users.id, userId), ledgerRowExists(generationId, 'generation'))),
      ),
    balanceOf(db, userId),
  ]);
  return inserted.meta.changes === 1 ? (balance[0]?.credits ?? 0) : null;
}

export type NewGeneration = typeof generations.$inferInsert;

/**
 * Saves a generation and closes its job as delivered, in one batch. The job moves from `pending`
 * to `done` first, and the row is inserted only if that happened here: a job the sweeper already
 * refunded never becomes a generation. Returns whether the generation was saved by this call.
 */
export async function finishGenerationJob(db: Database, row: NewGeneration & { id: string }): Promise<boolean> {
  const columns = (Object.keys(row) as (keyof NewGeneration)[]).filter((column) => row[column] !== undefined);
  const values = columns.map((column) => {
    const value = row[column];
    return typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
  });
  const names = columns.map((column) => sql.identifier(generations[column].name));
  const [closed] = await db.$client.batch([
    d1Statement(db, sql`
      update ${generationJobs} set status = 'done', finished_at = ${nowMs}
      where id = ${row.id} and status = 'pending'`),
    d1Statement(db, sql`
      insert into ${generations} (${sql.join(names, sql`, `)})
      select ${sql.join(values.map((value) => sql`${value ?? null}`), sql`, `)}
      where ${jobIs(row.id, 'done')}
        and not exists (select 1 from ${generations} where id = ${row.id})`),
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
  const { userId, generationId, reason } = failure;
  const cost = sql`(select cost from ${generationJobs} where id = ${generationId})`;
  try {
    const [refund, , closed, balance, refundRow] = await db.batch([
      db.insert(creditLedger).select(
        db
          .select({
            id: sql<number | null>`null`.as('id'),
            userId: generationJobs.userId,
            delta: generationJobs.cost,
            reason: sql<string>`'refund'`.as('reason'),
            generationId: generationJobs.id,
            paymentId: sql<null>`null`.as('payment_id'),
            note: sql<string>`${reason}`.as('note'),
            createdAt: nowMs.as('created_at'),
          })
          .from(generationJobs)
          .where(
            and(
              eq(generationJobs.id, generationId),
              eq(generationJobs.userId, userId),
              eq(generationJobs.status, 'pending'),
              sql`${generationJobs.cost} > 0`,
              ledgerRowExists(generationId, 'generation'),
            ),
          ),
      ),
      db
        .update(users)
        .set({ credits: sql`${users.credits} + ${cost}` })
        .where(and(eq(users.id, userId), jobIs(generationId, 'pending'), ledgerRowExists(generationId, 'refund'))),
      db
        .update(generationJobs)
        .set({ status: 'failed', failureReason: reason, finishedAt: nowMs })
        .where(and(eq(generationJobs.id, generationId), eq(generationJobs.userId, userId), eq(generationJobs.status, 'pending'))),
      balanceOf(db, userId),
      db
        .select({ delta: creditLedger.delta })
        .from(creditLedger)
        .where(and(eq(creditLedger.generationId, generationId), eq(creditLedger.reason, 'refund'))),
    ]);
    const refunded = refund.meta.changes === 1 ? (refundRow[0]?.delta ?? 0) : 0;
    return { closed: closed.meta.changes === 1, refunded, balance: balance[0]?.credits ?? 0 };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Refunded before this table existed: close the job without a second refund.
    await db
      .update(generationJobs)
      .set({ status: 'failed', failureReason: reason, finishedAt: nowMs })
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
