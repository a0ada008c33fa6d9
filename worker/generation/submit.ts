/**
 * POST /api/generate behind the route: validate, place, answer a clarification, then charge and
 * open the job in one batch (docs/decisions/0006–0008, 0036). The job then runs its views
 * (worker/generation/run.ts). Every dependency is passed in, so tests can swap the engine or the clock.
 */
import type { Database } from '../db/client';
import { startGenerationJob } from './charges';
import type { PublicUser } from '../platform/context';
import type { GenerateClarificationResponse } from '#shared/api-types';
import type { StoredJobParams } from '#shared/generation-types';
import type { JobSnapshot } from '#shared/job-types';
import { ACTIVE_JOBS_RETRY_AFTER_SECONDS, MAX_ACTIVE_JOBS_PER_USER } from '../platform/limits';
import { jobMessages, printMessages, studioMessages, validationMessages } from '#shared/messages';
import { MODELS, PRINT_RESOLUTION } from '#shared/models';
import { PLAN_NAMES, isPaidPlan, isUnlimited, type Plan } from '#shared/plans';
import { AppError, isUniqueViolation } from '../platform/errors';
import { random31 } from '../platform/crypto';
import { mediaKeys } from '../media';
import { loadInputImages, validatePrompt, type ImageEngine, type TextEngine, type ValidationCache } from '../studio';
import { planGeneration, type GenerateBody, type GenerationPlan } from './request';
import { activeJobCount, findJobByKey } from './queries';
import { storeJobInput } from './input';
import { resolvePlacement, withEngineBrief, withHeroReference, type Placement } from './placement';

export interface GenerationDeps {
  db: Database;
  media: R2Bucket;
  /** Encodes the WebP rendition ladder (docs/decisions/0040-webp-rendition-ladder.md). */
  images: ImagesBinding;
  imageEngine: ImageEngine;
  textEngine: TextEngine;
  signingSecret: string;
  validationCache?: ValidationCache;
  now?: () => number;
  /** Told after the balance or the generations changed; failures are the notifier's business. */
  notifyProfile?: (userId: string, profile: { credits: number; plan: Plan }) => Promise<void>;
  notifyGenerations?: (userId: string) => Promise<void>;
  notifyProjects?: (userId: string) => Promise<void>;
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
 * in one batch. The same Idempotency-Key from the same user finds the job it made; two requests
 * racing with one key both reach the batch, and the unique index rolls the loser's charge back.
 */
export async function submitGeneration(
  deps: GenerationDeps,
  user: PublicUser,
  body: GenerateBody,
  options: SubmitOptions = { idempotencyKey: null },
): Promise<Submitted> {
  const known = await jobOfKey(deps.db, user.id, options);
  if (known) return known;
  const requested = planGeneration(body);
  // The project and parent are the caller's own, or a 404 before the paid validation and the charge.
  // The brief's words checked and cut to fit beside the prompt, as the engine will get them.
  const placement = withEngineBrief(requested.prompt, await resolvePlacement(deps.db, user.id, body));
  const plan = withHeroReference(requested, placement);
  if (plan.resolution === PRINT_RESOLUTION) requirePrintPlan(user.plan, 'resolution');
  const cost = isUnlimited(user.plan) ? 0 : plan.cost;
  // A user who cannot pay gets the 402 before the paid validation call; the charge
  // itself still decides atomically, this only spares the text model.
  if (user.credits < cost) throw notEnoughCredits(cost, plan);
  const clarification = await clarificationIfNeeded(deps, plan, placement.briefAddition);
  if (clarification) return { kind: 'clarification', body: clarification };
  const images = await loadInputImages(deps.media, user.id, plan.inputs);
  const generationId = crypto.randomUUID();
  const inputKey = await storeJobInput(deps.media, mediaKeys.jobInput(user.id, generationId), { images, history: plan.history });
  const params = jobParams(plan, user.plan, placement, { seed: plan.seed ?? random31(), engine: deps.imageEngine.name, inputKey });
  const opened = await openChargedJob(deps, user, { generationId, cost, params, inputKey }, options, () => notEnoughCredits(cost, plan));
  return { kind: 'job', ...opened };
}

/**
 * Opens a job and takes its price in one batch (startGenerationJob), for every route that opens
 * one. Two requests racing with one Idempotency-Key both reach the batch and the unique index
 * rolls the loser's charge back: the loser answers with the winner's job. A batch that changed
 * nothing is the 429 of a user at the fair-share limit, else the 402. Either way the job's stored
 * input goes.
 */
export async function openChargedJob(
  deps: GenerationDeps,
  user: PublicUser,
  job: { generationId: string; cost: number; params: StoredJobParams; inputKey: string | null },
  options: SubmitOptions,
  notEnoughCredits: () => AppError,
): Promise<{ generationId: string; created: boolean }> {
  const { generationId, cost, params, inputKey } = job;
  let balance: number | null;
  try {
    balance = await startGenerationJob(deps.db, { userId: user.id, generationId, cost, params, idempotencyKey: options.idempotencyKey, requestHash: options.requestHash ?? null });
  } catch (error) {
    if (inputKey) await deps.media.delete(inputKey);
    const winner = isUniqueViolation(error) ? await jobOfKey(deps.db, user.id, options) : null;
    if (!winner) throw error;
    return winner;
  }
  if (balance === null) {
    if (inputKey) await deps.media.delete(inputKey);
    throw (await activeJobCount(deps.db, user.id)) >= MAX_ACTIVE_JOBS_PER_USER ? tooManyJobs() : notEnoughCredits();
  }
  if (cost > 0) await deps.notifyProfile?.(user.id, { credits: balance, plan: user.plan });
  return { generationId, created: true };
}

/**
 * 4K is a paid plan's (docs/decisions/0089-print-resolution.md): a 403 naming the caller's plan,
 * before any charge; `field` names what asked for it, when the request has one.
 */
export function requirePrintPlan(plan: Plan, field?: string): void {
  if (!isPaidPlan(plan)) throw new AppError('forbidden', printMessages.printNeedsPaidPlan(PLAN_NAMES[plan]), field ? { field } : {});
}

/** The 402 names the model that runs (an unknown name runs as Fast). */
function notEnoughCredits(cost: number, plan: GenerationPlan): AppError {
  return new AppError('insufficient_credits', studioMessages.notEnoughCredits(cost, MODELS[plan.model].label));
}

function tooManyJobs(): AppError {
  return new AppError('too_many_jobs', jobMessages.tooManyJobs(MAX_ACTIVE_JOBS_PER_USER), {
    headers: { 'Retry-After': String(ACTIVE_JOBS_RETRY_AFTER_SECONDS) },
  });
}

function jobParams(
  plan: GenerationPlan,
  userPlan: Plan,
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
    userPlan,
    ...extra,
    ...(plan.warning ? { warning: plan.warning } : {}),
    ...(plan.input ? { inputType: plan.input.type, fidelity: plan.input.fidelity } : {}),
    projectId,
    parentId,
    briefAddition,
    briefVersion,
  };
}
