/**
 * A cheap guess of what an uploaded reference is (docs/decisions/0086-geometry-fidelity.md), from a
 * small sample of its pixels, so the studio can preselect the input type the user then confirms:
 * - mostly light, colourless paper with dark strokes is a line drawing: on pure white paper a
 *   drawing (CAD, a plan, an elevation), on anything else a hand sketch (off-white, scanned or
 *   photographed paper);
 * - large flat areas of few colours (flat shaded planes) are a model view;
 * - anything else — texture, saturated colour — is a site photo.
 */
import type { InputType } from '#shared/drawing-inputs';
import type { Rgba } from './fidelity/raster';

/** The sample's long side: enough for the shares below, a few milliseconds to read. */
export const GUESS_SAMPLE_SIDE = 256;

const PAPER = 0.8;
/**
 * Ink is this much darker than the paper. Relative, not absolute: the sample is a downscale, in
 * which a one-pixel line of a large drawing is only a light grey.
 */
const INK_BELOW_PAPER = 0.2;
/** A line drawing is mostly paper, at most this saturated on average, with at least this share of ink. */
const LINE_DRAWING = { paper: 0.6, saturation: 0.12, ink: 0.005 } as const;
/** Paper this white (median luma of the paper pixels) is a printed or exported drawing. */
const WHITE_PAPER = 0.975;
/** A model view's pixels are mostly flat (no step to their right or below) and not too colourful. */
const MODEL = { flat: 0.85, saturation: 0.35 } as const;
/** A step between neighbours above this (0–1) is texture or an edge, not a flat plane. */
const FLAT_STEP = 3 / 255;

/** What the guess reads from a sample: shares of its pixels, 0–1. */
export interface SampleStats {
  paperShare: number;
  inkShare: number;
  meanSaturation: number;
  flatShare: number;
  /** The paper's median luma (0 when there is no paper). */
  paperLevel: number;
}

export function sampleStats(sample: Rgba): SampleStats {
  const { pixels, width, height } = sample;
  const count = width * height;
  const luma = new Float32Array(count);
  let paper = 0;
  let saturation = 0;
  const paperLevels = new Uint32Array(256);
  for (let p = 0; p < count; p += 1) {
    const r = pixels[p * 4] ?? 0;
    const g = pixels[p * 4 + 1] ?? 0;
    const b = pixels[p * 4 + 2] ?? 0;
    const max = Math.max(r, g, b);
    const level = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
    luma[p] = level;
    saturation += max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
    if (level >= PAPER) {
      paper += 1;
      const bin = Math.round(level * 255);
      paperLevels[bin] = (paperLevels[bin] ?? 0) + 1;
    }
  }
  const paperLevel = medianLevel(paperLevels, paper);
  let ink = 0;
  let flat = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const here = luma[i] ?? 0;
      if (paper > 0 && here < paperLevel - INK_BELOW_PAPER) ink += 1;
      if (x === width - 1 || y === height - 1) continue;
      if (Math.abs(here - (luma[i + 1] ?? 0)) <= FLAT_STEP && Math.abs(here - (luma[i + width] ?? 0)) <= FLAT_STEP) flat += 1;
    }
  }
  const cells = Math.max(1, (width - 1) * (height - 1));
  return { paperShare: paper / count, inkShare: ink / count, meanSaturation: saturation / count, flatShare: flat / cells, paperLevel };
}

/** The median of a 256-bin histogram holding `total` values, 0–1 (0 when empty). */
function medianLevel(histogram: Uint32Array, total: number): number {
  let seen = 0;
  for (let level = 0; level < histogram.length; level += 1) {
    seen += histogram[level] ?? 0;
    if (total > 0 && seen * 2 >= total) return level / 255;
  }
  return 0;
}

/** The input type a sample most looks like. */
export function guessInputType(sample: Rgba): InputType {
  const stats = sampleStats(sample);
  if (stats.paperShare >= LINE_DRAWING.paper && stats.meanSaturation <= LINE_DRAWING.saturation && stats.inkShare >= LINE_DRAWING.ink) {
    return stats.paperLevel >= WHITE_PAPER ? 'drawing' : 'sketch';
  }
  if (stats.flatShare >= MODEL.flat && stats.meanSaturation <= MODEL.saturation) return 'model';
  return 'photo';
}
