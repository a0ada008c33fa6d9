import { describe, expect, it } from 'vitest';
import {
  boundingBox, brushCoverage, createMask, EDIT_THRESHOLD, fillPolygon, fillRect, paintPinCircle, PIN_RADIUS_SHARE, readRect,
  strokeSegment, unionRect, writeRect, type Mask,
} from '../../../frontend/edit/mask';

const at = (mask: Mask, x: number, y: number) => mask.data[y * mask.width + x] ?? -1;
const painted = (mask: Mask) => mask.data.reduce((count, value) => count + (value > EDIT_THRESHOLD ? 1 : 0), 0);

describe('brushCoverage', () => {
  it('is full inside the hard core, nothing past the radius, and falls smoothly between', () => {
    expect(brushCoverage(0, 10, 0.5)).toBe(1);
    expect(brushCoverage(5, 10, 0.5)).toBe(1);
    expect(brushCoverage(10, 10, 0.5)).toBe(0);
    expect(brushCoverage(12, 10, 0.5)).toBe(0);
    const middle = brushCoverage(7.5, 10, 0.5);
    expect(middle).toBeCloseTo(0.5);
    expect(brushCoverage(6, 10, 0.5)).toBeGreaterThan(middle);
    expect(brushCoverage(9, 10, 0.5)).toBeLessThan(middle);
  });

  it('is a hard disc at hardness 1 and a cone-like falloff from the centre at 0', () => {
    expect(brushCoverage(9.99, 10, 1)).toBe(1);
    expect(brushCoverage(0.5, 10, 0)).toBeGreaterThan(0.99);
    expect(brushCoverage(5, 10, 0)).toBeCloseTo(0.5);
  });
});

describe('strokeSegment', () => {
  it('paints a hard dab as a disc of the radius, in image pixels, and reports the touched rectangle', () => {
    const mask = createMask(40, 30);
    const rect = strokeSegment(mask, { x: 20, y: 15 }, { x: 20, y: 15 }, 5, 1, 'paint');
    expect(rect).toEqual({ x: 15, y: 10, width: 10, height: 10 });
    expect(at(mask, 19, 14)).toBe(255);
    expect(at(mask, 24, 15)).toBe(255); // centre 24.5 is 4.5 from 20
    expect(at(mask, 25, 15)).toBe(0);
    // π r² within a pixel's rounding.
    expect(Math.abs(painted(mask) - Math.PI * 25)).toBeLessThan(8);
  });

  it('covers a fast stroke without gaps, with round caps', () => {
    const mask = createMask(100, 20);
    strokeSegment(mask, { x: 10, y: 10 }, { x: 90, y: 10 }, 3, 1, 'paint');
    for (let x = 8; x < 92; x += 1) expect(at(mask, x, 10)).toBe(255);
    expect(at(mask, 5, 10)).toBe(0);
    expect(at(mask, 50, 14)).toBe(0);
  });

  it('never builds up where soft dabs overlap, and the eraser only lowers', () => {
    const mask = createMask(30, 30);
    strokeSegment(mask, { x: 15, y: 15 }, { x: 15, y: 15 }, 10, 0, 'paint');
    const once = at(mask, 21, 15);
    strokeSegment(mask, { x: 15, y: 15 }, { x: 15, y: 15 }, 10, 0, 'paint');
    expect(at(mask, 21, 15)).toBe(once);
    expect(once).toBeGreaterThan(0);
    expect(once).toBeLessThan(255);
    strokeSegment(mask, { x: 15, y: 15 }, { x: 15, y: 15 }, 4, 1, 'erase');
    expect(at(mask, 15, 15)).toBe(0);
    expect(at(mask, 21, 15)).toBe(once);
  });

  it('clips at the edges and touches nothing when wholly outside', () => {
    const mask = createMask(10, 10);
    expect(strokeSegment(mask, { x: 0, y: 0 }, { x: 0, y: 0 }, 3, 1, 'paint')).toEqual({ x: 0, y: 0, width: 3, height: 3 });
    expect(strokeSegment(mask, { x: -20, y: -20 }, { x: -15, y: -20 }, 3, 1, 'paint')).toBeNull();
  });
});

describe('fillRect and fillPolygon', () => {
  it('fills the pixels whose centres lie between two corners, in either drag direction', () => {
    const mask = createMask(20, 20);
    expect(fillRect(mask, { x: 12.2, y: 9.9 }, { x: 3, y: 2 }, 'paint')).toEqual({ x: 3, y: 2, width: 9, height: 8 });
    expect(painted(mask)).toBe(72);
    expect(fillRect(mask, { x: 5, y: 5 }, { x: 5.2, y: 9 }, 'paint')).toBeNull();
    fillRect(mask, { x: 0, y: 0 }, { x: 20, y: 20 }, 'erase');
    expect(painted(mask)).toBe(0);
  });

  it('fills a lasso by the even-odd rule: a triangle and a concave shape', () => {
    const mask = createMask(20, 20);
    const rect = fillPolygon(mask, [{ x: 0, y: 0 }, { x: 20, y: 0 }, { x: 0, y: 20 }], 'paint');
    expect(rect).toEqual({ x: 0, y: 0, width: 19, height: 19 });
    // Half the square, less the pixels whose centres the diagonal crosses.
    expect(painted(mask)).toBe(190);
    expect(at(mask, 2, 2)).toBe(255);
    expect(at(mask, 18, 18)).toBe(0);

    const notch = createMask(20, 20);
    fillPolygon(notch, [{ x: 2, y: 2 }, { x: 18, y: 2 }, { x: 18, y: 18 }, { x: 10, y: 8 }, { x: 2, y: 18 }], 'paint');
    expect(at(notch, 10, 4)).toBe(255);
    expect(at(notch, 10, 15)).toBe(0);
    expect(at(notch, 3, 15)).toBe(255);
    expect(at(notch, 16, 15)).toBe(255);
    expect(fillPolygon(notch, [{ x: 1, y: 1 }, { x: 5, y: 5 }], 'paint')).toBeNull();
  });
});

describe('paintPinCircle', () => {
  it('paints a soft circle around the pin, a share of the shorter side across', () => {
    const mask = createMask(400, 200);
    paintPinCircle(mask, { x: 0.25, y: 0.5 });
    const box = boundingBox(mask);
    expect(box).not.toBeNull();
    const radius = PIN_RADIUS_SHARE * 200;
    expect((box?.x ?? 0) + (box?.width ?? 0) / 2).toBeCloseTo(100, 0);
    expect((box?.y ?? 0) + (box?.height ?? 0) / 2).toBeCloseTo(100, 0);
    // Above the threshold: between the hard core and the full radius.
    expect(box?.width).toBeGreaterThan(radius);
    expect(box?.width).toBeLessThan(2 * radius);
    expect(at(mask, 100, 100)).toBe(255);
    const edge = at(mask, 100 + Math.round(radius) - 2, 100);
    expect(edge).toBeGreaterThan(0);
    expect(edge).toBeLessThan(128);
  });
});

describe('boundingBox, unionRect, readRect and writeRect', () => {
  it('bounds only the pixels above the threshold', () => {
    const mask = createMask(10, 10);
    expect(boundingBox(mask)).toBeNull();
    mask.data[3 * 10 + 2] = 128;
    mask.data[7 * 10 + 8] = 255;
    mask.data[9 * 10 + 9] = 127;
    expect(boundingBox(mask)).toEqual({ x: 2, y: 3, width: 7, height: 5 });
  });

  it('unites rectangles and copies a region out and back', () => {
    expect(unionRect(null, { x: 1, y: 1, width: 1, height: 1 })).toEqual({ x: 1, y: 1, width: 1, height: 1 });
    expect(unionRect({ x: 0, y: 5, width: 2, height: 2 }, { x: 4, y: 1, width: 1, height: 1 })).toEqual({ x: 0, y: 1, width: 5, height: 6 });
    const mask = createMask(6, 6);
    fillRect(mask, { x: 1, y: 1 }, { x: 4, y: 3 }, 'paint');
    const rect = { x: 0, y: 0, width: 6, height: 4 };
    const saved = readRect(mask, rect);
    fillRect(mask, { x: 0, y: 0 }, { x: 6, y: 6 }, 'paint');
    writeRect(mask, rect, saved);
    expect(painted(mask)).toBe(6 + 12);
  });
});
