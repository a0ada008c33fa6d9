/**
 * What a generation job does once charged (docs/decisions/0036), step by step: begin (queued →
 * running, unless cancelled), one step per view (engine → post-process → R2, then the view is
 * recorded and told), and a final step that records the generation or refunds it, exactly once.
 * The Workflow runs the steps durably and retries them (worker/generation/workflow.ts); the same
 * steps also run inline (worker/generation/inline.ts). Every step may run again: each write is
 * conditional or keyed, so a repeat changes nothing.
 */
import type { GenerationFailureReason, StoredEdit, StoredEditParams, StoredJobParams } from '#shared/generation-types';
import { GENERATION_FAILURE_REASONS } from '#shared/generation-types';
import { MODELS } from '#shared/models';
import { defaultVisibility, isPaidPlan, type Plan } from '#shared/plans';
import type { JobSnapshot, StoredJobView } from '#shared/job-types';
import type { Database } from '../db/client';
import { random31 } from '../platform/crypto';
import type { SpaceRef } from '../platform/space';
import { mediaKeys } from '../media';
import { joinProjectStatements } from '../projects';
import type { ImageEngine } from '../studio';
import { failGenerationJob, finishGenerationJob, tellRefund } from './charges';
import { keepGeometry, viewInputOf } from './fidelity';
import { loadJobInput } from './input';
import { deleteJobOutput, deleteStoredViews } from './output';
import { findJob, markJobRunning, recordJobView } from './queries';
import { isJobRow, jobSnapshot } from './snapshot';
import { viewProducerOf, type ViewOutcome } from './view';

export interface JobRunDeps {
  db: Database;
  media: R2Bucket;
  /** Resizes and encodes what is not the Worker's to do: 4K views, upscales, a 4K render's copy for its fidelity score (the ladder is made on request, docs/decisions/0100). */
  images: ImagesBinding;
  imageEngine: ImageEngine;
  signingSecret: string;
  now?: () => number;
  notifyBalance?: (space: SpaceRef, profile: { credits: number; plan: Plan }) => Promise<void>;
  notifyGenerations?: (space: SpaceRef) => Promise<void>;
  notifyProjects?: (space: SpaceRef) => Promise<void>;
  notifyJob?: (userId: string, job: JobSnapshot) => Promise<void>;
}

export interface JobRef {
  userId: string;
  generationId: string;
}

/** How the steps are run: durably by a Workflow, or in place. */
export interface JobSteps {
  begin(work: () => Promise<StoredJobParams | null>): Promise<StoredJobParams | null>;
  /** `finalAttempt` false: throw to be tried again; true: the failure is the view's. */
  view(index: number, work: (finalAttempt: boolean) => Promise<ViewOutcome>): Promise<ViewOutcome>;
  finish(work: () => Promise<void>): Promise<void>;
}

/** A retryable view failure, thrown so the Workflow tries the view's step again. */
class RetryableViewError extends Error {
  constructor(readonly reason: GenerationFailureReason) {
    super(`${reason}: the view will be tried again`);
    this.name = 'RetryableViewError';
  }
}

/** The reason a step's error names: it may cross the Workflow's boundary as a plain Error. */
function reasonOf(error: unknown): GenerationFailureReason {
  const head = error instanceof Error ? error.message.split(':')[0] : undefined;
  return GENERATION_FAILURE_REASONS.find((reason) => reason === head) ?? 'provider_error';
}

export async function executeJob(steps: JobSteps, deps: JobRunDeps, ref: JobRef): Promise<void> {
  const params = await steps.begin(() => beginJob(deps, ref));
  if (!params) return;
  const runView = (index: number) =>
    steps
      .view(index, (finalAttempt) => viewStep(deps, ref, params, index, finalAttempt))
      .catch(async (error: unknown): Promise<ViewOutcome> => ({ failure: reasonOf(error) }));
  const indices = Array.from({ length: params.numberOfViews }, (_, index) => index);
  let outcomes: ViewOutcome[];
  if (deps.imageEngine.parallelViews) {
    outcomes = await Promise.all(indices.map(runView));
  } else {
    // An engine that renders on the Worker's own thread gains nothing from overlap (types.ts).
    outcomes = [];
    for (const index of indices) outcomes.push(await runView(index));
  }
  await steps.finish(() => finishJob(deps, ref, params, outcomes));
}

/** Queued → running; null when the job was cancelled before it began (it stops here). */
async function beginJob(deps: JobRunDeps, ref: JobRef): Promise<StoredJobParams | null> {
  const row = await findJob(deps.db, ref.userId, ref.generationId);
  if (!isJobRow(row)) return null;
  if (row.state === 'queued' && !(await markJobRunning(deps.db, row.id, row.params.numberOfViews))) return null;
  if (row.state !== 'queued' && row.state !== 'running') return null;
  await tellJob(deps, ref);
  return row.params;
}

async function viewStep(
  deps: JobRunDeps,
  ref: JobRef,
  params: StoredJobParams,
  index: number,
  finalAttempt: boolean,
): Promise<ViewOutcome> {
  const input = await loadJobInput(deps.media, params.inputKey);
  const ctx = {
    deps,
    plan: { ...params, history: input.history },
    userId: ref.userId,
    generationId: ref.generationId,
    watermark: !isPaidPlan(params.userPlan),
    images: input.images,
    ...(params.edit ? { edit: params.edit } : {}),
    ...(input.mask ? { mask: input.mask } : {}),
    input: viewInputOf(params),
    ...(params.upscale ? { upscale: params.upscale } : {}),
  };
  const produce = viewProducerOf(params);
  const seed = (params.seed + index) % 2 ** 31;
  const outcome = await produce(ctx, index, seed);
  if ('failure' in outcome && outcome.retryable && !finalAttempt) throw new RetryableViewError(outcome.failure);
  const view: StoredJobView =
    'image' in outcome ? { status: 'done', image: outcome.image } : { status: 'failed', failureReason: outcome.failure };
  if (!(await recordJobView(deps.db, ref.generationId, index, view))) {
    // The job closed while this view rendered (the sweeper refunded it): nothing of it may stay.
    if ('image' in outcome) await discardOutput(deps, ref);
    return { failure: 'interrupted' };
  }
  await tellJob(deps, ref);
  if (!('image' in outcome)) return { failure: outcome.failure };
  // Delivered first; then, for a sketch, model view or drawing, its geometry score and maybe one free re-render.
  const image = await keepGeometry(ctx, produce, { index, seed, image: outcome.image }, async (scored) => {
    await recordJobView(deps.db, ref.generationId, index, { status: 'done', image: scored });
    await tellJob(deps, ref);
  });
  return { image };
}

/**
 * Records the generation when any view survived (the charge stays), else refunds the whole
 * charge — both conditional batches, so a retried step changes nothing the second time — and
 * tells the user's tabs. Views missing from D1 (a step that gave up) are recorded as failed.
 */
async function finishJob(deps: JobRunDeps, ref: JobRef, params: StoredJobParams, outcomes: ViewOutcome[]): Promise<void> {
  for (const [index, outcome] of outcomes.entries()) {
    if ('failure' in outcome) await recordJobView(deps.db, ref.generationId, index, { status: 'failed', failureReason: outcome.failure });
  }
  const images = outcomes.flatMap((outcome) => ('image' in outcome ? [outcome.image] : []));
  // The space it was made in: the maker's own, or the workspace whose pool paid.
  const space = { userId: ref.userId, workspaceId: params.workspaceId ?? null };
  if (images.length === 0) {
    const failures = outcomes.flatMap((outcome) => ('failure' in outcome ? [outcome.failure] : []));
    const closed = await failGenerationJob(deps.db, { ...ref, reason: generationFailureReason(failures) });
    await tellRefund(deps, ref.userId, closed);
    // A view that failed half-way may have stored some of its objects (a master, a mask).
    await deleteStoredViews(deps.media, ref);
  } else {
    // Made in a project: it joins the project in the batch that saves it.
    const joining = params.projectId ? joinProjectStatements(deps.db, space, ref.generationId, params.projectId) : [];
    const saved = await finishGenerationJob(deps.db, {
      id: ref.generationId,
      userId: ref.userId,
      workspaceId: space.workspaceId,
      prompt: params.prompt,
      model: MODELS[params.model].label,
      visibility: defaultVisibility(params.userPlan),
      aspectRatio: params.aspectRatio,
      resolution: params.resolution,
      generationType: params.generationType,
      engine: params.engine,
      images,
      referenceImages: params.referenceImages,
      imageCount: images.length,
      creditsCharged: (await findJob(deps.db, ref.userId, ref.generationId))?.cost ?? 0,
      shuffleKey: random31(),
      parentId: params.parentId ?? null,
      briefVersion: params.briefVersion ?? null,
      briefAddition: params.briefAddition ?? null,
      kind: params.kind ?? 'generate',
      edit: params.edit ? editOf(ref, params.edit) : null,
      inputType: params.inputType ?? null,
      fidelity: params.fidelity ?? null,
      upscale: params.upscale ? { sourceId: params.upscale.sourceId, sourceIndex: params.upscale.sourceIndex } : null,
    }, joining);
    // Not saved: the sweeper closed the job (it ran past its threshold) and refunded it, so its
    // images go; or this step runs again after it had saved them, and they stay.
    if (!saved) await discardOutput(deps, ref);
    if (saved) await deps.notifyGenerations?.(space);
    if (saved && params.projectId) await deps.notifyProjects?.(space);
  }
  if (params.inputKey) await deps.media.delete(params.inputKey);
  await tellJob(deps, ref);
}

/** Deletes what the job's views stored unless the job was delivered: a closed job keeps no output (docs/decisions/0083). */
async function discardOutput(deps: JobRunDeps, ref: JobRef): Promise<void> {
  const row = await findJob(deps.db, ref.userId, ref.generationId);
  if (row?.status !== 'done') await deleteJobOutput(deps.media, ref);
}

/** What the generations row keeps of an edit: its source, its mask's key and its feather. */
function editOf(ref: JobRef, edit: StoredEditParams): StoredEdit {
  return { sourceId: edit.sourceId, sourceIndex: edit.sourceIndex, maskKey: mediaKeys.editMask(ref.userId, ref.generationId), featherPx: edit.featherPx };
}

/** Sends the job's whole snapshot to the user's tabs; a failure to tell never fails the step. */
async function tellJob(deps: JobRunDeps, ref: JobRef): Promise<void> {
  if (!deps.notifyJob) return;
  const row = await findJob(deps.db, ref.userId, ref.generationId);
  if (!isJobRow(row)) return;
  const snapshot = await jobSnapshot(row, { signingSecret: deps.signingSecret, now: deps.now?.() ?? Date.now() });
  await deps.notifyJob(ref.userId, snapshot);
}

/** The reason that tells the user most, when every view failed (for example one blocked, one timed out). */
const REASON_PRIORITY: readonly GenerationFailureReason[] = ['blocked', 'misaligned', 'drifted', 'no_image', 'timeout', 'provider_error', 'processing', 'interrupted'];

function generationFailureReason(failures: readonly GenerationFailureReason[]): GenerationFailureReason {
  return REASON_PRIORITY.find((reason) => failures.includes(reason)) ?? 'provider_error';
}
