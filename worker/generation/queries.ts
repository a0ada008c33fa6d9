/**
 * A job's state as the studio sees it, in generation_jobs (docs/decisions/0036). The money side
 * of the same rows — charge, delivery, refund — is worker/generation/charges.ts.
 */
import { and, desc, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { isJobEnded, type StoredJobView } from '#shared/job-types';
import { RECENT_JOBS_LISTED } from '../platform/limits';
import type { Database } from '../db/client';
import { generationJobs, type GenerationJobRow } from '../db/schema';
import { inSpace, type SpaceRef } from '../platform/space';

const UNFINISHED: ('queued' | 'running')[] = ['queued', 'running'];

/** A job by its maker: what the job's own steps and its waiting request read. */
export async function findJob(db: Database, userId: string, id: string): Promise<GenerationJobRow | undefined> {
  return db
    .select()
    .from(generationJobs)
    .where(and(eq(generationJobs.id, id), eq(generationJobs.userId, userId), isNotNull(generationJobs.params)))
    .get();
}

/** A job of the space (in a workspace, whoever made it): what the job routes show. */
export async function findSpaceJob(db: Database, space: SpaceRef, id: string): Promise<GenerationJobRow | undefined> {
  return db
    .select()
    .from(generationJobs)
    .where(and(eq(generationJobs.id, id), sql`${inSpace(space)}`, isNotNull(generationJobs.params)))
    .get();
}

/** The job an Idempotency-Key opened, with the hash of the request that opened it (null before hashes were kept). */
export async function findJobByKey(db: Database, userId: string, key: string): Promise<{ id: string; requestHash: string | null } | null> {
  const row = await db
    .select({ id: generationJobs.id, requestHash: generationJobs.requestHash })
    .from(generationJobs)
    .where(and(eq(generationJobs.userId, userId), eq(generationJobs.idempotencyKey, key)))
    .get();
  return row ?? null;
}

export async function activeJobCount(db: Database, userId: string): Promise<number> {
  const row = await db
    .select({ count: sql<number>`count(*)` })
    .from(generationJobs)
    .where(and(eq(generationJobs.userId, userId), inArray(generationJobs.state, UNFINISHED)))
    .get();
  return row?.count ?? 0;
}

/** The space's queued and running jobs, oldest first. */
export async function unfinishedJobs(db: Database, space: SpaceRef): Promise<GenerationJobRow[]> {
  return db
    .select()
    .from(generationJobs)
    .where(and(sql`${inSpace(space)}`, inArray(generationJobs.state, UNFINISHED), isNotNull(generationJobs.params)))
    .orderBy(generationJobs.createdAt);
}

/** The space's most recent ended jobs, newest first. */
export async function recentEndedJobs(db: Database, space: SpaceRef): Promise<GenerationJobRow[]> {
  return db
    .select()
    .from(generationJobs)
    .where(and(sql`${inSpace(space)}`, notInArray(generationJobs.state, UNFINISHED), isNotNull(generationJobs.params), isNull(generationJobs.deletedAt)))
    .orderBy(desc(generationJobs.createdAt))
    .limit(RECENT_JOBS_LISTED);
}

/**
 * Moves a queued job to running, every view to generating. Conditional on `queued`, like the
 * cancel batch: of the two, exactly one wins. False when the job was cancelled (or is not there).
 */
export async function markJobRunning(db: Database, id: string, views: number): Promise<boolean> {
  const generating: StoredJobView[] = Array.from({ length: views }, () => ({ status: 'generating' }));
  const result = await db
    .update(generationJobs)
    .set({ state: 'running', views: generating })
    .where(and(eq(generationJobs.id, id), eq(generationJobs.state, 'queued'), eq(generationJobs.status, 'pending')));
  return result.meta.changes === 1;
}

/**
 * Records one view as it lands: one statement, so views finishing together never overwrite each
 * other, and only while the job is open (queued or running, its money pending). The check and the
 * write are the same statement, so a view that lands after the sweeper closed the job is never
 * recorded (docs/decisions/0083). False when the job was closed.
 */
export async function recordJobView(db: Database, id: string, index: number, view: StoredJobView): Promise<boolean> {
  const result = await db
    .update(generationJobs)
    .set({ views: sql`json_set(${generationJobs.views}, ${`$[${index}]`}, json(${JSON.stringify(view)}))` })
    .where(and(eq(generationJobs.id, id), eq(generationJobs.status, 'pending'), inArray(generationJobs.state, UNFINISHED)));
  return result.meta.changes === 1;
}

/** Whether the job ended (or is not the user's): a request waiting for it has nothing to wait for. */
export async function jobHasEnded(db: Database, userId: string, id: string): Promise<boolean> {
  const row = await db
    .select({ state: generationJobs.state })
    .from(generationJobs)
    .where(and(eq(generationJobs.id, id), eq(generationJobs.userId, userId)))
    .get();
  return row === undefined || isJobEnded(row.state);
}
