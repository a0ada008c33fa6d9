/**
 * The one view of an `upscale` job (docs/decisions/0089-print-resolution.md): the source's master
 * (or, before masters, its JPEG) goes to the engine as it is stored, never decoded here; the answer
 * is brought to the exact size by the Images binding; then it is stored as every view is — at 4K
 * without a raster in the Worker (worker/studio/print-image.ts), at 2K as always. Before it is
 * stored, the result is scored against its source (./upscale-fidelity.ts) and carries its score
 * and map as a scored view does (produceUpscaleView says what a low score leads to).
 */
import { FIDELITY_RETRY_BELOW } from '#shared/drawing-inputs';
import type { StoredImage, StoredUpscaleParams } from '#shared/generation-types';
import { CONCEPT_RATIOS, ratioValue, type AspectRatio } from '#shared/models';
import { PRINT_MAX_PIXELS } from '#shared/print';
import { encodePngInBands, generationImage, storeView, transformImage } from '../media';
import { toBase64 } from '../platform/base64';
import { UPSCALE_REFERENCE_MAX_BYTES, WATERMARK } from '../platform/limits';
import { checkImageHeader, processViewImage, sniffImage, type EngineImage, type InlineImage } from '../studio';
import { betterOf, RETRY_ATTEMPT, storeFidelityMap, withFidelity, type Scored } from './fidelity';
import { UPSCALE_FIDELITY_FLOOR, upscaleScorer, type UpscaleScorer } from './upscale-fidelity';
import type { ViewContext, ViewOutcome } from './view-context';

type ViewFailure = Extract<ViewOutcome, { failure: unknown }>;

/** The ratio Google's models render nearest to the result's: they take no other. */
function renderedRatio(width: number, height: number): AspectRatio {
  const value = width / height;
  return CONCEPT_RATIOS.reduce((best, ratio) => (Math.abs(ratioValue(ratio) - value) < Math.abs(ratioValue(best) - value) ? ratio : best));
}

/**
 * The source as the engine receives it: its lossless master when it is small enough to send,
 * else a JPEG of it at the delivered quality made by the Images binding; an image saved before
 * masters sends its JPEG.
 */
async function referenceOf(deps: { media: R2Bucket; images: ImagesBinding }, image: StoredImage): Promise<{ inline: InlineImage; bytes: Uint8Array }> {
  const stored = (image.masterKey ? await deps.media.get(image.masterKey) : null) ?? (await deps.media.get(image.key));
  if (!stored) throw new Error(`image ${image.key} is missing`);
  let bytes: Uint8Array = new Uint8Array(await stored.arrayBuffer());
  if (bytes.length > UPSCALE_REFERENCE_MAX_BYTES) {
    bytes = await transformImage(deps.images, bytes, null, { format: 'image/jpeg', quality: WATERMARK.jpegQuality });
  }
  const kind = sniffImage(bytes);
  if (!kind) throw new Error(`image ${image.key} is not an image`);
  return { inline: { mimeType: kind.mimeType, data: toBase64(bytes) }, bytes };
}

/** The engine's answer as a PNG of exactly the result's size, resampled by the Images binding when it is not. */
async function atExactSize(images: ImagesBinding, answer: EngineImage, size: StoredUpscaleParams): Promise<Uint8Array> {
  const bytes = answer.kind === 'rgba' ? await encodePngInBands(answer) : answer.bytes;
  const header = checkImageHeader(bytes, PRINT_MAX_PIXELS);
  if (!header.ok) throw new Error(`upscale answer refused before processing: ${header.reason}`);
  if (header.size.width === size.width && header.size.height === size.height && sniffImage(bytes)?.mimeType === 'image/png') return bytes;
  return transformImage(images, bytes, { width: size.width, height: size.height, fit: 'cover', gravity: 'center' }, { format: 'image/png' });
}

async function sourceImage(ctx: ViewContext, upscale: StoredUpscaleParams): Promise<StoredImage> {
  const image = await generationImage(ctx.deps.db, { userId: upscale.sourceUserId ?? ctx.userId, generationId: upscale.sourceId, index: upscale.sourceIndex });
  if (!image) throw new Error(`source ${upscale.sourceId}/${upscale.sourceIndex} is gone`);
  return image;
}

/** One result asked of the engine, stored as attempt `attempt` of the view, with its score when it has one. */
async function askOnce(
  ctx: ViewContext,
  job: { index: number; seed: number; attempt: number; upscale: StoredUpscaleParams; reference: InlineImage; scorer: UpscaleScorer },
): Promise<{ image: StoredImage; scored: Scored | null } | { failure: ViewFailure }> {
  const { upscale } = job;
  const result = await ctx.deps.imageEngine.upscale({
    image: job.reference,
    width: upscale.width,
    height: upscale.height,
    model: ctx.plan.model,
    aspectRatio: renderedRatio(upscale.width, upscale.height),
    resolution: ctx.plan.resolution,
    seed: job.seed,
  });
  if (!result.ok) {
    console.warn(`upscale ${ctx.generationId} failed: ${result.reason} (${result.detail})`);
    return { failure: { failure: result.reason, ...(result.retryable ? { retryable: true } : {}) } };
  }
  const png = await atExactSize(ctx.deps.images, result.image, upscale);
  const scored = await job.scorer.score({ bytes: png, width: upscale.width, height: upscale.height });
  const processed = await processViewImage(ctx.deps.images, { kind: 'encoded', bytes: png, mimeType: 'image/png' }, {
    resolution: ctx.plan.resolution,
    cropTo: null,
    watermark: ctx.watermark,
  });
  const owner = { userId: ctx.userId, generationId: ctx.generationId, index: job.index, seed: job.seed, attempt: job.attempt };
  const image = await storeView(ctx.deps, owner, processed);
  if (!scored) return { image, scored: null };
  return { image, scored: { image, score: scored.score, mapKey: await storeFidelityMap(ctx, job.index, job.attempt, scored.map) } };
}

/**
 * The view: a result that keeps less than FIDELITY_RETRY_BELOW of the source's lines — the bar
 * of the spec's decision 33 — is asked for once more with another seed, and the better of the two
 * becomes the view with the other as its alternate, as a precise render's free re-render does
 * (0086; nothing more is charged). When even the better keeps under UPSCALE_FIDELITY_FLOOR, the
 * view fails as `drifted` and the job refunds.
 */
export async function produceUpscaleView(ctx: ViewContext, index: number, seed: number): Promise<ViewOutcome> {
  const { upscale } = ctx;
  if (!upscale) {
    console.warn(`upscale ${ctx.generationId} has no source`);
    return { failure: 'processing' };
  }
  try {
    const source = await sourceImage(ctx, upscale);
    const reference = await referenceOf(ctx.deps, source);
    const scorer = await upscaleScorer(ctx.deps.images, { bytes: reference.bytes, width: source.width, height: source.height });
    const job = { index, upscale, reference: reference.inline, scorer };
    const first = await askOnce(ctx, { ...job, seed, attempt: 1 });
    if ('failure' in first) return first.failure;
    if (!first.scored) return { image: first.image };
    let chosen = withFidelity(first.scored, false);
    if (first.scored.score < FIDELITY_RETRY_BELOW) {
      console.warn(`upscale ${ctx.generationId}: the result kept ${first.scored.score} of its source's lines; asking once more`);
      const second = await askOnce(ctx, { ...job, seed: (seed + 1) % 2 ** 31, attempt: RETRY_ATTEMPT });
      if ('failure' in second) console.warn(`upscale ${ctx.generationId}: the second ask failed (${second.failure.failure}); the first result stays`);
      else if (second.scored) chosen = betterOf(first.scored, second.scored);
    }
    if ((chosen.fidelity?.score ?? 1) < UPSCALE_FIDELITY_FLOOR) return { failure: 'drifted' };
    return { image: chosen };
  } catch (error) {
    // What it stored before failing is deleted with the job's other objects when the job ends (run.ts).
    console.warn(`upscale ${ctx.generationId} failed`, error);
    return { failure: 'processing' };
  }
}
