/**
 * The one view of an `upscale` job (docs/decisions/0089-print-resolution.md): the source's master
 * (or, before masters, its JPEG) goes to the engine as it is stored, never decoded here; the answer
 * is brought to the exact size by the Images binding; then it is stored as any view is — at 4K
 * without a raster in the Worker (worker/studio/print-image.ts), at 2K as always. The fidelity
 * check against the source is a seam until the score lands (./upscale-fidelity.ts).
 */
import type { StoredImage, StoredUpscaleParams } from '#shared/generation-types';
import { CONCEPT_RATIOS, ratioValue, type AspectRatio } from '#shared/models';
import { PRINT_MAX_PIXELS } from '#shared/print';
import { encodePngInBands, generationImage, storeView, transformImage } from '../media';
import { toBase64 } from '../platform/base64';
import { UPSCALE_REFERENCE_MAX_BYTES, WATERMARK } from '../platform/limits';
import { checkImageHeader, processViewImage, sniffImage, type EngineImage, type InlineImage } from '../studio';
import { upscaleFidelity } from './upscale-fidelity';
import type { ViewContext, ViewOutcome } from './view-context';

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
  const image = await generationImage(ctx.deps.db, { userId: ctx.userId, generationId: upscale.sourceId, index: upscale.sourceIndex });
  if (!image) throw new Error(`source ${upscale.sourceId}/${upscale.sourceIndex} is gone`);
  return image;
}

export async function produceUpscaleView(ctx: ViewContext, index: number, seed: number): Promise<ViewOutcome> {
  const { upscale } = ctx;
  if (!upscale) {
    console.warn(`upscale ${ctx.generationId} has no source`);
    return { failure: 'processing' };
  }
  try {
    const reference = await referenceOf(ctx.deps, await sourceImage(ctx, upscale));
    const result = await ctx.deps.imageEngine.upscale({
      image: reference.inline,
      width: upscale.width,
      height: upscale.height,
      model: ctx.plan.model,
      aspectRatio: renderedRatio(upscale.width, upscale.height),
      resolution: ctx.plan.resolution,
      seed,
    });
    if (!result.ok) {
      console.warn(`upscale ${ctx.generationId} failed: ${result.reason} (${result.detail})`);
      return { failure: result.reason, ...(result.retryable ? { retryable: true } : {}) };
    }
    const png = await atExactSize(ctx.deps.images, result.image, upscale);
    await upscaleFidelity({ images: ctx.deps.images, source: reference.bytes, result: png });
    const processed = await processViewImage(ctx.deps.images, { kind: 'encoded', bytes: png, mimeType: 'image/png' }, {
      resolution: ctx.plan.resolution,
      cropTo: null,
      watermark: ctx.watermark,
    });
    const image = await storeView(ctx.deps, { userId: ctx.userId, generationId: ctx.generationId, index, seed }, processed);
    return { image };
  } catch (error) {
    // What it stored before failing is deleted with the job's other objects when the job ends (run.ts).
    console.warn(`upscale ${ctx.generationId} failed`, error);
    return { failure: 'processing' };
  }
}
