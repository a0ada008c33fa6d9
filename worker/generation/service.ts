/**
 * The job side of the API (docs/decisions/0036–0038): start a charged job on the Workflow,
 * wait for it, show it, list it, cancel it. Money moves only in worker/generation/charges.ts batches.
 */
import type { GenerateAcceptedResponse, JobListResponse, JobSnapshot } from '#shared/job-types';
import { isJobEnded } from '#shared/job-types';
import { generalMessages, jobMessages } from '#shared/messages';
import { isUnlimited, type Plan } from '#shared/plans';
import type { Database } from '../db/client';
import { AppError } from '../platform/errors';
import type { JobWaitOutcome } from '../platform/notify';
import { requireAction, type Space, type SpaceRef } from '../platform/space';
import { cancelGenerationJob, failGenerationJob, tellRefund } from './charges';
import { findJob, findSpaceJob, recentEndedJobs, unfinishedJobs } from './queries';
import type { JobRef } from './run';
import { isJobRow, jobResult, jobSnapshot, type JobRow } from './snapshot';

export interface JobDeps {
  db: Database;
  media: R2Bucket;
  signingSecret: string;
  workflow: Workflow<JobRef>;
  now?: () => number;
  /** The balance a refund went to changed: the user's own, or the workspace pool's. */
  notifyBalance?: (space: SpaceRef, profile: { credits: number; plan: Plan }) => Promise<void>;
  notifyJob?: (userId: string, job: JobSnapshot) => Promise<void>;
  /**
   * Resolves when the job ends, `timeoutMs` passes or the client hangs up (platform/notify.ts);
   * without it a request never waits and answers with the job as it stands.
   */
  awaitJobEnd?: (ref: JobRef, timeoutMs: number) => Promise<JobWaitOutcome>;
}

function presenter(deps: Pick<JobDeps, 'signingSecret' | 'now'>) {
  return { signingSecret: deps.signingSecret, now: deps.now?.() ?? Date.now() };
}

async function ownJob(deps: JobDeps, userId: string, id: string): Promise<JobRow> {
  const row = await findJob(deps.db, userId, id);
  if (!isJobRow(row)) throw new AppError('not_found', generalMessages.notFound);
  return row;
}

async function spaceJob(deps: JobDeps, space: SpaceRef, id: string): Promise<JobRow> {
  const row = await findSpaceJob(deps.db, space, id);
  if (!isJobRow(row)) throw new AppError('not_found', generalMessages.notFound);
  return row;
}

/** A job of the caller's space (in a workspace, whoever made it). */
export async function getJob(deps: JobDeps, space: SpaceRef, id: string): Promise<JobSnapshot> {
  return jobSnapshot(await spaceJob(deps, space, id), presenter(deps));
}

/** The space's unfinished jobs, oldest first: what the live connection sends when a socket opens. */
export async function unfinishedJobSnapshots(deps: Pick<JobDeps, 'db' | 'signingSecret' | 'now'>, space: SpaceRef): Promise<JobSnapshot[]> {
  const rows = (await unfinishedJobs(deps.db, space)).filter(isJobRow);
  return Promise.all(rows.map((row) => jobSnapshot(row, presenter(deps))));
}

/** Unfinished jobs, oldest first, then the most recent ended ones, newest first. */
export async function listJobs(deps: JobDeps, space: SpaceRef): Promise<JobListResponse> {
  const [unfinished, recent] = await Promise.all([unfinishedJobs(deps.db, space), recentEndedJobs(deps.db, space)]);
  const rows = [...unfinished, ...recent].filter(isJobRow);
  return { jobs: await Promise.all(rows.map((row) => jobSnapshot(row, presenter(deps)))) };
}

/** The 202 of POST /api/generate: the job as it stands. */
export async function acceptedResponse(deps: JobDeps, ref: JobRef): Promise<GenerateAcceptedResponse> {
  const row = await ownJob(deps, ref.userId, ref.generationId);
  return accepted(row, await jobSnapshot(row, presenter(deps)));
}

function accepted(row: JobRow, job: JobSnapshot): GenerateAcceptedResponse {
  return {
    success: true,
    accepted: true,
    jobId: job.id,
    generationId: job.id,
    job,
    creditsCharged: row.cost,
    creditsLeft: isUnlimited(row.params.userPlan) ? null : (row.creditsLeft ?? 0),
  };
}

/** Tells the user's tabs, from the row as it now stands. */
async function tell(deps: JobDeps, row: JobRow): Promise<JobSnapshot> {
  const snapshot = await jobSnapshot(row, presenter(deps));
  await deps.notifyJob?.(row.userId, snapshot);
  return snapshot;
}

/**
 * Creates the job's Workflow instance (its id is the generation's). When that fails, the charge
 * goes back at once, in the refund batch; the job ends as failed.
 */
export async function startJob(deps: JobDeps, ref: JobRef): Promise<JobSnapshot> {
  try {
    await deps.workflow.create({ id: ref.generationId, params: ref });
  } catch (error) {
    console.error(`the workflow of job ${ref.generationId} could not be created`, error);
    const closed = await failGenerationJob(deps.db, { ...ref, reason: 'interrupted' });
    const row = await ownJob(deps, ref.userId, ref.generationId);
    await tellRefund(deps, ref.userId, closed);
    await deps.media.delete(row.params.inputKey ?? []);
    return tell(deps, row);
  }
  return tell(deps, await ownJob(deps, ref.userId, ref.generationId));
}

/** Whether the job's Workflow instance has stopped (so a job still open will not move any more). */
async function workflowStopped(deps: JobDeps, id: string): Promise<boolean> {
  try {
    const { status } = await (await deps.workflow.get(id)).status();
    return status === 'complete' || status === 'errored' || status === 'terminated';
  } catch {
    return false;
  }
}

/** The generate answer once the job ended; else the 202 with the job as it stands. */
export type WaitedJob = { ended: true; result: NonNullable<JobSnapshot['result']> } | { ended: false; accepted: GenerateAcceptedResponse };

/**
 * Answers with the job's result once it ended, waiting at most `timeoutMs` for that (0: not at
 * all). The wait is a call to the user's LiveUpdates object, which every change of the job reaches
 * (docs/decisions/0083): nothing reads the job in the meantime, a hung-up client lets go at once,
 * and past the caps on waiters the request answers the 202 at once. A job whose Workflow stopped
 * with the job still open (its record could not be saved) answers from the views it has: the
 * images exist and their signed URLs work (docs/decisions/0031); the sweeper settles it.
 */
export async function waitForJob(deps: JobDeps, ref: JobRef, timeoutMs: number): Promise<WaitedJob> {
  const before = await currentJob(deps, ref);
  if (before.answer.ended || timeoutMs <= 0 || !deps.awaitJobEnd) return before.answer;
  const outcome = await deps.awaitJobEnd(ref, timeoutMs);
  // Refused at once (past a cap): the job as just read is the answer.
  if (outcome === 'refused') return before.answer;
  const { row, snapshot, answer } = await currentJob(deps, ref);
  if (!answer.ended && outcome === 'timeout' && (await workflowStopped(deps, ref.generationId))) {
    return { ended: true, result: jobResult(row, snapshot.views, presenter(deps).now) };
  }
  return answer;
}

async function currentJob(deps: JobDeps, ref: JobRef): Promise<{ row: JobRow; snapshot: JobSnapshot; answer: WaitedJob }> {
  const row = await ownJob(deps, ref.userId, ref.generationId);
  const snapshot = await jobSnapshot(row, presenter(deps));
  const answer: WaitedJob = snapshot.result ? { ended: true, result: snapshot.result } : { ended: false, accepted: accepted(row, snapshot) };
  return { row, snapshot, answer };
}

/**
 * Cancels a job no view of which has started, with its whole charge back in one batch, to the
 * balance it came from; the Workflow finds it cancelled at its next step and stops. A started job
 * is a 409; cancelling a cancelled job again answers it as it is. In a workspace a member cancels
 * their own jobs, an admin anyone's.
 */
export async function cancelJob(deps: JobDeps, space: Space, id: string): Promise<JobSnapshot> {
  const { userId } = await spaceJob(deps, space, id);
  requireAction(space, userId === space.userId ? 'deleteOwnGenerations' : 'deleteAnyGeneration');
  const closed = await cancelGenerationJob(deps.db, { userId, generationId: id });
  const row = await ownJob(deps, userId, id);
  if (!closed.closed) {
    if (row.state === 'cancelled') return jobSnapshot(row, presenter(deps));
    throw new AppError('job_started', isJobEnded(row.state) ? jobMessages.alreadyEnded : jobMessages.cannotCancel);
  }
  await tellRefund(deps, userId, closed);
  if (row.params.inputKey) await deps.media.delete(row.params.inputKey);
  return tell(deps, row);
}
