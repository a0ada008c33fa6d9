import { describe, expect, it } from 'vitest';
import { clampEditorView, editorFrame, FIT_VIEW, imagePoint, screenScale, zoomAt } from '../../../frontend/edit/viewport';

// A 2000 × 1000 image in an 800 × 600 stage: fitted at 0.4 CSS px per pixel, 800 × 400, centred.
const frame = editorFrame({ width: 800, height: 600 }, { width: 2000, height: 1000 });

describe('the editor viewport', () => {
  it('maps a stage point to the image pixel under it when fitted', () => {
    expect(imagePoint(frame, FIT_VIEW, 400, 300)).toEqual({ x: 1000, y: 500 });
    expect(imagePoint(frame, FIT_VIEW, 0, 100)).toEqual({ x: 0, y: 0 });
    expect(imagePoint(frame, FIT_VIEW, 800, 500)).toEqual({ x: 2000, y: 1000 });
    expect(screenScale(frame, FIT_VIEW)).toBeCloseTo(0.4);
  });

  it('keeps the pixel under the pointer in place while zooming, and scales the brush outline with the zoom', () => {
    const before = imagePoint(frame, FIT_VIEW, 200, 250);
    const zoomed = zoomAt(FIT_VIEW, frame, 200, 250, 3);
    const after = imagePoint(frame, zoomed, 200, 250);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
    expect(screenScale(frame, zoomed)).toBeCloseTo(1.2);
  });

  it('stays between the fit and a few times the image’s own pixels', () => {
    expect(clampEditorView({ zoom: 0.2, x: 0.9, y: 0.1 }, frame, 1)).toEqual(FIT_VIEW);
    const deep = clampEditorView({ zoom: 1000, x: 0.5, y: 0.5 }, frame, 1);
    // 100 % is zoom 2.5 here (1 / 0.4); the limit is four times that.
    expect(deep.zoom).toBeCloseTo(10);
  });
});
