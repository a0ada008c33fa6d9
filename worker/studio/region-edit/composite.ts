/**
 * The answer's pixels into the master (docs/decisions/0084-region-edit.md): read through the
 * registration's transform, colour-matched to the source on the context ring (per channel, mean
 * and spread), and blended through the feather's alpha. Only pixels with alpha > 0 are written:
 * everything else in the master is the source's, byte for byte.
 */
import type { RgbaImage } from '../../media';
import type { Rect } from '../image-processing';
import type { Feather } from './feather';
import type { Transform } from './register';

/** Per channel (R, G, B): answer value × gain + offset ≈ source value. */
export interface ColourMatch {
  gain: [number, number, number];
  offset: [number, number, number];
}

const NO_COLOUR_CHANGE: ColourMatch = { gain: [1, 1, 1], offset: [0, 0, 0] };

/** A gain outside this range would not be a colour cast but a different picture. */
const GAIN_RANGE = [2 / 3, 3 / 2] as const;

/** Reads crop pixel (x, y) of the answer through `t`, bilinearly, into `out` (R, G, B). */
function sampler(answer: RgbaImage, t: Transform): (x: number, y: number, out: Float64Array) => void {
  const { width, height, pixels } = answer;
  const cx = width / 2;
  const cy = height / 2;
  const bx = t.scale * (0.5 - cx) + cx + t.dx - 0.5;
  const by = t.scale * (0.5 - cy) + cy + t.dy - 0.5;
  return (x, y, out) => {
    const sx = Math.min(width - 1, Math.max(0, t.scale * x + bx));
    const sy = Math.min(height - 1, Math.max(0, t.scale * y + by));
    const x0 = Math.min(Math.floor(sx), Math.max(0, width - 2));
    const y0 = Math.min(Math.floor(sy), Math.max(0, height - 2));
    const x1 = Math.min(x0 + 1, width - 1);
    const y1 = Math.min(y0 + 1, height - 1);
    const fx = sx - x0;
    const fy = sy - y0;
    const i00 = (y0 * width + x0) * 4;
    const i10 = (y0 * width + x1) * 4;
    const i01 = (y1 * width + x0) * 4;
    const i11 = (y1 * width + x1) * 4;
    for (let c = 0; c < 3; c += 1) {
      const top = (pixels[i00 + c] ?? 0) * (1 - fx) + (pixels[i10 + c] ?? 0) * fx;
      const bottom = (pixels[i01 + c] ?? 0) * (1 - fx) + (pixels[i11 + c] ?? 0) * fx;
      out[c] = top * (1 - fy) + bottom * fy;
    }
  };
}

/** Gain and offset per channel that give the answer's ring the source ring's mean and spread. */
export function matchColour(source: RgbaImage, answer: RgbaImage, ring: Uint8Array, t: Transform): ColourMatch {
  const sample = sampler(answer, t);
  const value = new Float64Array(3);
  const sums = { s: [0, 0, 0], ss: [0, 0, 0], a: [0, 0, 0], aa: [0, 0, 0] };
  let n = 0;
  // Every other row and column: the statistics settle long before the ring runs out.
  for (let y = 0; y < source.height; y += 2) {
    for (let x = 0; x < source.width; x += 2) {
      if (ring[y * source.width + x] !== 1) continue;
      sample(x, y, value);
      const i = (y * source.width + x) * 4;
      for (let c = 0; c < 3; c += 1) {
        const s = source.pixels[i + c] ?? 0;
        const a = value[c] ?? 0;
        sums.s[c] = (sums.s[c] ?? 0) + s;
        sums.ss[c] = (sums.ss[c] ?? 0) + s * s;
        sums.a[c] = (sums.a[c] ?? 0) + a;
        sums.aa[c] = (sums.aa[c] ?? 0) + a * a;
      }
      n += 1;
    }
  }
  if (n < 16) return NO_COLOUR_CHANGE;
  const match: ColourMatch = { gain: [1, 1, 1], offset: [0, 0, 0] };
  for (let c = 0; c < 3; c += 1) {
    const meanS = (sums.s[c] ?? 0) / n;
    const meanA = (sums.a[c] ?? 0) / n;
    const spreadS = Math.sqrt(Math.max(0, (sums.ss[c] ?? 0) / n - meanS * meanS));
    const spreadA = Math.sqrt(Math.max(0, (sums.aa[c] ?? 0) / n - meanA * meanA));
    const gain = spreadA > 1 && spreadS > 1 ? Math.min(GAIN_RANGE[1], Math.max(GAIN_RANGE[0], spreadS / spreadA)) : 1;
    match.gain[c] = gain;
    match.offset[c] = meanS - gain * meanA;
  }
  return match;
}

/**
 * Blends the answer into `master` where the feather's alpha is above 0: crop pixel (x, y) is master
 * pixel (rect.x + x, rect.y + y); `inside` is the part of the crop inside the master.
 */
export function compositeInto(master: RgbaImage, rect: Rect, inside: Rect, answer: RgbaImage, feather: Feather, t: Transform, colour: ColourMatch): void {
  const band = feather.band;
  if (!band) return;
  const sample = sampler(answer, t);
  const value = new Float64Array(3);
  const gain = Float64Array.from(colour.gain);
  const offset = Float64Array.from(colour.offset);
  const x0 = Math.max(band.x, inside.x);
  const x1 = Math.min(band.x + band.width, inside.x + inside.width);
  const y0 = Math.max(band.y, inside.y);
  const y1 = Math.min(band.y + band.height, inside.y + inside.height);
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const a = feather.alpha[y * rect.width + x] ?? 0;
      if (a === 0) continue;
      sample(x, y, value);
      const i = ((rect.y + y) * master.width + rect.x + x) * 4;
      for (let c = 0; c < 3; c += 1) {
        const matched = Math.min(255, Math.max(0, (value[c] ?? 0) * (gain[c] ?? 1) + (offset[c] ?? 0)));
        const kept = master.pixels[i + c] ?? 0;
        master.pixels[i + c] = a === 255 ? Math.round(matched) : Math.round((a * matched + (255 - a) * kept) / 255);
      }
    }
  }
}
