import { describe, expect, it } from 'vitest';
import {
  boxPercentAt,
  clampView,
  FIT_VIEW,
  fittedSize,
  imageTransform,
  isFitted,
  panBy,
  pixelZoom,
  pointAt,
  toggleZoom,
  wheelFactor,
  zoomAt,
  zoomLimits,
  zoomPercent,
  type Frame,
} from '../../../frontend/compare/viewport';

const square: Frame = { width: 500, height: 400, imageWidth: 1000, imageHeight: 1000 };
const wide: Frame = { width: 500, height: 400, imageWidth: 2000, imageHeight: 1000 };
const limits = { min: 1, max: 20 };

/** Where an image point lands in the box, from the transform (the DOM's view of it). */
function screenOf(frame: Frame, view: typeof FIT_VIEW, point: { x: number; y: number }) {
  const t = imageTransform(frame, view);
  const fitted = fittedSize(frame);
  return { x: t.x + point.x * fitted.width * t.scale, y: t.y + point.y * fitted.height * t.scale };
}

describe('fit and transform', () => {
  it('fits the image inside its box and centres it', () => {
    expect(fittedSize(square)).toEqual({ width: 400, height: 400 });
    expect(fittedSize(wide)).toEqual({ width: 500, height: 250 });
    expect(imageTransform(square, FIT_VIEW)).toEqual({ x: 50, y: 0, scale: 1 });
    expect(imageTransform(wide, FIT_VIEW)).toEqual({ x: 0, y: 75, scale: 1 });
  });

  it('puts the view point at the box centre, and pointAt reads it back', () => {
    const view = { zoom: 3, x: 0.3, y: 0.7 };
    expect(screenOf(square, view, { x: 0.3, y: 0.7 })).toEqual({ x: 250, y: 200 });
    const point = pointAt(square, view, 100, 50);
    const back = screenOf(square, view, point);
    expect(back.x).toBeCloseTo(100);
    expect(back.y).toBeCloseTo(50);
  });
});

describe('zoomAt', () => {
  it('keeps the image point under the pointer where it was', () => {
    const before = { zoom: 1.5, x: 0.5, y: 0.5 };
    const anchor = pointAt(square, before, 120, 330);
    const after = zoomAt(before, square, 120, 330, 4);
    expect(after.zoom).toBe(4);
    const screen = screenOf(square, after, anchor);
    expect(screen.x).toBeCloseTo(120);
    expect(screen.y).toBeCloseTo(330);
  });

  it('moves every pane by the same relative amount, whatever its image aspect', () => {
    // The shared view is in relative coordinates: both panes show the same relative point at their centres.
    const after = zoomAt(FIT_VIEW, square, 400, 100, 2);
    const squareCentre = pointAt(square, after, 250, 200);
    const wideCentre = pointAt(wide, after, 250, 200);
    expect(squareCentre.x).toBeCloseTo(wideCentre.x);
    expect(squareCentre.y).toBeCloseTo(wideCentre.y);
  });

  it('zooming in and back out around the same point returns to the start', () => {
    const start = { zoom: 2, x: 0.4, y: 0.6 };
    const back = zoomAt(zoomAt(start, square, 70, 300, 5), square, 70, 300, 2);
    expect(back.x).toBeCloseTo(start.x);
    expect(back.y).toBeCloseTo(start.y);
  });
});

describe('panBy', () => {
  it('moves the image with the drag, by screen pixels', () => {
    const view = { zoom: 2, x: 0.5, y: 0.5 };
    const moved = panBy(view, square, 80, -40);
    const centre = screenOf(square, moved, { x: 0.5, y: 0.5 });
    expect(centre.x).toBeCloseTo(330);
    expect(centre.y).toBeCloseTo(160);
  });
});

describe('clampView', () => {
  it('keeps the zoom in its limits and a fitted image centred', () => {
    expect(clampView({ zoom: 0.2, x: 0.1, y: 0.9 }, [square], limits)).toEqual(FIT_VIEW);
    expect(clampView({ zoom: 99, x: 0.5, y: 0.5 }, [square], limits).zoom).toBe(20);
    expect(clampView({ zoom: Number.NaN, x: 0.5, y: 0.5 }, [square], limits).zoom).toBe(1);
  });

  it('lets the edge of a zoomed image reach the box edge and no further', () => {
    const clamped = clampView({ zoom: 2, x: 0, y: 1 }, [square], limits);
    // Shown 800 × 800 in a 500 × 400 box: centre x ≥ 250/800, y ≤ 1 − 200/800.
    expect(clamped.x).toBeCloseTo(250 / 800);
    expect(clamped.y).toBeCloseTo(1 - 200 / 800);
    const t = imageTransform(square, clamped);
    expect(t.x).toBeCloseTo(0);
    expect(t.y + 800).toBeCloseTo(400);
  });

  it('centres an axis while the image is smaller than the box on it', () => {
    // The wide image at zoom 1.2 is 600 × 300: wider than the box, not taller.
    const clamped = clampView({ zoom: 1.2, x: 0.9, y: 0.9 }, [wide], limits);
    expect(clamped.y).toBe(0.5);
    expect(clamped.x).toBeCloseTo(1 - 250 / 600);
  });

  it('takes the union of the panes, so every image edge stays reachable', () => {
    const view = { zoom: 1.2, x: 0.5, y: 0.95 };
    // Alone, the wide image may not pan vertically at all; the square one may.
    expect(clampView(view, [wide], limits).y).toBe(0.5);
    const both = clampView(view, [square, wide], limits);
    expect(both.y).toBeCloseTo(1 - 400 / (2 * 480));
  });
});

describe('zoom limits, 100 % and the toggle', () => {
  it('knows the zoom at which an original pixel is a device pixel', () => {
    expect(pixelZoom(square, 1)).toBeCloseTo(2.5);
    expect(pixelZoom(square, 2)).toBeCloseTo(1.25);
    expect(zoomPercent(square, FIT_VIEW, 1)).toBe(40);
    expect(zoomPercent(square, { zoom: 2.5, x: 0.5, y: 0.5 }, 1)).toBe(100);
  });

  it('lets the zoom go a few times past 100 % of the most detailed original', () => {
    expect(zoomLimits([square, wide], 1)).toEqual({ min: 1, max: 16 });
    expect(zoomLimits([{ ...square, imageWidth: 100, imageHeight: 100 }], 1).max).toBe(4);
  });

  it('toggles from the fit to 100 % at the point, and back to the fit', () => {
    const in100 = toggleZoom(FIT_VIEW, square, 150, 100, 1);
    expect(in100.zoom).toBeCloseTo(2.5);
    const screen = screenOf(square, in100, pointAt(square, FIT_VIEW, 150, 100));
    expect(screen.x).toBeCloseTo(150);
    expect(screen.y).toBeCloseTo(100);
    expect(toggleZoom(in100, square, 10, 10, 1)).toEqual(FIT_VIEW);
    expect(isFitted(FIT_VIEW)).toBe(true);
    expect(isFitted(in100)).toBe(false);
  });

  it('zooms 2× when 100 % would be no closer than the fit (a small original)', () => {
    const small = { ...square, imageWidth: 200, imageHeight: 200 };
    expect(toggleZoom(FIT_VIEW, small, 250, 200, 1).zoom).toBe(2);
  });
});

describe('boxPercentAt', () => {
  it('places an image point across its box, letterboxing and zoom included', () => {
    // A square image fitted in a 500 × 400 box: 400 px wide, from x = 50.
    expect(boxPercentAt(square, FIT_VIEW, 0)).toBeCloseTo(10);
    expect(boxPercentAt(square, FIT_VIEW, 0.25)).toBeCloseTo(30);
    expect(boxPercentAt(square, zoomAt(FIT_VIEW, square, 250, 200, 2), 0.25)).toBeCloseTo(10);
    expect(boxPercentAt(square, zoomAt(FIT_VIEW, square, 250, 200, 4), 0)).toBe(0);
    expect(boxPercentAt({ ...square, width: 0 }, FIT_VIEW, 0.3)).toBe(50);
  });
});

describe('wheelFactor', () => {
  it('zooms in on a wheel up, out on a wheel down, symmetrically, within bounds', () => {
    expect(wheelFactor(-100)).toBeGreaterThan(1);
    expect(wheelFactor(100)).toBeLessThan(1);
    expect(wheelFactor(-100) * wheelFactor(100)).toBeCloseTo(1);
    expect(wheelFactor(-10_000)).toBe(wheelFactor(-200));
  });
});
