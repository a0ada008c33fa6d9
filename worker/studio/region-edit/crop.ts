/**
 * The crop an edit sends to the model (docs/decisions/0084-region-edit.md): the mask's bounding box
 * grown by a margin of context, at least a quarter of the image's long side each way, then grown —
 * never distorted — to the nearest aspect ratio the model renders, inside the image when it fits.
 */
import type { AspectRatio, Resolution } from '#shared/models';
import { ratioValue } from '#shared/models';
import { EDIT_CONTEXT_FRACTION, EDIT_CONTEXT_MIN_PX, EDIT_MIN_CROP_FRACTION } from '../../platform/limits';
import type { RgbaImage } from '../../media';
import type { Rect } from '../image-processing';

export interface CropPlan {
  /** In the source's pixels; it leaves the image only when no ratio fits inside (then edge pixels are repeated). */
  rect: Rect;
  ratio: AspectRatio;
  /** The smallest of the model's sizes that holds the crop's long side, else its largest. */
  resolution: Resolution;
}

interface Size {
  width: number;
  height: number;
}

/** [lo, hi) grown to at least `length` around its middle, then moved (not cut) into [0, limit). */
function span(lo: number, hi: number, length: number, limit: number): [number, number] {
  const size = Math.max(length, hi - lo);
  if (size > limit) {
    // Wider than the image: centred on it, spilling over both edges.
    const start = Math.floor((limit - size) / 2);
    return [start, start + size];
  }
  const start = Math.min(Math.max(lo - Math.floor((size - (hi - lo)) / 2), 0), limit - size);
  return [start, start + size];
}

/** The box with its context margin and minimum size, inside the image. */
function contextBox(bounds: Rect, image: Size): Rect {
  const margin = Math.max(EDIT_CONTEXT_MIN_PX, Math.round(Math.max(bounds.width, bounds.height) * EDIT_CONTEXT_FRACTION));
  const minimum = Math.round(Math.max(image.width, image.height) * EDIT_MIN_CROP_FRACTION);
  const x0 = Math.max(0, bounds.x - margin);
  const x1 = Math.min(image.width, bounds.x + bounds.width + margin);
  const y0 = Math.max(0, bounds.y - margin);
  const y1 = Math.min(image.height, bounds.y + bounds.height + margin);
  const [left, right] = span(x0, x1, Math.min(minimum, image.width), image.width);
  const [top, bottom] = span(y0, y1, Math.min(minimum, image.height), image.height);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The box grown to `ratio` along one side only. */
function grownTo(box: Rect, ratio: AspectRatio): Size {
  const value = ratioValue(ratio);
  return box.width / box.height < value
    ? { width: Math.ceil(box.height * value), height: box.height }
    : { width: box.width, height: Math.ceil(box.width / value) };
}

export function planCrop(
  bounds: Rect,
  image: Size,
  ratios: readonly AspectRatio[],
  resolutions: readonly [Resolution, ...Resolution[]],
): CropPlan {
  const box = contextBox(bounds, image);
  const candidates = ratios.map((ratio) => ({ ratio, size: grownTo(box, ratio) }));
  const inside = candidates.filter(({ size }) => size.width <= image.width && size.height <= image.height);
  const area = ({ size }: { size: Size }) => size.width * size.height;
  // Least growth inside the image; when none fits (a wide box in a narrower-ratio tier), the ratio
  // nearest the box's own, spilling over the image's edge.
  const boxRatio = Math.log(box.width / box.height);
  const chosen =
    inside.sort((a, b) => area(a) - area(b))[0] ??
    [...candidates].sort((a, b) => Math.abs(Math.log(ratioValue(a.ratio)) - boxRatio) - Math.abs(Math.log(ratioValue(b.ratio)) - boxRatio))[0];
  if (!chosen) throw new Error('the model renders no aspect ratio');
  const [left, right] = span(box.x, box.x + box.width, chosen.size.width, image.width);
  const [top, bottom] = span(box.y, box.y + box.height, chosen.size.height, image.height);
  const rect = { x: left, y: top, width: right - left, height: bottom - top };
  const longSide = Math.max(rect.width, rect.height);
  const sizes = [...resolutions].sort();
  const resolution = sizes.find((size) => (size === '2K' ? 2048 : 1024) >= longSide) ?? sizes.at(-1) ?? resolutions[0];
  return { rect, ratio: chosen.ratio, resolution };
}

/** The part of `rect` inside the image, in the crop's own coordinates. */
export function insideImage(rect: Rect, image: Size): Rect {
  const x0 = Math.max(0, -rect.x);
  const y0 = Math.max(0, -rect.y);
  const x1 = Math.min(rect.width, image.width - rect.x);
  const y1 = Math.min(rect.height, image.height - rect.y);
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

function clamp(value: number, low: number, high: number): number {
  return value < low ? low : value > high ? high : value;
}

/** The crop's pixels; outside the image, the nearest edge pixel. */
export function extractCrop(source: RgbaImage, rect: Rect): RgbaImage {
  const { width, height } = rect;
  const pixels = new Uint8Array(width * height * 4);
  const inside = insideImage(rect, source);
  for (let y = 0; y < height; y += 1) {
    const sy = clamp(rect.y + y, 0, source.height - 1);
    const rowStart = (sy * source.width + rect.x + inside.x) * 4;
    const target = y * width * 4;
    pixels.set(source.pixels.subarray(rowStart, rowStart + inside.width * 4), target + inside.x * 4);
    const left = source.pixels.subarray(rowStart, rowStart + 4);
    const rightAt = rowStart + (inside.width - 1) * 4;
    const right = source.pixels.subarray(rightAt, rightAt + 4);
    for (let x = 0; x < inside.x; x += 1) pixels.set(left, target + x * 4);
    for (let x = inside.x + inside.width; x < width; x += 1) pixels.set(right, target + x * 4);
  }
  return { pixels, width, height };
}

/** The mask under the crop; nothing is marked outside the image. */
export function extractMask(bits: Uint8Array, image: Size, rect: Rect): Uint8Array {
  const cropped = new Uint8Array(rect.width * rect.height);
  const inside = insideImage(rect, image);
  for (let y = inside.y; y < inside.y + inside.height; y += 1) {
    const from = (rect.y + y) * image.width + rect.x + inside.x;
    cropped.set(bits.subarray(from, from + inside.width), y * rect.width + inside.x);
  }
  return cropped;
}
