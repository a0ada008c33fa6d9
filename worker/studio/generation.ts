/**
 * POST /api/generate behind the route: validate, answer a clarification, charge and open the
 * job (docs/decisions/0006–0008, 0036); and the one function that makes a view — engine,
 * post-processing, R2 — which the job runs once per view (worker/jobs/run.ts).
 * Every dependency is passed in, so tests can swap the engine or the clock.
 */
import type { Database } from '../db/client';
import { startGenerationJob } from './jobs';
import type { PublicUser } from '../auth/users';
import type { GenerateClarificationResponse } from '#shared/api-types';
import type { GenerationFailureReason, StoredImage, StoredJobParams } from '#shared/generation-types';
import type { JobSnapshot } from '#shared/job-types';
import { ACTIVE_JOBS_RETRY_AFTER_SECONDS, MAX_ACTIVE_JOBS_PER_USER } from '#shared/limits';
import { jobMessages, studioMessages, validationMessages } from '#shared/messages';
import { MODELS } from '#shared/models';
import { isUnlimited, type Plan } from '#shared/plans';
import type { ImageEngine, InlineImage, TextEngine, ViewRequest } from './engines/types';
import { AppError, isUniqueViolation } from '../platform/errors';
import { planGeneration, type GenerateBody, type GenerationPlan } from './generation-request';
import { processImage } from './image-processing';
import { loadInputImages } from './input-images';
import { mediaKeys } from '../media/urls';
import { storeView } from '../media/renditions';
import { validatePrompt, type ValidationCache } from './prompt-validation';
import { activeJobCount, findJobIdByKey } from '../jobs/queries';
import { storeJobInput } from '../jobs/input';
import { resolvePlacement, withHeroReference, type Placement } from '../projects/generation-context';

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

function random31(): number {
  return (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) >>> 1;
}

async function clarificationIfNeeded(
  deps: GenerationDeps,
  plan: GenerationPlan,
): Promise<GenerateClarificationResponse | null> {
  // Refinement and image-to-image skip validation (docs/decisions/0029).
  if (plan.generationType !== 'text-to-image') {
    if (!plan.prompt) throw new AppError('invalid_prompt', validationMessages.emptyPrompt, { field: 'prompt' });
    return null;
  }
  await deps.meterValidation?.();
  const verdict = await validatePrompt(deps.textEngine, plan.prompt, deps.validationCache);
  if (verdict.isValid) return null;
  return {
    success: false,
    needsClarification: true,
    validationFeedback: verdict.feedback || studioMessages.needsRefinementDefault,
    suggestions: verdict.suggestions,
    creditsCharged: 0,
  };
}

/** What every view of a job shares. */
export interface ViewContext {
  deps: { imageEngine: ImageEngine; media: R2Bucket; images: ImagesBinding };
  plan: Pick<StoredJobParams, 'prompt' | 'model' | 'aspectRatio' | 'resolution'> & { history: ViewRequest['history'] };
  userId: string;
  generationId: string;
  watermark: boolean;
  images: InlineImage[];
}

/** A stored view, or why it failed; `retryable` when another attempt may cure the failure. */
export type ViewOutcome = { image: StoredImage } | { failure: GenerationFailureReason; retryable?: boolean };

/** One view from engine to R2; a failure reason when any step failed (logged, never thrown). */
export async function produceView(ctx: ViewContext, index: number, seed: number): Promise<ViewOutcome> {
  const { plan } = ctx;
  const request: ViewRequest = {
    prompt: plan.prompt,
    model: plan.model,
    aspectRatio: plan.aspectRatio,
    resolution: plan.resolution,
    seed,
    view: index,
    images: ctx.images,
    history: plan.history,
  };
  try {
    const result = await ctx.deps.imageEngine.generateView(request);
    if (!result.ok) {
      console.warn(`view ${index} failed: ${result.reason} (${result.detail})`);
      return { failure: result.reason, ...(result.retryable ? { retryable: true } : {}) };
    }
    const processed = processImage(result.image, {
      cropTo: plan.model === 'concept' ? plan.aspectRatio : null,
      watermark: ctx.watermark,
    });
    const view = { userId: ctx.userId, generationId: ctx.generationId, index, seed };
    const image = await storeView(ctx.deps, view, processed);
    const signature = result.image.kind === 'encoded' && result.image.thoughtSignature ? { thoughtSignature: result.image.thoughtSignature } : {};
    return { image: { ...image, ...signature } };
  } catch (error) {
    // A failed watermark lands here too: a free user never gets an unmarked image (docs/decisions/0015).
    console.warn(`view ${index} failed`, error);
    return { failure: 'processing' };
  }
}

export type Submitted =
  | { kind: 'clarification'; body: GenerateClarificationResponse }
  /** `created` false: the Idempotency-Key named a job that exists already; nothing was charged. */
  | { kind: 'job'; generationId: string; created: boolean };

/**
 * Validates, answers a clarification (nothing charged), then opens the job and takes its price
 * in one batch. The same Idempotency-Key from the same user finds the job it made; two requests
 * racing with one key both reach the batch, and the unique index rolls the loser's charge back.
 */
export async function submitGeneration(
  deps: GenerationDeps,
  user: PublicUser,
  body: GenerateBody,
  options: { idempotencyKey: string | null } = { idempotencyKey: null },
): Promise<Submitted> {
  const { idempotencyKey } = options;
  const known = idempotencyKey ? await findJobIdByKey(deps.db, user.id, idempotencyKey) : null;
  if (known) return { kind: 'job', generationId: known, created: false };
  const requested = planGeneration(body);
  // The project and parent are the caller's own, or a 404 before the paid validation and the charge.
  const placement = await resolvePlacement(deps.db, user.id, body);
  const plan = withHeroReference(requested, placement);
  const cost = isUnlimited(user.plan) ? 0 : plan.cost;
  // A user who cannot pay gets the 402 before the paid validation call; the charge
  // itself still decides atomically, this only spares the text model.
  if (user.credits < cost) throw notEnoughCredits(cost, plan);
  const clarification = await clarificationIfNeeded(deps, plan);
  if (clarification) return { kind: 'clarification', body: clarification };
  const images = await loadInputImages(deps.media, user.id, plan.inputs);
  const generationId = crypto.randomUUID();
  const inputKey = await storeJobInput(deps.media, mediaKeys.jobInput(user.id, generationId), { images, history: plan.history });
  const params = jobParams(plan, user.plan, placement, { seed: plan.seed ?? random31(), engine: deps.imageEngine.name, inputKey });
  let balance: number | null;
  try {
    balance = await startGenerationJob(deps.db, { userId: user.id, generationId, cost, params, idempotencyKey });
  } catch (error) {
    const winner = idempotencyKey && isUniqueViolation(error) ? await findJobIdByKey(deps.db, user.id, idempotencyKey) : null;
    if (inputKey) await deps.media.delete(inputKey);
    if (!winner) throw error;
    return { kind: 'job', generationId: winner, created: false };
  }
  if (balance === null) {
    if (inputKey) await deps.media.delete(inputKey);
    throw (await activeJobCount(deps.db, user.id)) >= MAX_ACTIVE_JOBS_PER_USER ? tooManyJobs() : notEnoughCredits(cost, plan);
  }
  if (cost > 0) await deps.notifyProfile?.(user.id, { credits: balance, plan: user.plan });
  return { kind: 'job', generationId, created: true };
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
    projectId,
    parentId,
    briefAddition,
    briefVersion,
  };
}

/** The reason that tells the user most, when every view failed (for example one blocked, one timed out). */
const REASON_PRIORITY: readonly GenerationFailureReason[] = ['blocked', 'no_image', 'timeout', 'provider_error', 'processing', 'interrupted'];

export function generationFailureReason(failures: readonly GenerationFailureReason[]): GenerationFailureReason {
  return REASON_PRIORITY.find((reason) => failures.includes(reason)) ?? 'provider_error';
}

export function newShuffleKey(): number {
  return random31();
}
