/**
 * The region-edit mask as pure raster operations (docs/decisions/0085-mask-editor.md): one byte
 * per pixel of the source image, 0 = keep, 255 = edit, whatever the editor's zoom. Pixel (i, j)
 * covers [i, i + 1) × [j, j + 1) in image coordinates, so its centre is (i + 0.5, j + 0.5); every
 * operation decides coverage at the centres and reports the rectangle it touched, which is what
 * the history keeps and the overlay redraws.
 */

export interface Mask {
  readonly width: number;
  readonly height: number;
  /** Row-major, `width × height` bytes. */
  readonly data: Uint8Array;
}

/** Whole pixels, half-open: columns x … x + width − 1, rows y … y + height − 1. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A point in image pixels (continuous: 0 is the left edge of the first column). */
export interface Point {
  x: number;
  y: number;
}

/** Paint adds to the region to edit, erase takes away from it. */
export type PaintMode = 'paint' | 'erase';

/** docs/api.md "Region edit": a mask value above this means "edit here". */
export const EDIT_THRESHOLD = 127;

/** The soft circle "Edit here" paints at a comment's pin: its radius as a share of the image's shorter side. */
export const PIN_RADIUS_SHARE = 0.12;
/** …and its hardness: a soft edge the user can grow or trim. */
const PIN_HARDNESS = 0.4;

export function createMask(width: number, height: number): Mask {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  return { width: w, height: h, data: new Uint8Array(w * h) };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/**
 * How much a round brush covers at `distance` from its centre (line): fully inside the hard
 * core (`radius × hardness`), nothing past `radius`, a smoothstep between.
 */
export function brushCoverage(distance: number, radius: number, hardness: number): number {
  const core = radius * clamp(hardness, 0, 1);
  if (distance <= core) return 1;
  if (distance >= radius) return 0;
  const t = (radius - distance) / (radius - core);
  return t * t * (3 - 2 * t);
}

/** Writes one value: painting only raises a pixel, erasing only lowers it, so overlapping dabs never build up. */
function put(data: Uint8Array, index: number, value: number, mode: PaintMode): void {
  const held = data[index] ?? 0;
  if (mode === 'paint') {
    if (value > held) data[index] = value;
  } else if (255 - value < held) {
    data[index] = 255 - value;
  }
}

/** The whole-pixel rectangle over [x0, x1) × [y0, y1), clipped to the mask; null when nothing is left. */
function clippedRect(mask: Mask, x0: number, y0: number, x1: number, y1: number): Rect | null {
  const left = clamp(Math.floor(x0), 0, mask.width);
  const top = clamp(Math.floor(y0), 0, mask.height);
  const right = clamp(Math.ceil(x1), 0, mask.width);
  const bottom = clamp(Math.ceil(y1), 0, mask.height);
  return right > left && bottom > top ? { x: left, y: top, width: right - left, height: bottom - top } : null;
}

/** The distance from `p` to the segment from `a` to `b`. */
function segmentDistance(px: number, py: number, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : clamp(((px - a.x) * dx + (py - a.y) * dy) / length, 0, 1);
  return Math.hypot(px - (a.x + t * dx), py - (a.y + t * dy));
}

/**
 * One piece of a brush or eraser stroke: a round-capped segment from `from` to `to` (a single
 * dab when they are equal), covered by distance to the segment rather than by spaced dabs, so a
 * fast stroke has no gaps. Returns the rectangle it touched.
 */
export function strokeSegment(mask: Mask, from: Point, to: Point, radius: number, hardness: number, mode: PaintMode): Rect | null {
  const r = Math.max(0.5, radius);
  const rect = clippedRect(mask, Math.min(from.x, to.x) - r, Math.min(from.y, to.y) - r, Math.max(from.x, to.x) + r, Math.max(from.y, to.y) + r);
  if (!rect) return null;
  for (let y = rect.y; y < rect.y + rect.height; y += 1) {
    const row = y * mask.width;
    for (let x = rect.x; x < rect.x + rect.width; x += 1) {
      const value = Math.round(brushCoverage(segmentDistance(x + 0.5, y + 0.5, from, to), r, hardness) * 255);
      if (value > 0) put(mask.data, row + x, value, mode);
    }
  }
  return rect;
}

/** Whole pixels whose centres lie in [low, high) along one axis of `size` pixels: [first, end). */
function centreSpan(low: number, high: number, size: number): [number, number] {
  return [clamp(Math.ceil(low - 0.5), 0, size), clamp(Math.ceil(high - 0.5), 0, size)];
}

/** The rectangle between two corners, filled fully (the pixels whose centres lie inside). */
export function fillRect(mask: Mask, a: Point, b: Point, mode: PaintMode): Rect | null {
  const [x0, x1] = centreSpan(Math.min(a.x, b.x), Math.max(a.x, b.x), mask.width);
  const [y0, y1] = centreSpan(Math.min(a.y, b.y), Math.max(a.y, b.y), mask.height);
  if (x1 <= x0 || y1 <= y0) return null;
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) put(mask.data, y * mask.width + x, 255, mode);
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * A closed polygon (the lasso), filled by the even-odd rule at pixel centres: each row's
 * crossings with the edges, sorted, fill between pairs.
 */
export function fillPolygon(mask: Mask, points: readonly Point[], mode: PaintMode): Rect | null {
  if (points.length < 3) return null;
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const bounds = clippedRect(mask, Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys));
  if (!bounds) return null;
  let touched: Rect | null = null;
  for (let y = bounds.y; y < bounds.y + bounds.height; y += 1) {
    const cy = y + 0.5;
    const crossings: number[] = [];
    for (let i = 0; i < points.length; i += 1) {
      const a = points[i];
      const b = points[(i + 1) % points.length];
      if (!a || !b || (a.y > cy) === (b.y > cy)) continue;
      crossings.push(a.x + ((cy - a.y) / (b.y - a.y)) * (b.x - a.x));
    }
    crossings.sort((p, q) => p - q);
    for (let i = 0; i + 1 < crossings.length; i += 2) {
      const [first, last] = centreSpan(crossings[i] ?? 0, crossings[i + 1] ?? 0, mask.width);
      for (let x = first; x < last; x += 1) put(mask.data, y * mask.width + x, 255, mode);
      if (last > first) touched = unionRect(touched, { x: first, y, width: last - first, height: 1 });
    }
  }
  return touched;
}

/** The soft circle of "Edit here" at a pin given in 0–1 of the image (a review comment's x, y). */
export function paintPinCircle(mask: Mask, pin: { x: number; y: number }): Rect | null {
  const centre = { x: clamp(pin.x, 0, 1) * mask.width, y: clamp(pin.y, 0, 1) * mask.height };
  const radius = PIN_RADIUS_SHARE * Math.min(mask.width, mask.height);
  return strokeSegment(mask, centre, centre, radius, PIN_HARDNESS, 'paint');
}

/** The smallest rectangle holding both (either may be null). */
export function unionRect(a: Rect | null, b: Rect | null): Rect | null {
  if (!a) return b;
  if (!b) return a;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/** The bounding box of the pixels that mean "edit" (above EDIT_THRESHOLD); null for an empty mask. */
export function boundingBox(mask: Mask, threshold = EDIT_THRESHOLD): Rect | null {
  let left = mask.width;
  let right = -1;
  let top = -1;
  let bottom = -1;
  for (let y = 0; y < mask.height; y += 1) {
    const row = y * mask.width;
    let first = -1;
    let last = -1;
    for (let x = 0; x < mask.width; x += 1) {
      if ((mask.data[row + x] ?? 0) > threshold) {
        if (first < 0) first = x;
        last = x;
      }
    }
    if (first < 0) continue;
    if (top < 0) top = y;
    bottom = y;
    left = Math.min(left, first);
    right = Math.max(right, last);
  }
  return top < 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/** A copy of the bytes under `rect` (row by row). */
export function readRect(mask: Mask, rect: Rect): Uint8Array {
  const out = new Uint8Array(rect.width * rect.height);
  for (let row = 0; row < rect.height; row += 1) {
    const start = (rect.y + row) * mask.width + rect.x;
    out.set(mask.data.subarray(start, start + rect.width), row * rect.width);
  }
  return out;
}

/** Puts back bytes read by readRect (from this mask or a snapshot of it). */
export function writeRect(mask: Mask, rect: Rect, bytes: Uint8Array): void {
  for (let row = 0; row < rect.height; row += 1) {
    mask.data.set(bytes.subarray(row * rect.width, (row + 1) * rect.width), (rect.y + row) * mask.width + rect.x);
  }
}
