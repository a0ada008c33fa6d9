/**
 * A region edit from the source's master to the result's (docs/decisions/0084-region-edit.md):
 * crop around the mask, ask the engine, bring the answer to the crop's size, register it on the
 * context ring (once more with a new seed when it will not line up, then give up), match its colour
 * on the ring, and composite it through the feathered mask into the master. Pixels farther than
 * featherPx from the mask are never written.
 */
import { EDIT_FEATHER_MAX_PX } from '#shared/region-edit';
import type { GenerationFailureReason } from '#shared/generation-types';
import { MODELS, type ModelId } from '#shared/models';
import { EDIT_FEATHER_FRACTION, EDIT_FEATHER_MIN_PX, EDIT_RING_GUARD_PX } from '../../platform/limits';
import type { RgbaImage } from '../../media';
import type { ImageEngine } from '../engines/types';
import { decodeImageAt, type Rect } from '../image-processing';
import { compositeInto, matchColour } from './composite';
import { extractCrop, extractMask, insideImage, planCrop } from './crop';
import { featherOf } from './feather';
import { maskBounds } from './mask';
import { register, type Transform } from './register';

/** The feather band for an image: 8 px at 1K, 16 px at 2K. */
export function featherFor(width: number, height: number): number {
  const px = Math.round(Math.max(width, height) * EDIT_FEATHER_FRACTION);
  return Math.min(EDIT_FEATHER_MAX_PX, Math.max(EDIT_FEATHER_MIN_PX, px));
}

export interface RegionEditJob {
  /** The source's master; on success it has become the result's master (changed in place). */
  master: RgbaImage;
  /** One byte a pixel of the master: 1 inside the region to change. */
  mask: Uint8Array;
  instruction: string;
  model: ModelId;
  seed: number;
  featherPx: number;
}

/** How the edit went, for the logs and the bench. */
interface RegionEditReport {
  crop: Rect;
  attempts: number;
  transform: Transform;
  score: number;
  residualPx: number;
}

export type RegionEditOutcome =
  | { ok: true; report: RegionEditReport }
  | { ok: false; reason: GenerationFailureReason; detail: string; retryable?: boolean };

/** How many times the engine is asked when its answer cannot be lined up: once, then once more. */
const ATTEMPTS = 2;

export async function applyRegionEdit(engine: ImageEngine, job: RegionEditJob): Promise<RegionEditOutcome> {
  const { master, mask } = job;
  const bounds = maskBounds(mask, master.width, master.height);
  if (!bounds) return { ok: false, reason: 'processing', detail: 'empty mask' };
  const { aspectRatios, resolutions } = MODELS[job.model];
  const plan = planCrop(bounds, master, aspectRatios, resolutions);
  const crop = extractCrop(master, plan.rect);
  const cropMask = extractMask(mask, master, plan.rect);
  const inside = insideImage(plan.rect, master);
  const feather = featherOf(cropMask, crop.width, crop.height, inside, job.featherPx, EDIT_RING_GUARD_PX);
  const misses: string[] = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const result = await engine.editRegion({
      image: crop,
      mask: cropMask,
      instruction: job.instruction,
      model: job.model,
      aspectRatio: plan.ratio,
      resolution: plan.resolution,
      seed: (job.seed + attempt - 1) % 2 ** 31,
    });
    if (!result.ok) return result;
    const answer = decodeImageAt(result.image, crop.width, crop.height);
    const registration = register(crop, answer, feather.ring);
    if (!registration.ok) {
      misses.push(registration.detail);
      continue;
    }
    const colour = matchColour(crop, answer, feather.ring, registration.transform);
    compositeInto(master, plan.rect, inside, answer, feather, registration.transform, colour);
    const { transform, score, residualPx } = registration;
    return { ok: true, report: { crop: plan.rect, attempts: attempt, transform, score, residualPx } };
  }
  return { ok: false, reason: 'misaligned', detail: misses.join('; ') };
}
