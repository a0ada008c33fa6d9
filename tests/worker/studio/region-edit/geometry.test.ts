/** The mask's reading, the crop around it and the feather band: pure functions on buffers. */
import { describe, expect, it } from 'vitest';
import { CONCEPT_RATIOS, STANDARD_RATIOS, ratioValue } from '#shared/models';
import { EDIT_FEATHER_MAX_PX } from '#shared/region-edit';
import { EDIT_CONTEXT_MIN_PX } from '../../../../worker/platform/limits';
import { extractCrop, extractMask, insideImage, planCrop } from '../../../../worker/studio/region-edit/crop';
import { featherFor } from '../../../../worker/studio/region-edit/edit';
import { cappedSquaredDistance, featherOf } from '../../../../worker/studio/region-edit/feather';
import { maskBounds, maskFromRgba } from '../../../../worker/studio/region-edit/mask';
import { dilate, maskWhere, shapes } from './fixtures';

function rgba(width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number]): Uint8Array {
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) pixels.set(pixel(x, y), (y * width + x) * 4);
  return pixels;
}

describe('reading a mask', () => {
  it('reads an opaque mask by its luminance: white edits, black keeps', () => {
    const pixels = rgba(4, 1, (x) => (x < 2 ? [255, 255, 255, 255] : x === 2 ? [128, 128, 128, 255] : [0, 0, 0, 255]));
    expect([...maskFromRgba(pixels, 4, 1)]).toEqual([1, 1, 1, 0]);
  });

  it('reads a mask with transparency by its alpha, whatever its colour', () => {
    // Black strokes on a transparent canvas, and a half-transparent white one.
    const pixels = rgba(4, 1, (x) => (x === 0 ? [0, 0, 0, 255] : x === 1 ? [255, 255, 255, 0] : x === 2 ? [255, 255, 255, 128] : [255, 255, 255, 127]));
    expect([...maskFromRgba(pixels, 4, 1)]).toEqual([1, 0, 1, 0]);
  });

  it('bounds the marked pixels, and finds none in an empty mask', () => {
    const bits = maskWhere(20, 10, shapes.rectangle(3, 2, 9, 7));
    expect(maskBounds(bits, 20, 10)).toEqual({ x: 3, y: 2, width: 6, height: 5 });
    expect(maskBounds(new Uint8Array(200), 20, 10)).toBeNull();
  });
});

describe('the crop sent to the model', () => {
  const image = { width: 1024, height: 576 };

  it('holds the box with its context, at one of the model’s ratios, inside the image', () => {
    for (const bounds of [
      { x: 400, y: 200, width: 120, height: 80 },
      { x: 0, y: 0, width: 60, height: 300 },
      { x: 900, y: 500, width: 124, height: 76 },
      { x: 10, y: 260, width: 1000, height: 12 },
    ]) {
      const plan = planCrop(bounds, image, STANDARD_RATIOS, ['1K', '2K']);
      const { rect } = plan;
      expect(rect.x).toBeGreaterThanOrEqual(0);
      expect(rect.y).toBeGreaterThanOrEqual(0);
      expect(rect.x + rect.width).toBeLessThanOrEqual(image.width);
      expect(rect.y + rect.height).toBeLessThanOrEqual(image.height);
      // The box, and context around it wherever the image goes on.
      expect(rect.x).toBeLessThanOrEqual(Math.max(0, bounds.x - EDIT_CONTEXT_MIN_PX));
      expect(rect.y).toBeLessThanOrEqual(Math.max(0, bounds.y - EDIT_CONTEXT_MIN_PX));
      expect(rect.x + rect.width).toBeGreaterThanOrEqual(Math.min(image.width, bounds.x + bounds.width + EDIT_CONTEXT_MIN_PX));
      expect(rect.y + rect.height).toBeGreaterThanOrEqual(Math.min(image.height, bounds.y + bounds.height + EDIT_CONTEXT_MIN_PX));
      // Grown to the ratio, not stretched: within a pixel of it.
      expect(Math.abs(rect.width - rect.height * ratioValue(plan.ratio))).toBeLessThanOrEqual(ratioValue(plan.ratio) + 1);
      expect(plan.resolution).toBe('1K');
    }
  });

  it('is never smaller than a quarter of the image’s long side, however small the mask', () => {
    const plan = planCrop({ x: 500, y: 300, width: 4, height: 4 }, image, STANDARD_RATIOS, ['1K']);
    expect(Math.min(plan.rect.width, plan.rect.height)).toBeGreaterThanOrEqual(256);
  });

  it('spills over the edge when no ratio of the tier fits inside the image, and repeats edge pixels there', () => {
    // A 21:9 image, a mask across its whole width: Standard's widest ratio is 16:9.
    const wide = { width: 1024, height: 439 };
    const plan = planCrop({ x: 0, y: 100, width: 1024, height: 200 }, wide, STANDARD_RATIOS, ['1K']);
    expect(plan.ratio).toBe('16:9');
    expect(plan.rect.height).toBeGreaterThan(wide.height);
    const inside = insideImage(plan.rect, wide);
    expect(inside.height).toBe(wide.height);
    const source = { width: wide.width, height: wide.height, pixels: rgba(wide.width, wide.height, (x, y) => [x % 256, y % 256, 7, 255]) };
    const crop = extractCrop(source, plan.rect);
    // The row above the image repeats the image's first row.
    const above = (inside.y - 1) * crop.width * 4;
    const first = inside.y * crop.width * 4;
    expect(crop.pixels.slice(above, above + crop.width * 4)).toEqual(crop.pixels.slice(first, first + crop.width * 4));
    const mask = extractMask(new Uint8Array(wide.width * wide.height).fill(1), wide, plan.rect);
    expect(mask[0]).toBe(0);
    expect(mask[inside.y * crop.width]).toBe(1);
    // Concept renders 21:9: it fits inside.
    expect(planCrop({ x: 0, y: 100, width: 1024, height: 200 }, wide, CONCEPT_RATIOS, ['1K']).rect.height).toBeLessThanOrEqual(wide.height);
  });

  it('asks for 2K only when the crop is longer than 1024 px and the tier renders 2K', () => {
    const big = { width: 2048, height: 2048 };
    expect(planCrop({ x: 100, y: 100, width: 1500, height: 1500 }, big, STANDARD_RATIOS, ['1K', '2K']).resolution).toBe('2K');
    expect(planCrop({ x: 100, y: 100, width: 1500, height: 1500 }, big, STANDARD_RATIOS, ['1K']).resolution).toBe('1K');
    expect(planCrop({ x: 900, y: 900, width: 100, height: 100 }, big, STANDARD_RATIOS, ['1K', '2K']).resolution).toBe('1K');
  });
});

describe('the feather band', () => {
  it('is 8 px at 1K and 16 px at 2K, never over the contract’s maximum', () => {
    expect(featherFor(1024, 1024)).toBe(8);
    expect(featherFor(2048, 1152)).toBe(16);
    expect(featherFor(4096, 4096)).toBe(EDIT_FEATHER_MAX_PX);
    expect(featherFor(200, 100)).toBe(4);
  });

  it('measures the exact Euclidean distance up to its cap', () => {
    const width = 90;
    const height = 70;
    const bits = maskWhere(width, height, shapes.union(shapes.ellipse(30, 30, 12, 7), shapes.stroke([[50, 10], [80, 60]], 2), shapes.rectangle(0, 66, 5, 70)));
    const cap = 12;
    const distance = cappedSquaredDistance(bits, width, height, cap);
    const marked: [number, number][] = [];
    for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) if (bits[y * width + x] === 1) marked.push([x, y]);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const exact = Math.min(...marked.map(([mx, my]) => (mx - x) ** 2 + (my - y) ** 2));
        expect(distance[y * width + x]).toBe(Math.min(exact, (cap + 1) ** 2));
      }
    }
  });

  it('weighs the answer fully inside the mask, not at all beyond featherPx, and reads the ring beyond the guard', () => {
    const width = 120;
    const height = 100;
    const bits = maskWhere(width, height, shapes.ellipse(60, 50, 25, 18));
    const feather = 8;
    const guard = 4;
    const inside = { x: 0, y: 0, width, height };
    const { alpha, ring, band } = featherOf(bits, width, height, inside, feather, guard);
    const near = dilate(bits, width, height, feather);
    const guarded = dilate(bits, width, height, feather + guard);
    for (let p = 0; p < bits.length; p += 1) {
      if (bits[p] === 1) expect(alpha[p]).toBe(255);
      if (near[p] !== 1) expect(alpha[p]).toBe(0);
      expect(ring[p]).toBe(guarded[p] === 1 ? 0 : 1);
    }
    // The blend falls off across the band: some pixels in it are partly the answer's.
    expect([...alpha].some((a) => a > 0 && a < 255)).toBe(true);
    expect(band).toEqual({ x: 60 - 25 - 7, y: 50 - 18 - 7, width: 2 * 32 + 1, height: 2 * 25 + 1 });
  });

  it('reads no ring outside the image', () => {
    const bits = maskWhere(40, 40, shapes.rectangle(15, 15, 20, 20));
    const { ring } = featherOf(bits, 40, 40, { x: 10, y: 0, width: 30, height: 40 }, 4, 2);
    for (let y = 0; y < 40; y += 1) for (let x = 0; x < 10; x += 1) expect(ring[y * 40 + x]).toBe(0);
    expect(ring[0 * 40 + 39]).toBe(1);
  });
});
