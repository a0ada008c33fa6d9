/**
 * A view's geometry fidelity, inside its job (docs/decisions/0086-geometry-fidelity.md). After a
 * view of a sketch, model view or drawing is stored and announced, it is scored against the
 * input and its map stored; the view is updated and told again. In the two most precise steps a
 * view scoring under FIDELITY_RETRY_BELOW is rendered once more, with stronger instructions, at
 * no charge: the better of the two becomes the view, the other its alternate. Nothing here
 * throws: a view that cannot be scored keeps what it has. An upscale is scored against its
 * source with the same metric (./upscale-fidelity.ts).
 */
import { DEFAULT_FIDELITY, FIDELITY_MAP_LONG_SIDE, isScoredInput, retriesForGeometry } from '#shared/drawing-inputs';
import type { StoredFidelity, StoredImage, StoredJobParams } from '#shared/generation-types';
import { PRINT_RESOLUTION } from '#shared/models';
import { resolutionClassOf } from '#shared/print';
import { mediaKeys, transformImage } from '../media';
import { geometryScorer, type GeometryScorer, type ViewInput } from '../studio';
import type { ViewContext, ViewProducer } from './view-context';

/** The re-render's attempt number: its images and map are stored under their own keys. */
export const RETRY_ATTEMPT = 2;

/** The input a job's views follow, when its request named a type. */
export function viewInputOf(params: Pick<StoredJobParams, 'inputType' | 'fidelity'>): ViewInput | undefined {
  return params.inputType ? { type: params.inputType, fidelity: params.fidelity ?? DEFAULT_FIDELITY[params.inputType] } : undefined;
}

/** A stored render with its score and the key of its map. */
export interface Scored {
  image: StoredImage;
  score: number;
  mapKey: string;
}

/**
 * Encoded bytes the scorer may decode whole. The score is measured at 1K (FIDELITY_MAP_LONG_SIDE);
 * an image past that is brought to it by the Images binding, outside the isolate, so scoring a
 * 2K source or a 4K render holds no raster of its size in the Worker
 * (docs/decisions/0089-print-resolution.md).
 */
export async function atScoringSize(images: ImagesBinding, bytes: Uint8Array, size: { width: number; height: number }): Promise<Uint8Array> {
  if (Math.max(size.width, size.height) <= FIDELITY_MAP_LONG_SIDE) return bytes;
  return transformImage(images, bytes, { width: FIDELITY_MAP_LONG_SIDE, height: FIDELITY_MAP_LONG_SIDE, fit: 'scale-down' }, { format: 'image/png' });
}

/** Stores a view's fidelity map under its attempt's key; answers the key. */
export async function storeFidelityMap(ctx: ViewContext, index: number, attempt: number, map: Uint8Array): Promise<string> {
  const mapKey = mediaKeys.fidelityMap(ctx.userId, ctx.generationId, index, attempt);
  await ctx.deps.media.put(mapKey, map, { httpMetadata: { contentType: 'image/png' } });
  return mapKey;
}

/** Scores a stored render and stores its map; null when it cannot be scored. */
async function score(ctx: ViewContext, scorer: GeometryScorer, image: StoredImage, index: number, attempt: number): Promise<Scored | null> {
  const object = await ctx.deps.media.get(image.key);
  if (!object) return null;
  let bytes: Uint8Array = new Uint8Array(await object.arrayBuffer());
  // Renders up to 2K keep the measured path (photon shrinks them, decision 0086); decoding a 4K
  // render whole would be a second print-size raster in its job.
  if (resolutionClassOf(image.width, image.height) === PRINT_RESOLUTION) bytes = await atScoringSize(ctx.deps.images, bytes, image);
  const scored = await scorer.score(bytes);
  if (!scored) return null;
  return { image, score: scored.score, mapKey: await storeFidelityMap(ctx, index, attempt, scored.map) };
}

export function withFidelity(chosen: Scored, retried: boolean, other?: Scored): StoredImage {
  const fidelity: StoredFidelity = {
    score: chosen.score,
    retried,
    mapKey: chosen.mapKey,
    ...(other ? { alternate: { image: other.image, score: other.score, mapKey: other.mapKey } } : {}),
  };
  return { ...chosen.image, fidelity };
}

/** After a re-render, the better score is the view and the other its alternate; a tie keeps the first, which the user may already have seen. */
export function betterOf(first: Scored, second: Scored): StoredImage {
  return second.score > first.score ? withFidelity(second, true, first) : withFidelity(first, true, second);
}

/**
 * Scores view `index` (already stored and told) and re-renders it once when its step asks;
 * `announce` records and tells each better state of the view. Returns the view as it ends.
 */
export async function keepGeometry(
  ctx: ViewContext,
  produce: ViewProducer,
  view: { index: number; seed: number; image: StoredImage },
  announce: (image: StoredImage) => Promise<void>,
): Promise<StoredImage> {
  const { input } = ctx;
  const source = ctx.images[0];
  if (!input || !source || !isScoredInput(input.type)) return view.image;
  let best = view.image;
  try {
    const scorer = geometryScorer(source);
    const first = scorer ? await score(ctx, scorer, view.image, view.index, 1) : null;
    if (!scorer || !first) return best;
    best = withFidelity(first, false);
    await announce(best);
    if (!retriesForGeometry(input.fidelity, first.score)) return best;
    const again = await produce({ ...ctx, input: { ...input, strengthened: true }, attempt: RETRY_ATTEMPT }, view.index, view.seed);
    if (!('image' in again)) {
      console.warn(`view ${view.index}: the re-render for geometry failed (${again.failure}); the first render stays`);
      return best;
    }
    const second = await score(ctx, scorer, again.image, view.index, RETRY_ATTEMPT);
    if (!second) return best;
    best = betterOf(first, second);
    await announce(best);
    return best;
  } catch (error) {
    console.warn(`view ${view.index}: scoring its geometry failed`, error);
    return best;
  }
}
