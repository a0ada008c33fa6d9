/**
 * POST /api/generations/:id/images/:index/upscale behind the route (docs/decisions/0089-print-resolution.md):
 * the source is the caller's space's (else 404) and shorter than UPSCALE_MAX_LONG_SIDE (else 400); a
 * 4K result needs a paid plan (else 403 naming the plan); then the job opens with one view's price
 * of UPSCALE_MODEL at the result's resolution, in one batch, as every job does. Nothing is charged
 * for a refusal; the same Idempotency-Key finds the job it made.
 */
import type { StoredJobParams } from '#shared/generation-types';
import { printMessages } from '#shared/messages';
import { isUnlimited } from '#shared/plans';
import { UPSCALE_MAX_LONG_SIDE, UPSCALE_MODEL, upscaleQuote, type UpscaleQuote } from '#shared/print';
import type { Space } from '../platform/space';
import { random31 } from '../platform/crypto';
import { AppError } from '../platform/errors';
import { findSourceImage, type ImageTarget, type SourceImage } from './source-image';
import { jobOfKey, notEnoughCredits, openChargedJob, requirePrintPlan, requireRoomToPay, type GenerationDeps, type SubmitOptions } from './submit';

/** The job an upscale keeps: the source's words, project and ratio; the result's size and resolution. */
function upscaleParams(source: SourceImage, target: ImageTarget, quote: UpscaleQuote, space: Space, extra: Pick<StoredJobParams, 'engine' | 'userPlan'>): StoredJobParams {
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
    upscale: { sourceId: source.id, sourceIndex: target.index, width: quote.width, height: quote.height, ...(source.userId === space.userId ? {} : { sourceUserId: source.userId }) },
    workspaceId: space.workspaceId,
  };
}

/** Validates, then opens the upscale job with its charge. `created` false: the Idempotency-Key named a job that exists already. */
export async function submitUpscale(deps: GenerationDeps, space: Space, target: ImageTarget, options: SubmitOptions): Promise<{ generationId: string; created: boolean }> {
  const known = await jobOfKey(deps.db, space.userId, options);
  if (known) return known;
  const source = await findSourceImage(deps.db, space, target);
  const quote = upscaleQuote(source.image.width, source.image.height);
  if (!quote) throw new AppError('invalid_request', printMessages.upscaleAtLimit(UPSCALE_MAX_LONG_SIDE));
  if (quote.paidPlansOnly) requirePrintPlan(space.plan);
  const cost = isUnlimited(space.plan) ? 0 : quote.credits;
  const refusal = () => notEnoughCredits(space, cost, UPSCALE_MODEL);
  await requireRoomToPay(deps.db, space, cost, refusal);
  const params = upscaleParams(source, target, quote, space, { engine: deps.imageEngine.name, userPlan: space.plan });
  return openChargedJob(deps, space, { generationId: crypto.randomUUID(), cost, params, inputKey: null }, options, refusal);
}
