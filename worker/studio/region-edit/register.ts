/**
 * Registration of the model's answer against the source crop (docs/decisions/0084-region-edit.md):
 * on the context ring only, it finds the shift (and a small scale about the crop's centre) that
 * best lines up the gradient magnitudes of both — a coarse-to-fine search on a pyramid whose finest
 * level is at most 768 px, with a sub-pixel step at the end — then checks the answer is lined up
 * within EDIT_REGISTRATION_TOLERANCE_PX everywhere the ring has structure: each ninth of the crop
 * that has edges both ways must find its own best shift within the tolerance of the whole's.
 */
import { EDIT_REGISTRATION_TOLERANCE_PX } from '#shared/region-edit';
import { EDIT_REGISTRATION_MIN_SCORE, EDIT_REGISTRATION_SCALES, EDIT_REGISTRATION_SEARCH_FRACTION } from '../../platform/limits';
import type { RgbaImage } from '../../media';

/** Where a crop pixel's content sits in the answer: answer(u) = scale·(u − centre) + centre + (dx, dy), in crop pixels. */
export interface Transform {
  dx: number;
  dy: number;
  scale: number;
}

const IDENTITY: Transform = { dx: 0, dy: 0, scale: 1 };

export type Registration =
  | { ok: true; transform: Transform; score: number; residualPx: number }
  | { ok: false; detail: string };

/** One level of the pyramid: gradient magnitudes of both images and the ring's pixels on it. */
interface Level {
  /** Crop pixels per level pixel. */
  factor: number;
  width: number;
  height: number;
  source: Float32Array;
  answer: Float32Array;
  /** Ring pixels away from the border, where gradients are defined. */
  points: Points;
}

/** Pixels of a level: index, column and row of each. */
interface Points {
  index: Int32Array;
  x: Int32Array;
  y: Int32Array;
}

/** The finest level's long side: fine enough for a sub-pixel shift, small enough to keep a 2K crop's planes near 2 MB each. */
const FINEST_SIDE = 768;
const COARSEST_SIDE = 32;
/** Fewer usable ring pixels than this on a level, and there is nothing to line up with. */
const MIN_POINTS = 64;
/** A third of the crop counts for the tolerance check when it has this many ring pixels and edges both ways. */
const TILE_MIN_POINTS = 48;
const TILE_MIN_COHERENCE = 0.08;
/** Scales are told apart on the first level at most this long (a 2 % scale moves its edges about 2 px there). */
const SCALE_LEVEL_SIDE = 192;
/** How much better a scaled fit must correlate than the unscaled one to be taken. */
const SCALE_MARGIN = 0.01;
/** A level's ring is read at most this many points, evenly thinned: the correlation settles long before. */
const MAX_POINTS = 60_000;

/** Luma averaged over factor × factor blocks (partial blocks at the right and bottom edges). */
function lumaPlane(image: RgbaImage, factor: number): { data: Float32Array; width: number; height: number } {
  const width = Math.ceil(image.width / factor);
  const height = Math.ceil(image.height / factor);
  const sum = new Float32Array(width * height);
  const count = new Float32Array(width * height);
  const pixels = image.pixels;
  for (let y = 0; y < image.height; y += 1) {
    const row = Math.floor(y / factor) * width;
    for (let x = 0, i = y * image.width * 4; x < image.width; x += 1, i += 4) {
      const p = row + Math.floor(x / factor);
      sum[p] = (sum[p] ?? 0) + 0.299 * (pixels[i] ?? 0) + 0.587 * (pixels[i + 1] ?? 0) + 0.114 * (pixels[i + 2] ?? 0);
      count[p] = (count[p] ?? 0) + 1;
    }
  }
  for (let p = 0; p < sum.length; p += 1) sum[p] = (sum[p] ?? 0) / Math.max(1, count[p] ?? 1);
  return { data: sum, width, height };
}

/** 1 where every crop pixel of the block is ring. */
function ringPlane(ring: Uint8Array, cropWidth: number, cropHeight: number, factor: number): Uint8Array {
  const width = Math.ceil(cropWidth / factor);
  const height = Math.ceil(cropHeight / factor);
  const plane = new Uint8Array(width * height).fill(1);
  for (let y = 0; y < cropHeight; y += 1) {
    const row = Math.floor(y / factor) * width;
    for (let x = 0; x < cropWidth; x += 1) if (ring[y * cropWidth + x] !== 1) plane[row + Math.floor(x / factor)] = 0;
  }
  return plane;
}

function halve(data: Float32Array, width: number, height: number): Float32Array {
  const w = Math.ceil(width / 2);
  const h = Math.ceil(height / 2);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      let total = 0;
      let n = 0;
      for (let dy = 0; dy < 2; dy += 1) {
        for (let dx = 0; dx < 2; dx += 1) {
          const sx = 2 * x + dx;
          const sy = 2 * y + dy;
          if (sx < width && sy < height) {
            total += data[sy * width + sx] ?? 0;
            n += 1;
          }
        }
      }
      out[y * w + x] = total / n;
    }
  }
  return out;
}

function halveRing(ring: Uint8Array, width: number, height: number): Uint8Array {
  const w = Math.ceil(width / 2);
  const h = Math.ceil(height / 2);
  const out = new Uint8Array(w * h).fill(1);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) if (ring[y * width + x] !== 1) out[(y >> 1) * w + (x >> 1)] = 0;
  return out;
}

/** Central-difference gradient magnitudes, and with `components` the x and y parts too (for the structure check). */
function gradients(luma: Float32Array, width: number, height: number, components = false): { magnitude: Float32Array; gx: Float32Array; gy: Float32Array } {
  const magnitude = new Float32Array(width * height);
  const gx = new Float32Array(components ? width * height : 0);
  const gy = new Float32Array(components ? width * height : 0);
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const p = y * width + x;
      const ex = ((luma[p + 1] ?? 0) - (luma[p - 1] ?? 0)) / 2;
      const ey = ((luma[p + width] ?? 0) - (luma[p - width] ?? 0)) / 2;
      if (components) {
        gx[p] = ex;
        gy[p] = ey;
      }
      magnitude[p] = Math.sqrt(ex * ex + ey * ey);
    }
  }
  return { magnitude, gx, gy };
}

function ringPoints(ring: Uint8Array, width: number, height: number): Points {
  let count = 0;
  for (let y = 1; y < height - 1; y += 1) for (let x = 1; x < width - 1; x += 1) if (ring[y * width + x] === 1) count += 1;
  const points = { index: new Int32Array(count), x: new Int32Array(count), y: new Int32Array(count) };
  let next = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      if (ring[y * width + x] !== 1) continue;
      points.index[next] = y * width + x;
      points.x[next] = x;
      points.y[next] = y;
      next += 1;
    }
  }
  return points;
}

/** Every `stride`-th point, so a level is read at most MAX_POINTS times a candidate. */
function thinned(points: Points): Points {
  const stride = Math.ceil(points.index.length / MAX_POINTS);
  if (stride <= 1) return points;
  const keep = (from: Int32Array) => from.filter((_, n) => n % stride === 0);
  return { index: keep(points.index), x: keep(points.x), y: keep(points.y) };
}

/** The points of each ninth of a level (3 × 3 tiles, row by row). */
function tiles(level: Level): Points[] {
  const { points, width, height } = level;
  const tileOf = Int8Array.from(points.index, (_, n) => Math.min(2, Math.floor((3 * (points.y[n] ?? 0)) / height)) * 3 + Math.min(2, Math.floor((3 * (points.x[n] ?? 0)) / width)));
  return Array.from({ length: 9 }, (_, tile) => {
    const keep = (from: Int32Array) => from.filter((_, n) => tileOf[n] === tile);
    return { index: keep(points.index), x: keep(points.x), y: keep(points.y) };
  });
}

/**
 * Normalised cross-correlation of the source's gradients at `points` with the answer's, read
 * through `t` (bilinear); -1 when too few points fall inside the answer or either side is flat.
 */
function correlation(level: Level, t: Transform, centre: { x: number; y: number }, points: Points = level.points): number {
  const { factor: f, width, height, source, answer } = level;
  const s = t.scale;
  const bx = (s * 0.5 * f - s * centre.x + centre.x + t.dx) / f - 0.5;
  const by = (s * 0.5 * f - s * centre.y + centre.y + t.dy) / f - 0.5;
  let n = 0;
  let sa = 0;
  let sb = 0;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  const count = points.index.length;
  for (let k = 0; k < count; k += 1) {
    const p = points.index[k] ?? 0;
    const x = s * (points.x[k] ?? 0) + bx;
    const y = s * (points.y[k] ?? 0) + by;
    if (x < 0 || y < 0 || x > width - 1 || y > height - 1) continue;
    const x0 = Math.min(Math.floor(x), width - 2);
    const y0 = Math.min(Math.floor(y), height - 2);
    const fx = x - x0;
    const fy = y - y0;
    const q = y0 * width + x0;
    const top = (answer[q] ?? 0) * (1 - fx) + (answer[q + 1] ?? 0) * fx;
    const bottom = (answer[q + width] ?? 0) * (1 - fx) + (answer[q + width + 1] ?? 0) * fx;
    const b = top * (1 - fy) + bottom * fy;
    const a = source[p] ?? 0;
    n += 1;
    sa += a;
    sb += b;
    saa += a * a;
    sbb += b * b;
    sab += a * b;
  }
  if (n < Math.min(MIN_POINTS, count)) return -1;
  const va = saa - (sa * sa) / n;
  const vb = sbb - (sb * sb) / n;
  if (va <= 1e-9 || vb <= 1e-9) return -1;
  return (sab - (sa * sb) / n) / Math.sqrt(va * vb);
}

interface Scored {
  t: Transform;
  score: number;
}

function best(level: Level, centre: { x: number; y: number }, candidates: Transform[], points?: Points): Scored {
  let top: Scored = { t: candidates[0] ?? IDENTITY, score: -2 };
  for (const t of candidates) {
    const score = correlation(level, t, centre, points);
    if (score > top.score) top = { t, score };
  }
  return top;
}

/** Shifts around `t` by whole steps of `step` crop pixels, within ±reach steps, at each scale. */
function around(t: Transform, step: number, reach: number, scales: readonly number[]): Transform[] {
  const out: Transform[] = [];
  for (const scale of scales) {
    for (let ky = -reach; ky <= reach; ky += 1) for (let kx = -reach; kx <= reach; kx += 1) out.push({ dx: t.dx + kx * step, dy: t.dy + ky * step, scale });
  }
  return out;
}

/** The vertex of the parabola through three scores one step apart: the sub-step offset of the peak. */
function vertex(minus: number, middle: number, plus: number): number {
  const curvature = minus - 2 * middle + plus;
  if (curvature >= 0) return 0;
  return Math.max(-0.5, Math.min(0.5, (minus - plus) / (2 * curvature)));
}

function refineSubpixel(level: Level, centre: { x: number; y: number }, found: Scored, points?: Points): Scored {
  const f = level.factor;
  const at = (dx: number, dy: number) => correlation(level, { ...found.t, dx: found.t.dx + dx, dy: found.t.dy + dy }, centre, points);
  const ox = vertex(at(-f, 0), found.score, at(f, 0)) * f;
  const oy = vertex(at(0, -f), found.score, at(0, f)) * f;
  const t = { ...found.t, dx: found.t.dx + ox, dy: found.t.dy + oy };
  return { t, score: Math.max(found.score, correlation(level, t, centre, points)) };
}

function buildLevels(source: RgbaImage, answer: RgbaImage, ring: Uint8Array): { levels: Level[]; finest: { gx: Float32Array; gy: Float32Array } } {
  const factor = 2 ** Math.max(0, Math.ceil(Math.log2(Math.max(source.width, source.height) / FINEST_SIDE)));
  let lumaS = lumaPlane(source, factor);
  let lumaA = lumaPlane(answer, factor).data;
  let ringL = ringPlane(ring, source.width, source.height, factor);
  let { width, height } = lumaS;
  const levels: Level[] = [];
  let finest: { gx: Float32Array; gy: Float32Array } | null = null;
  for (let f = factor; ; f *= 2) {
    const gs = gradients(lumaS.data, width, height, finest === null);
    finest ??= { gx: gs.gx, gy: gs.gy };
    levels.push({ factor: f, width, height, source: gs.magnitude, answer: gradients(lumaA, width, height).magnitude, points: thinned(ringPoints(ringL, width, height)) });
    const next = { width: Math.ceil(width / 2), height: Math.ceil(height / 2) };
    if (Math.max(next.width, next.height) < COARSEST_SIDE) break;
    const nextRing = halveRing(ringL, width, height);
    if (ringPoints(nextRing, next.width, next.height).index.length < MIN_POINTS) break;
    lumaS = { data: halve(lumaS.data, width, height), ...next };
    lumaA = halve(lumaA, width, height);
    ringL = nextRing;
    ({ width, height } = next);
  }
  return { levels, finest: finest ?? { gx: new Float32Array(), gy: new Float32Array() } };
}

/** Whether a set of points has edges in two directions (the smaller eigenvalue of the structure tensor against the larger). */
function coherent(points: Points, gx: Float32Array, gy: Float32Array): boolean {
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (const p of points.index) {
    const a = gx[p] ?? 0;
    const b = gy[p] ?? 0;
    xx += a * a;
    yy += b * b;
    xy += a * b;
  }
  const mean = (xx + yy) / 2;
  const spread = Math.sqrt(((xx - yy) / 2) ** 2 + xy * xy);
  return mean > 0 && (mean - spread) / (mean + spread) >= TILE_MIN_COHERENCE;
}

/**
 * Per ninth of the crop (3 × 3 tiles) with structure both ways, how far its own best shift lies
 * from the whole's, in crop pixels: the largest, or null when a tile is off by more than the
 * tolerance (one tile in four or more may be, for a model that changed one spot of the context).
 */
function tileResidual(levels: Level[], centre: { x: number; y: number }, found: Scored, finest: { gx: Float32Array; gy: Float32Array }): number | null {
  const [fine, coarser] = levels;
  if (!fine) return 0;
  const fineTiles = tiles(fine);
  const coarseTiles = coarser ? tiles(coarser) : [];
  const residuals: number[] = [];
  for (const [tile, points] of fineTiles.entries()) {
    if (points.index.length < TILE_MIN_POINTS || !coherent(points, finest.gx, finest.gy)) continue;
    // Coarse first (a window past the tolerance), then one fine step and the sub-pixel peak.
    let local: Scored = found;
    const window = EDIT_REGISTRATION_TOLERANCE_PX + 2;
    const coarsePoints = coarseTiles[tile];
    if (coarser && coarsePoints) local = best(coarser, centre, around(found.t, coarser.factor, Math.ceil(window / coarser.factor), [found.t.scale]), coarsePoints);
    local = best(fine, centre, around(local.t, fine.factor, coarser ? 1 : Math.ceil(window / fine.factor), [found.t.scale]), points);
    local = refineSubpixel(fine, centre, local, points);
    residuals.push(Math.hypot(local.t.dx - found.t.dx, local.t.dy - found.t.dy));
  }
  const off = residuals.filter((residual) => residual > EDIT_REGISTRATION_TOLERANCE_PX).length;
  if (off > (residuals.length >= 4 ? 1 : 0)) return null;
  return Math.max(0, ...residuals.filter((residual) => residual <= EDIT_REGISTRATION_TOLERANCE_PX));
}

/**
 * Lines `answer` up with `source` (both the crop's size) on the ring. An answer with too little
 * ring to read (a mask covering nearly the whole crop) is taken as it is: nothing outside the mask
 * remains to line up with.
 */
export function register(source: RgbaImage, answer: RgbaImage, ring: Uint8Array): Registration {
  const { levels, finest } = buildLevels(source, answer, ring);
  const centre = { x: source.width / 2, y: source.height / 2 };
  const fine = levels[0];
  const coarse = levels.at(-1);
  if (!fine || !coarse || fine.points.index.length < MIN_POINTS) return { ok: true, transform: IDENTITY, score: Number.NaN, residualPx: 0 };
  const limit = EDIT_REGISTRATION_SEARCH_FRACTION * Math.max(source.width, source.height);
  let shift = best(coarse, centre, around(IDENTITY, coarse.factor, Math.ceil(limit / coarse.factor) + 1, [1]));
  // The shift at scale 1 down to a middle level; there each scale gets its own best shift, and the
  // best other than 1 is followed down beside 1. It must fit clearly better to be taken: with the
  // ring on one side of the crop (a mask in a corner) a scale about the centre looks much like a shift.
  const middle = Math.max(0, levels.findIndex((level) => Math.max(level.width, level.height) <= SCALE_LEVEL_SIDE));
  for (const level of levels.slice(middle, -1).reverse()) shift = best(level, centre, around(shift.t, level.factor, 1, [1]));
  const atMiddle = levels[middle] ?? coarse;
  let scaled: Scored | null = null;
  for (const scale of EDIT_REGISTRATION_SCALES) {
    if (scale === 1) continue;
    const candidate = best(atMiddle, centre, around({ ...shift.t, scale }, atMiddle.factor, 1, [scale]));
    if (!scaled || candidate.score > scaled.score) scaled = candidate;
  }
  const follow = (from: Scored): Scored => {
    let followed = from;
    for (const level of levels.slice(0, middle).reverse()) followed = best(level, centre, around(followed.t, level.factor, 1, [followed.t.scale]));
    return followed;
  };
  const unscaled = follow(shift);
  const other = scaled ? follow(scaled) : unscaled;
  let found = other.score > unscaled.score + SCALE_MARGIN ? other : unscaled;
  found = refineSubpixel(fine, centre, found);
  if (Math.hypot(found.t.dx, found.t.dy) > limit) return { ok: false, detail: `shift beyond ${limit.toFixed(0)} px` };
  if (!(found.score >= EDIT_REGISTRATION_MIN_SCORE)) return { ok: false, detail: `context does not match (score ${found.score.toFixed(2)})` };
  const residualPx = tileResidual(levels, centre, found, finest);
  if (residualPx === null) return { ok: false, detail: `parts of the context move more than ${EDIT_REGISTRATION_TOLERANCE_PX} px` };
  return { ok: true, transform: found.t, score: found.score, residualPx };
}
