/**
 * POST /api/generate behind the route: validate, charge, render every view in parallel,
 * post-process and store, record, answer — and refund when nothing came back (docs/decisions/0006–0008).
 * Every dependency is passed in, so tests can swap the engine or the clock.
 */
import type { Database } from '../db/client';
import { failGenerationJob, finishGenerationJob, startGenerationJob } from './jobs';
import type { PublicUser } from '../auth/users';
import type {
  GenerateClarificationResponse,
  GenerateFailureResponse,
  GenerateSuccessResponse,
  GeneratedImage,
} from '#shared/api-types';
import type { GenerationFailureReason, StoredImage } from '#shared/generation-types';
import { studioMessages, validationMessages } from '#shared/messages';
import { MODELS } from '#shared/models';
import { defaultVisibility, isPaidPlan, isUnlimited, type Plan } from '#shared/plans';
import type { ImageEngine, InlineImage, TextEngine, ViewRequest } from './engines/types';
import { AppError } from '../platform/errors';
import { planGeneration, type GenerateBody, type GenerationPlan } from './generation-request';
import { processImage } from './image-processing';
import { loadInputImages } from './input-images';
import { presentStoredImage, type Visibility } from '../media/urls';
import { storeView } from '../media/renditions';
import { validatePrompt, type ValidationCache } from './prompt-validation';

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
  /** Counts a paid validation call against the user's meter; throws the 429 past it. */
  meterValidation?: () => Promise<void>;
}

export type GenerationOutcome =
  | { status: 200; body: GenerateSuccessResponse | GenerateClarificationResponse }
  | { status: 502; body: GenerateFailureResponse };

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

/**
 * Opens the job and takes the price before any work, in one batch; enterprise pays nothing.
 * Returns the balance after it. The 402 names the model that runs (an unknown name runs as Fast).
 */
async function charge(
  deps: GenerationDeps,
  user: PublicUser,
  charge: { generationId: string; cost: number; plan: GenerationPlan },
): Promise<number> {
  const balance = await startGenerationJob(deps.db, { userId: user.id, generationId: charge.generationId, cost: charge.cost });
  if (balance === null) {
    throw new AppError('insufficient_credits', studioMessages.notEnoughCredits(charge.cost, MODELS[charge.plan.model].label));
  }
  if (charge.cost > 0) await deps.notifyProfile?.(user.id, { credits: balance, plan: user.plan });
  return balance;
}

interface ViewContext {
  deps: GenerationDeps;
  plan: GenerationPlan;
  userId: string;
  generationId: string;
  watermark: boolean;
  images: InlineImage[];
}

type ViewOutcome = { image: StoredImage } | { failure: GenerationFailureReason };

/** One view from engine to R2; a failure reason when any step failed (logged, never thrown). */
async function produceView(ctx: ViewContext, index: number, seed: number): Promise<ViewOutcome> {
  const { plan } = ctx;
  const request: ViewRequest = {
    prompt: plan.prompt,
    model: plan.model,
    aspectRatio: plan.aspectRatio,
    resolution: plan.resolution,
    seed,
    images: ctx.images,
    history: plan.history,
  };
  try {
    const result = await ctx.deps.imageEngine.generateView(request);
    if (!result.ok) {
      console.warn(`view ${index} failed: ${result.reason} (${result.detail})`);
      return { failure: result.reason };
    }
    const processed = processImage(result.image, {
      cropTo: plan.model === 'concept' ? plan.aspectRatio : null,
      watermark: ctx.watermark,
    });
    const view = { userId: ctx.userId, generationId: ctx.generationId, index, seed };
    return { image: await storeView(ctx.deps, view, processed) };
  } catch (error) {
    // A failed watermark lands here too: a free user never gets an unmarked image (docs/decisions/0015).
    console.warn(`view ${index} failed`, error);
    return { failure: 'processing' };
  }
}

/** The reason that tells the user most, when every view failed (for example one blocked, one timed out). */
const REASON_PRIORITY: readonly GenerationFailureReason[] = ['blocked', 'no_image', 'timeout', 'provider_error', 'processing', 'interrupted'];

export function generationFailureReason(failures: readonly GenerationFailureReason[]): GenerationFailureReason {
  return REASON_PRIORITY.find((reason) => failures.includes(reason)) ?? 'provider_error';
}

interface RenderedViews {
  stored: StoredImage[];
  failures: GenerationFailureReason[];
}

async function renderViews(ctx: ViewContext, baseSeed: number): Promise<RenderedViews> {
  const seeds = Array.from({ length: ctx.plan.views }, (_, i) => (baseSeed + i) % 2 ** 31);
  let results: ViewOutcome[];
  if (ctx.deps.imageEngine.parallelViews) {
    results = await Promise.all(seeds.map((seed, index) => produceView(ctx, index, seed)));
  } else {
    results = [];
    for (const [index, seed] of seeds.entries()) results.push(await produceView(ctx, index, seed));
  }
  return {
    stored: results.flatMap((result) => ('image' in result ? [result.image] : [])),
    failures: results.flatMap((result) => ('failure' in result ? [result.failure] : [])),
  };
}

/** Closes the job as failed, returning the whole charge, and says why no image came back. */
async function failure(
  deps: GenerationDeps,
  user: PublicUser,
  ctx: { generationId: string; plan: GenerationPlan; reason: GenerationFailureReason },
): Promise<GenerationOutcome> {
  const closed = await failGenerationJob(deps.db, { userId: user.id, generationId: ctx.generationId, reason: ctx.reason });
  const refunded = closed.refunded > 0;
  if (refunded) await deps.notifyProfile?.(user.id, { credits: closed.balance, plan: user.plan });
  return {
    status: 502,
    body: {
      error: { code: 'upstream_failed', message: studioMessages.allGenerationsFailed },
      success: false,
      generationId: ctx.generationId,
      refunded,
      creditsRefunded: closed.refunded,
      creditsCharged: 0,
      creditsLeft: isUnlimited(user.plan) ? null : closed.balance,
      failureReason: ctx.reason,
      reasonMessage: studioMessages.failureReasons[ctx.reason],
      ...(refunded ? { refundMessage: studioMessages.refunded(closed.refunded) } : {}),
      ...(ctx.plan.warning ? { warning: ctx.plan.warning } : {}),
    },
  };
}

/**
 * Saves the row and closes the job as delivered. A failed save is only logged and the
 * generation still succeeds (docs/decisions/0031): its job stays pending, so the sweeper refunds it
 * and removes the images later. Returns whether the row was saved.
 */
async function record(
  deps: GenerationDeps,
  user: PublicUser,
  ctx: { generationId: string; plan: GenerationPlan; images: StoredImage[]; cost: number; engine: 'gemini' | 'preview' },
): Promise<boolean> {
  try {
    const saved = await finishGenerationJob(deps.db, {
      id: ctx.generationId,
      userId: user.id,
      prompt: ctx.plan.prompt,
      model: MODELS[ctx.plan.model].label,
      visibility: defaultVisibility(user.plan),
      aspectRatio: ctx.plan.aspectRatio,
      resolution: ctx.plan.resolution,
      generationType: ctx.plan.generationType,
      engine: ctx.engine,
      images: ctx.images,
      referenceImages: ctx.plan.inputs.flatMap((input) => (input.kind === 'reference' ? [input.path] : [])),
      imageCount: ctx.images.length,
      creditsCharged: ctx.cost,
      shuffleKey: random31(),
    });
    if (!saved) {
      // The sweeper closed this job (it ran past the sweeper's threshold) and refunded it.
      console.error(`generation ${ctx.generationId} finished after its job was closed; not saved`);
      return false;
    }
    await deps.notifyGenerations?.(user.id);
    return true;
  } catch (error) {
    console.error('saving the generation failed', error);
    return false;
  }
}

function successBody(
  user: PublicUser,
  plan: GenerationPlan,
  extra: { generationId: string; images: GeneratedImage[]; cost: number; balance: number | null; engine: 'gemini' | 'preview'; now: number },
): GenerateSuccessResponse {
  const watermarked = !isPaidPlan(user.plan);
  const [first] = extra.images;
  if (!first) throw new Error('a successful generation has at least one image');
  return {
    success: true,
    generationId: extra.generationId,
    imageUrl: first.url,
    imageUrls: extra.images.map((image) => image.url),
    images: extra.images,
    seed: first.seed,
    ...(plan.warning ? { warning: plan.warning } : {}),
    metadata: {
      prompt: plan.prompt,
      aspectRatio: plan.aspectRatio,
      numberOfViews: plan.views,
      actualViews: extra.images.length,
      model: plan.model,
      resolution: plan.resolution,
      generationType: plan.generationType,
      timestamp: new Date(extra.now).toISOString(),
      referenceImages: plan.inputs.flatMap((input) => (input.kind === 'reference' ? [input.path] : [])),
      userPlan: user.plan,
      watermarked,
      engine: extra.engine,
      preview: extra.engine === 'preview',
    },
    creditsCharged: extra.cost,
    creditsLeft: isUnlimited(user.plan) ? null : extra.balance,
    refunded: false,
  };
}

export async function runGeneration(deps: GenerationDeps, user: PublicUser, body: GenerateBody): Promise<GenerationOutcome> {
  const plan = planGeneration(body);
  const cost = isUnlimited(user.plan) ? 0 : plan.cost;
  // A user who cannot pay gets the 402 before the paid validation call; the charge
  // itself still decides atomically, this only spares the text model.
  if (user.credits < cost) {
    throw new AppError('insufficient_credits', studioMessages.notEnoughCredits(cost, MODELS[plan.model].label));
  }
  const clarification = await clarificationIfNeeded(deps, plan);
  if (clarification) return { status: 200, body: clarification };
  const images = await loadInputImages(deps.media, user.id, plan.inputs);
  const generationId = crypto.randomUUID();
  const balance = await charge(deps, user, { generationId, cost, plan });
  const ctx: ViewContext = { deps, plan, userId: user.id, generationId, watermark: !isPaidPlan(user.plan), images };
  const { stored, failures } = await renderViews(ctx, plan.seed ?? random31());
  if (stored.length === 0) return failure(deps, user, { generationId, plan, reason: generationFailureReason(failures) });
  const engine = deps.imageEngine.name;
  const saved = await record(deps, user, { generationId, plan, images: stored, cost, engine });
  const now = deps.now?.() ?? Date.now();
  // Without a saved row nobody but a signature can prove access, so the URLs are signed.
  const visibility: Visibility = saved ? defaultVisibility(user.plan) : 'private';
  const presented = await Promise.all(
    stored.map((image, index) => presentStoredImage(deps.signingSecret, image, index, visibility, now)),
  );
  return { status: 200, body: successBody(user, plan, { generationId, images: presented, cost, balance, engine, now }) };
}
