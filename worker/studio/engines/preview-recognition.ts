/**
 * A refinement keeps its source's composition (docs/decisions/0020). The request carries the
 * source image and the earlier prompts, not the seed or the view the source was drawn with, so
 * the engine recognises its own picture: it draws each composition the earlier prompts allow —
 * every design of the prompt, from every camera — as a thumbnail, and keeps the one nearest the
 * input image. A picture it did not draw (a photograph, a Gemini image) matches none closely
 * and is read as a reference instead.
 */
import { SAMPLE, type InputLook } from './preview-inputs';

/** Which design of a prompt, and which of its cameras, one picture shows. */
export interface Composition {
  design: number;
  shot: number;
}

/**
 * The mean difference per channel (0–255) under which the nearest thumbnail counts as the input's
 * own composition. Measured on 48 pictures (12 prompts, each as one of the 4 views at one of 4
 * ratios) through JPEG q95: a preview's own composition differs by 2–11; flat, noisy and
 * two-tone images the engine did not draw by 19 or more
 * (tests/worker/studio/engines/preview-refinement.test.ts keeps a sample of both).
 */
export const RECOGNISED_BELOW = 14;

/** Pixels per scene unit of the thumbnails drawn to compare: a 1K scene drawn 128 px wide. */
export const CANDIDATE_RESOLUTION = 1 / 8;

/** Box-averages RGBA pixels down to SAMPLE×SAMPLE, as the input's sample was resized. */
function toSample(pixels: Uint8Array, width: number, height: number): Float64Array {
  // Typed arrays and plain loops: this runs for every candidate of every refinement.
  const sums = new Float64Array(SAMPLE * SAMPLE * 3);
  const counts = new Float64Array(SAMPLE * SAMPLE);
  const columns = new Int32Array(width);
  for (let x = 0; x < width; x += 1) columns[x] = Math.min(SAMPLE - 1, Math.floor((x * SAMPLE) / width));
  for (let y = 0; y < height; y += 1) {
    const row = Math.min(SAMPLE - 1, Math.floor((y * SAMPLE) / height)) * SAMPLE;
    for (let x = 0, i = y * width * 4; x < width; x += 1, i += 4) {
      const cell = row + (columns[x] ?? 0);
      sums[cell * 3] = (sums[cell * 3] ?? 0) + (pixels[i] ?? 0);
      sums[cell * 3 + 1] = (sums[cell * 3 + 1] ?? 0) + (pixels[i + 1] ?? 0);
      sums[cell * 3 + 2] = (sums[cell * 3 + 2] ?? 0) + (pixels[i + 2] ?? 0);
      counts[cell] = (counts[cell] ?? 0) + 1;
    }
  }
  for (let cell = 0; cell < SAMPLE * SAMPLE; cell += 1) {
    const n = Math.max(1, counts[cell] ?? 1);
    for (let c = 0; c < 3; c += 1) sums[cell * 3 + c] = (sums[cell * 3 + c] ?? 0) / n;
  }
  return sums;
}

function difference(candidate: Float64Array, sample: Uint8Array): number {
  let sum = 0;
  for (let cell = 0; cell < SAMPLE * SAMPLE; cell += 1) {
    for (let c = 0; c < 3; c += 1) sum += Math.abs((candidate[cell * 3 + c] ?? 0) - (sample[cell * 4 + c] ?? 0));
  }
  return sum / (SAMPLE * SAMPLE * 3);
}

/** Draws one composition small: RGBA pixels and their size. */
export type Thumbnailer = (composition: Composition) => { pixels: Uint8Array; width: number; height: number };

export interface Recognised {
  composition: Composition;
  difference: number;
}

/** The candidate nearest `look`'s image, recognised or not (`nearest`), and whether it counts. */
export function recognise(look: InputLook, candidates: readonly Composition[], draw: Thumbnailer): { nearest: Recognised | null; recognised: Recognised | null } {
  let nearest: Recognised | null = null;
  for (const composition of candidates) {
    const { pixels, width, height } = draw(composition);
    const found = difference(toSample(pixels, width, height), look.sample);
    if (nearest === null || found < nearest.difference) nearest = { composition, difference: found };
  }
  return { nearest, recognised: nearest !== null && nearest.difference < RECOGNISED_BELOW ? nearest : null };
}
