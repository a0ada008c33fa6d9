/**
 * An upscale is checked against its source (issue 25 item 2) with the geometry fidelity score of
 * the spec's decision 33 (worker/generation/fidelity.ts, docs/decisions/0086-geometry-fidelity.md):
 * the share of the source's line pixels with an edge of the result within 3 px, both at 1K. Both
 * images reach 1K through the Images binding (atScoringSize), so neither the 2K source nor a 4K
 * result becomes a raster in the Worker (docs/decisions/0089-print-resolution.md). Scoring never
 * fails an upscale by itself: an image that cannot be scored, or a source with no line long enough
 * to count, passes unmeasured. What a score leads to is ./upscale-view.ts's.
 */
import { geometryScorerOf, type GeometryScorer, type ScoredRender } from '../studio';
import { atScoringSize } from './fidelity';

/**
 * Under this share of the source's lines, the better of an upscale's two results redrew the
 * design rather than sharpening it, and the view fails as `drifted`. Measured with the preview
 * engine (docs/decisions/0089-print-resolution.md): a faithful ×2 resample keeps 0.78–1.00 of its
 * source's lines, another design of the same prompt set 0.11–0.39.
 */
export const UPSCALE_FIDELITY_FLOOR = 0.5;

interface SizedImage {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** Scores results against one source, whose lines are found once. */
export interface UpscaleScorer {
  /** `result` at its exact size (PNG); null when it cannot be scored. */
  score(result: SizedImage): Promise<ScoredRender | null>;
}

/** `source` as sent to the engine: its master, or a JPEG of it. */
export async function upscaleScorer(images: ImagesBinding, source: SizedImage): Promise<UpscaleScorer> {
  let scorer: GeometryScorer | null = null;
  try {
    scorer = geometryScorerOf(await atScoringSize(images, source.bytes, source));
  } catch (error) {
    console.warn('an upscale’s source could not be read for its geometry', error);
  }
  return {
    async score(result) {
      if (!scorer) return null;
      try {
        return await scorer.score(await atScoringSize(images, result.bytes, result));
      } catch (error) {
        console.warn('scoring an upscale against its source failed', error);
        return null;
      }
    },
  };
}
