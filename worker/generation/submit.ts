/**
 * POST /api/generate behind the route: validate, place, answer a clarification, then charge and
 * open the job in one batch (docs/decisions/0006–0008, 0036). The job then runs its views
 * (worker/generation/run.ts). Every dependency is passed in, so tests can swap the engine or the clock.
 */
import type { Database } from '../db/client';
import { startGenerationJob } from './charges';
import type { GenerateClarificationResponse } from '#shared/api-types';
import type { StoredJobParams } from '#shared/generation-types';
import type { JobSnapshot } from '#shared/job-types';
import { ACTIVE_JOBS_RETRY_AFTER_SECONDS, MAX_ACTIVE_JOBS_PER_USER } from '../platform/limits';
import { generalMessages, jobMessages, printMessages, studioMessages, validationMessages, workspaceMessages } from '#shared/messages';
import { MODELS, PRINT_RESOLUTION, type ModelId } from '#shared/models';
import { PLAN_NAMES, isPaidPlan, isUnlimited, type Plan } from '#shared/plans';
import { monthOf, monthRange } from '#shared/workspace-rules';
import { AppError, isUniqueViolation } from '../platform/errors';
import { random31 } from '../platform/crypto';
import { findMembership, type Space, type SpaceRef } from '../platform/space';
import { mediaKeys } from '../media';
import { loadInputImages, validatePrompt, type ImageEngine, type TextEngine, type ValidationCache } from '../studio';
import { capPassedBy } from '../workspaces';
import { planGeneration, type GenerateBody, type GenerationPlan } from './request';
import { activeJobCount, findJobByKey } from './queries';
import { storeJobInput } from './input';
import { resolvePlacement, spaceResults, withEngineBrief, withHeroReference, type Placement } from './placement';

export interface GenerationDeps {
  db: Database;
  media: R2Bucket;
  /** Resizes and encodes what is not the Worker's to do: 4K views, upscales, a 4K render's copy for its fidelity score (the ladder is made on request, docs/decisions/0100). */
  images: ImagesBinding;
  imageEngine: ImageEngine;
  textEngine: TextEngine;
  signingSecret: string;
  validationCache?: ValidationCache;
  now?: () => number;
  /**
   * Told after the balance (the user's, or the workspace pool's) or the generations changed;
   * failures are the notifier's business.
   */
  notifyBalance?: (space: SpaceRef, profile: { credits: number; plan: Plan }) => Promise<void>;
  notifyGenerations?: (space: SpaceRef) => Promise<void>;
  notifyProjects?: (space: SpaceRef) => Promise<void>;
  /** Told on every change of a job: its whole snapshot (docs/decisions/0038). */
  notifyJob?: (userId: string, job: JobSnapshot) => Promise<void>;
  /** Counts a paid validation call against the user's meter; throws the 429 past it. */
  meterValidation?: () => Promise<void>;
}

/** Validates what the engine will get: the user's prompt and the brief's words (docs/decisions/0083). */
async function clarificationIfNeeded(
  deps: GenerationDeps,
  plan: GenerationPlan,
  brief: string | null,
): Promise<GenerateClarificationResponse | null> {
  // Refinement and image-to-image skip validation (docs/decisions/0029).
  if (plan.generationType !== 'text-to-image') {
    if (!plan.prompt) throw new AppError('invalid_prompt', validationMessages.emptyPrompt, { field: 'prompt' });
    return null;
  }
  await deps.meterValidation?.();
  const verdict = await validatePrompt(deps.textEngine, plan.prompt, deps.validationCache, brief ?? '');
  if (verdict.isValid) return null;
  return {
    success: false,
    needsClarification: true,
    validationFeedback: verdict.feedback || studioMessages.needsRefinementDefault,
    suggestions: verdict.suggestions,
    creditsCharged: 0,
  };
}

export type Submitted =
  | { kind: 'clarification'; body: GenerateClarificationResponse }
  /** `created` false: the Idempotency-Key named a job that exists already; nothing was charged. */
  | { kind: 'job'; generationId: string; created: boolean };

export interface SubmitOptions {
  idempotencyKey: string | null;
  /** The hash of the route and body the key came with; null without a key. */
  requestHash?: string | null;
}

/**
 * The job a repeated Idempotency-Key opened, when it comes with the same request; another request
 * under a used key is a 422, not the first job's answer (docs/decisions/0083). Jobs opened before
 * hashes were kept match any request, as they did.
 */
export async function jobOfKey(db: Database, userId: string, options: SubmitOptions): Promise<{ kind: 'job'; generationId: string; created: false } | null> {
  if (!options.idempotencyKey) return null;
  const known = await findJobByKey(db, userId, options.idempotencyKey);
  if (!known) return null;
  if (known.requestHash && options.requestHash && known.requestHash !== options.requestHash) {
    throw new AppError('idempotency_key_reused', jobMessages.idempotencyKeyReused, { field: 'Idempotency-Key' });
  }
  return { kind: 'job', generationId: known.id, created: false };
}

/**
 * Validates, answers a clarification (nothing charged), then opens the job and takes its price
 * in one batch — from the caller's balance, or from their workspace's pool
 * (docs/decisions/0096-workspaces.md). The same Idempotency-Key from the same user finds the job it
 * made; two requests racing with one key both reach the batch, and the unique index rolls the
 * loser's charge back.
 */
export async function submitGeneration(
  deps: GenerationDeps,
  space: Space,
  body: GenerateBody,
  options: SubmitOptions = { idempotencyKey: null },
): Promise<Submitted> {
  const known = await jobOfKey(deps.db, space.userId, options);
  if (known) return known;
  const requested = planGeneration(body);
  // The project and parent are the space's, or a 404 before the paid validation and the charge.
  // The brief's words checked and cut to fit beside the prompt, as the engine will get them.
  const placement = withEngineBrief(requested.prompt, await resolvePlacement(deps.db, space, body));
  const plan = withHeroReference(requested, placement);
  if (plan.resolution === PRINT_RESOLUTION) requirePrintPlan(space.plan, 'resolution');
  const cost = isUnlimited(space.plan) ? 0 : plan.cost;
  const refusal = () => notEnoughCredits(space, cost, plan.model);
  // A user who cannot pay gets the 402 before the paid validation call; the charge
  // itself still decides atomically, this only spares the text model.
  await requireRoomToPay(deps.db, space, cost, refusal);
  const clarification = await clarificationIfNeeded(deps, plan, placement.briefAddition);
  if (clarification) return { kind: 'clarification', body: clarification };
  const stored = plan.inputs.flatMap((input) => (input.kind === 'reference' ? [input.path] : []));
  const readable = { userId: space.userId, results: await spaceResults(deps.db, space, stored) };
  const images = await loadInputImages(deps.media, readable, plan.inputs);
  const generationId = crypto.randomUUID();
  const inputKey = await storeJobInput(deps.media, mediaKeys.jobInput(space.userId, generationId), { images, history: plan.history });
  const params = jobParams(plan, space, placement, { seed: plan.seed ?? random31(), engine: deps.imageEngine.name, inputKey });
  const opened = await openChargedJob(deps, space, { generationId, cost, params, inputKey }, options, refusal);
  return { kind: 'job', ...opened };
}

/**
 * The 402 before anything paid happens: the balance that pays is too low, or in a workspace the
 * charge would pass the member's monthly cap (a 402 naming the cap). The charge's own statement
 * still decides; this spares the text model and the stored input.
 */
export async function requireRoomToPay(db: Database, space: Space, cost: number, notEnough: () => AppError): Promise<void> {
  if (space.kind === 'workspace' && cost > 0) {
    const cap = await capPassedBy(db, space.workspaceId, space.userId, cost, thisMonth());
    if (cap !== null) throw new AppError('insufficient_credits', workspaceMessages.atMonthlyCap(cap));
  }
  if (space.credits < cost) throw notEnough();
}

function thisMonth(): { start: number; end: number } {
  const now = Date.now();
  return monthRange(monthOf(now)) ?? { start: now, end: now };
}

/**
 * Opens a job and takes its price in one batch (startGenerationJob), for every route that opens
 * one. Two requests racing with one Idempotency-Key both reach the batch and the unique index
 * rolls the loser's charge back: the loser answers with the winner's job. A batch that changed
 * nothing is the 429 of a user at the fair-share limit, else the 402 — in a workspace the cap's,
 * or the 404 of a member removed meanwhile. Either way the job's stored input goes.
 */
export async function openChargedJob(
  deps: GenerationDeps,
  space: Space,
  job: { generationId: string; cost: number; params: StoredJobParams; inputKey: string | null },
  options: SubmitOptions,
  notEnoughCredits: () => AppError,
): Promise<{ generationId: string; created: boolean }> {
  const { generationId, cost, params, inputKey } = job;
  const start = { userId: space.userId, workspaceId: space.workspaceId, generationId, cost, params, idempotencyKey: options.idempotencyKey, requestHash: options.requestHash ?? null };
  let balance: number | null;
  try {
    balance = await startGenerationJob(deps.db, start);
  } catch (error) {
    if (inputKey) await deps.media.delete(inputKey);
    const winner = isUniqueViolation(error) ? await jobOfKey(deps.db, space.userId, options) : null;
    if (!winner) throw error;
    return winner;
  }
  if (balance === null) {
    if (inputKey) await deps.media.delete(inputKey);
    if ((await activeJobCount(deps.db, space.userId)) >= MAX_ACTIVE_JOBS_PER_USER) throw tooManyJobs();
    if (space.kind === 'workspace') {
      const member = await findMembership(deps.db, space.userId, space.workspaceId);
      if (!member) throw new AppError('not_found', generalMessages.notFound);
      await requireRoomToPay(deps.db, member, cost, notEnoughCredits);
    }
    throw notEnoughCredits();
  }
  if (cost > 0) await deps.notifyBalance?.(space, { credits: balance, plan: space.plan });
  return { generationId, created: true };
}

/**
 * 4K is a paid plan's (docs/decisions/0089-print-resolution.md): a 403 naming the caller's plan,
 * before any charge; `field` names what asked for it, when the request has one.
 */
export function requirePrintPlan(plan: Plan, field?: string): void {
  if (!isPaidPlan(plan)) throw new AppError('forbidden', printMessages.printNeedsPaidPlan(PLAN_NAMES[plan]), field ? { field } : {});
}

/** The 402 names the model that runs (an unknown name runs as Fast), and in a workspace says whose pool is short. */
export function notEnoughCredits(space: Space, cost: number, model: ModelId): AppError {
  const label = MODELS[model].label;
  const message = space.kind === 'workspace' ? workspaceMessages.poolTooLow(cost, label) : studioMessages.notEnoughCredits(cost, label);
  return new AppError('insufficient_credits', message);
}

function tooManyJobs(): AppError {
  return new AppError('too_many_jobs', jobMessages.tooManyJobs(MAX_ACTIVE_JOBS_PER_USER), {
    headers: { 'Retry-After': String(ACTIVE_JOBS_RETRY_AFTER_SECONDS) },
  });
}

function jobParams(
  plan: GenerationPlan,
  space: Space,
  placement: Placement,
  extra: { seed: number; engine: StoredJobParams['engine']; inputKey: string | null },
): StoredJobParams {
  const { projectId, parentId, briefAddition, briefVersion } = placement;
  return {
    kind: 'generate',
    prompt: plan.prompt,
    model: plan.model,
    aspectRatio: plan.aspectRatio,
    resolution: plan.resolution,
    generationType: plan.generationType,
    numberOfViews: plan.views,
    referenceImages: plan.inputs.flatMap((input) => (input.kind === 'reference' ? [input.path] : [])),
    // The plan of the space that pays decides watermark, visibility and 4K.
    userPlan: space.plan,
    workspaceId: space.workspaceId,
    ...extra,
    ...(plan.warning ? { warning: plan.warning } : {}),
    ...(plan.input ? { inputType: plan.input.type, fidelity: plan.input.fidelity } : {}),
    projectId,
    parentId,
    briefAddition,
    briefVersion,
  };
}
