/**
 * Closes generation jobs whose Worker stopped before finishing them, and gives their credits
 * back. The generate flow closes its own jobs — delivered (`done`) or refunded (`failed`) — so a
 * job still `pending` long after it started was interrupted, unless its Workflow instance still
 * runs it: such a job is live (queued behind others, or retrying a view) and its own final step
 * will close it, so the sweeper leaves it alone (docs/decisions/0083). A delivered generation,
 * even one its owner deleted later, is `done` and never refunded; a refund happens once, in the
 * same batch that closes the job, however often the sweep runs. A view that lands after the close
 * is not recorded and deletes what it stored (worker/generation/run.ts).
 */
import type { Database } from '../db/client';
import { failGenerationJob, findStalledJobs, tellRefund } from './charges';
import { ORPHAN_CHARGE_AGE_MS, ORPHAN_SWEEP_BATCH } from '../platform/limits';
import type { SpaceRef } from '../platform/space';
import type { Plan } from '#shared/plans';
import { deleteJobOutput } from './output';

export interface SweepDeps {
  db: Database;
  media: R2Bucket;
  /** The Workflow that runs jobs: a job whose instance still runs is not interrupted. */
  workflow: Workflow;
  /** The refunded balance changed: the maker's own, or their workspace pool's. */
  notifyBalance: (space: SpaceRef, profile: { credits: number; plan: Plan }) => Promise<void>;
  now?: () => number;
}

export interface SweepResult {
  /** Jobs closed by this sweep. */
  closed: number;
  /** Of those, the ones that had been charged and were refunded. */
  refunded: number;
  credits: number;
  /** Pending jobs past the age left open because their Workflow instance still runs them. */
  live: number;
}

/** Instance states from which a Workflow still moves on by itself. */
const LIVE_STATES: ReadonlySet<InstanceStatus['status']> = new Set(['queued', 'running', 'waiting', 'paused', 'waitingForPause', 'rollingBack']);

/** Whether the job's Workflow instance still runs; an instance that cannot be found (an inline job, or one never created) does not. */
async function workflowRuns(workflow: Workflow, id: string): Promise<boolean> {
  try {
    return LIVE_STATES.has((await (await workflow.get(id)).status()).status);
  } catch {
    return false;
  }
}

export async function sweepOrphanCharges(deps: SweepDeps): Promise<SweepResult> {
  const now = deps.now?.() ?? Date.now();
  const stalled = await findStalledJobs(deps.db, now - ORPHAN_CHARGE_AGE_MS, ORPHAN_SWEEP_BATCH);
  const result: SweepResult = { closed: 0, refunded: 0, credits: 0, live: 0 };
  for (const job of stalled) {
    if (await workflowRuns(deps.workflow, job.generationId)) {
      result.live += 1;
      continue;
    }
    // Close the job before touching its images: a Worker still running it can no longer save it.
    const outcome = await failGenerationJob(deps.db, { ...job, reason: 'interrupted' });
    if (!outcome.closed) continue; // closed meanwhile by its own Worker or another sweep
    result.closed += 1;
    // Its images, and its input when its Workflow stopped before deleting it.
    await deleteJobOutput(deps.media, job);
    if (outcome.refunded === 0) continue;
    result.refunded += 1;
    result.credits += outcome.refunded;
    await tellRefund(deps, job.userId, outcome);
  }
  return result;
}
