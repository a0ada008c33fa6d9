/**
 * Closes generation jobs whose Worker stopped before finishing them, and gives their credits
 * back. The generate flow closes its own jobs — delivered (`done`) or refunded (`failed`) — so a
 * job still `pending` long after it started was interrupted. A delivered generation, even one
 * its owner deleted later, is `done` and never refunded; a refund happens once, in the same batch
 * that closes the job, however often the sweep runs.
 */
import type { Database } from '../db/client';
import { failGenerationJob, findStalledJobs } from './charges';
import { findUserById } from '../auth';
import { ORPHAN_CHARGE_AGE_MS, ORPHAN_SWEEP_BATCH } from '../platform/limits';
import type { Plan } from '#shared/plans';
import { keysUnder } from '../generations';
import { mediaKeys } from '../media';

export interface SweepDeps {
  db: Database;
  media: R2Bucket;
  notifyProfile: (userId: string, profile: { credits: number; plan: Plan }) => Promise<void>;
  now?: () => number;
}

export interface SweepResult {
  /** Jobs closed by this sweep. */
  closed: number;
  /** Of those, the ones that had been charged and were refunded. */
  refunded: number;
  credits: number;
}

export async function sweepOrphanCharges(deps: SweepDeps): Promise<SweepResult> {
  const now = deps.now?.() ?? Date.now();
  const stalled = await findStalledJobs(deps.db, now - ORPHAN_CHARGE_AGE_MS, ORPHAN_SWEEP_BATCH);
  const result: SweepResult = { closed: 0, refunded: 0, credits: 0 };
  for (const job of stalled) {
    // Close the job before touching its images: a Worker still running it can no longer save it.
    const outcome = await failGenerationJob(deps.db, { ...job, reason: 'interrupted' });
    if (!outcome.closed) continue; // closed meanwhile by its own Worker or another sweep
    result.closed += 1;
    const keys = await keysUnder(deps.media, mediaKeys.generationPrefix(job.userId, job.generationId));
    // The job's input (images and history) too, when its Workflow stopped before deleting it.
    await deps.media.delete([...keys, mediaKeys.jobInput(job.userId, job.generationId)]);
    if (outcome.refunded === 0) continue;
    result.refunded += 1;
    result.credits += outcome.refunded;
    const user = await findUserById(deps.db, job.userId);
    if (user) await deps.notifyProfile(user.id, { credits: outcome.balance, plan: user.plan });
  }
  return result;
}
