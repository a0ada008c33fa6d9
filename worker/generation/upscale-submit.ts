/**
 * POST /api/generations/:id/images/:index/upscale behind the route (docs/decisions/0089-print-resolution.md):
 * the source is the caller's own (else 404) and shorter than UPSCALE_MAX_LONG_SIDE (else 400); a
 * 4K result needs a paid plan (else 403 naming the plan); then the job opens with one view's price
 * of UPSCALE_MODEL at the result's resolution, in one batch, as every job does. Nothing is charged
 * for a refusal; the same Idempotency-Key finds the job it made.
 */
import type { StoredJobParams } from '#shared/generation-types';
import { printMessages, studioMessages } from '#shared/messages';
import { MODELS } from '#shared/models';
import { isUnlimited } from '#shared/plans';
import { UPSCALE_MAX_LONG_SIDE, UPSCALE_MODEL, upscaleQuote, type UpscaleQuote } from '#shared/print';
import type { PublicUser } from '../platform/context';
import { random31 } from '../platform/crypto';
import { AppError } from '../platform/errors';
import { findSourceImage, type ImageTarget, type SourceImage } from './source-image';
import { jobOfKey, openChargedJob, requirePrintPlan, type GenerationDeps, type SubmitOptions } from './submit';

/** The job an upscale keeps: the source's words, project and ratio; the result's size and resolution. */
function upscaleParams(source: SourceImage, target: ImageTarget, quote: UpscaleQuote, extra: Pick<StoredJobParams, 'engine' | 'userPlan'>): StoredJobParams {
  return {
    kind: 'upscale',
    ...extra,
    // The result is the same picture: its card, job and downloads carry the source's words.
    prompt: source.prompt,
    model: UPSCALE_MODEL,
    aspectRatio: source.aspectRatio,
    resolution: quote.resolution,
    generationType: 'image-to-image',
    numberOfViews: 1,
    referenceImages: [],
    seed: random31(),
    inputKey: null,
    projectId: source.projectId,
    parentId: source.id,
    briefAddition: null,
    briefVersion: null,
    upscale: { sourceId: source.id, sourceIndex: target.index, width: quote.width, height: quote.height },
  };
}

/** Validates, then opens the upscale job with its charge. `created` false: the Idempotency-Key named a job that exists already. */
export async function submitUpscale(deps: GenerationDeps, user: PublicUser, target: ImageTarget, options: SubmitOptions): Promise<{ generationId: string; created: boolean }> {
  const known = await jobOfKey(deps.db, user.id, options);
  if (known) return known;
  const source = await findSourceImage(deps.db, user.id, target);
  const quote = upscaleQuote(source.image.width, source.image.height);
  if (!quote) throw new AppError('invalid_request', printMessages.upscaleAtLimit(UPSCALE_MAX_LONG_SIDE));
  if (quote.paidPlansOnly) requirePrintPlan(user.plan);
  const cost = isUnlimited(user.plan) ? 0 : quote.credits;
  const notEnoughCredits = () => new AppError('insufficient_credits', studioMessages.notEnoughCredits(cost, MODELS[UPSCALE_MODEL].label));
  if (user.credits < cost) throw notEnoughCredits();
  const params = upscaleParams(source, target, quote, { engine: deps.imageEngine.name, userPlan: user.plan });
  return openChargedJob(deps, user, { generationId: crypto.randomUUID(), cost, params, inputKey: null }, options, notEnoughCredits);
}
