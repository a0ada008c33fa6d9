/**
 * Where the model's pixels may land and where they are judged, from the Euclidean distance d of
 * each crop pixel to the mask (docs/decisions/0084-region-edit.md):
 * - alpha: 255 inside the mask, falling smoothly to 0 at d = featherPx; 0 beyond, so every pixel
 *   farther than featherPx from the mask keeps the source's value exactly;
 * - ring: pixels inside the image farther than featherPx + guard, the context registration and
 *   colour matching read.
 */
import type { Rect } from '../image-processing';

export interface Feather {
  /** 0–255 per crop pixel: the weight of the model's pixel. */
  alpha: Uint8Array;
  /** 1 per crop pixel of the context ring. */
  ring: Uint8Array;
  /** The smallest rectangle holding every pixel with alpha > 0; null when none has. */
  band: Rect | null;
}

/**
 * Squared distance of every pixel to the nearest marked one, exact up to cap² and capped above it
 * at (cap + 1)²: a column pass (distance along the column, capped at cap + 1) then Felzenszwalb
 * and Huttenlocher's lower envelope along each row. Capping the column distances changes no value
 * up to cap², since any term built on a capped one already exceeds it.
 */
export function cappedSquaredDistance(mask: Uint8Array, width: number, height: number, cap: number): Uint16Array {
  const far = cap + 1;
  const column = new Uint8Array(width * height);
  for (let x = 0; x < width; x += 1) {
    let run = far;
    for (let y = 0, p = x; y < height; y += 1, p += width) {
      run = mask[p] === 1 ? 0 : Math.min(run + 1, far);
      column[p] = run;
    }
    run = far;
    for (let y = height - 1, p = x + (height - 1) * width; y >= 0; y -= 1, p -= width) {
      run = mask[p] === 1 ? 0 : Math.min(run + 1, far);
      if (run < (column[p] ?? far)) column[p] = run;
    }
  }
  const out = new Uint16Array(width * height);
  const ceiling = far * far;
  const f = new Float64Array(width);
  const v = new Int32Array(width);
  const z = new Float64Array(width + 1);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      const g = column[row + x] ?? far;
      f[x] = g * g;
    }
    let k = 0;
    v[0] = 0;
    z[0] = -Infinity;
    z[1] = Infinity;
    for (let q = 1; q < width; q += 1) {
      const fq = (f[q] ?? 0) + q * q;
      let s: number;
      // z[0] is -Infinity, so the walk back stops at the first parabola at the latest.
      for (;;) {
        const r = v[k] ?? 0;
        s = (fq - ((f[r] ?? 0) + r * r)) / (2 * (q - r));
        if (s > (z[k] ?? -Infinity)) break;
        k -= 1;
      }
      k += 1;
      v[k] = q;
      z[k] = s;
      z[k + 1] = Infinity;
    }
    k = 0;
    for (let q = 0; q < width; q += 1) {
      while ((z[k + 1] ?? Infinity) < q) k += 1;
      const r = v[k] ?? 0;
      const d = (q - r) * (q - r) + (f[r] ?? 0);
      out[row + q] = d < ceiling ? d : ceiling;
    }
  }
  return out;
}

/** Hermite smoothstep on 0–1: the blend starts and ends without a visible edge. */
function smooth(t: number): number {
  return t * t * (3 - 2 * t);
}

/**
 * Alpha, ring and band for a crop's mask. `inside` is the part of the crop inside the image:
 * only there may a pixel be ring.
 */
export function featherOf(mask: Uint8Array, width: number, height: number, inside: Rect, featherPx: number, guardPx: number): Feather {
  const cap = featherPx + guardPx;
  const distance = cappedSquaredDistance(mask, width, height, cap);
  const alpha = new Uint8Array(width * height);
  const ring = new Uint8Array(width * height);
  const feather2 = featherPx * featherPx;
  const cap2 = cap * cap;
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y += 1) {
    const inRows = y >= inside.y && y < inside.y + inside.height;
    for (let x = 0; x < width; x += 1) {
      const p = y * width + x;
      const d2 = distance[p] ?? cap2 + 1;
      let a = 0;
      if (d2 === 0) a = 255;
      else if (d2 < feather2) a = Math.round(255 * smooth(1 - Math.sqrt(d2) / featherPx));
      alpha[p] = a;
      if (a > 0) {
        top = Math.min(top, y);
        bottom = y;
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
      if (d2 > cap2 && inRows && x >= inside.x && x < inside.x + inside.width) ring[p] = 1;
    }
  }
  const band = bottom < 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
  return { alpha, ring, band };
}
