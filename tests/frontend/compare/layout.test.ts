import { describe, expect, it } from 'vitest';
import {
  bestGrid,
  framesFor,
  lastStart,
  nextFlicker,
  paneCount,
  paneSize,
  shownCount,
  stepStart,
  windowIndexes,
} from '../../../frontend/compare/layout';
import { firstSource, largestRendition, needsOriginal } from '../../../frontend/compare/sources';

describe('what each mode shows', () => {
  it('shows every item side by side on a wide stage, a pair on a phone, a pair in wipe and flicker', () => {
    expect(shownCount('side', 1368, 4)).toBe(4);
    expect(shownCount('side', 375, 4)).toBe(2);
    expect(shownCount('side', 375, 2)).toBe(2);
    expect(shownCount('wipe', 1368, 4)).toBe(2);
    expect(shownCount('flicker', 1368, 3)).toBe(2);
    expect(paneCount('side', 3)).toBe(3);
    expect(paneCount('wipe', 2)).toBe(1);
  });
});

describe('pair stepping', () => {
  it('slides a window of two one item at a time and stops at the ends', () => {
    expect(lastStart(3, 2)).toBe(1);
    expect(stepStart(0, 1, 3, 2)).toBe(1);
    expect(stepStart(1, 1, 3, 2)).toBe(1);
    expect(stepStart(1, -1, 3, 2)).toBe(0);
    expect(stepStart(0, -1, 3, 2)).toBe(0);
    expect(stepStart(2, 1, 4, 2)).toBe(2);
    expect(windowIndexes(1, 3, 2)).toEqual([1, 2]);
    expect(windowIndexes(0, 4, 4)).toEqual([0, 1, 2, 3]);
  });

  it('pulls a window back when more items fit again (a phone turned sideways)', () => {
    expect(windowIndexes(2, 4, 4)).toEqual([0, 1, 2, 3]);
    expect(windowIndexes(5, 3, 2)).toEqual([1, 2]);
  });

  it('flickers between the shown items, wrapping', () => {
    expect(nextFlicker(0, 2)).toBe(1);
    expect(nextFlicker(1, 2)).toBe(0);
    expect(nextFlicker(0, 0)).toBe(0);
  });
});

describe('the grid', () => {
  it('stacks two square images on a portrait phone and puts them side by side on a landscape screen', () => {
    expect(bestGrid({ width: 375, height: 640 }, [1, 1])).toEqual({ columns: 1, rows: 2 });
    expect(bestGrid({ width: 1368, height: 800 }, [1, 1])).toEqual({ columns: 2, rows: 1 });
  });

  it('puts portrait images side by side even on a phone, and landscape ones stacked', () => {
    expect(bestGrid({ width: 375, height: 640 }, [9 / 16, 9 / 16])).toEqual({ columns: 2, rows: 1 });
    expect(bestGrid({ width: 1000, height: 900 }, [16 / 9, 16 / 9])).toEqual({ columns: 1, rows: 2 });
  });

  it('uses 2 × 2 for four squares on a roughly square stage', () => {
    expect(bestGrid({ width: 1000, height: 800 }, [1, 1, 1, 1])).toEqual({ columns: 2, rows: 2 });
  });

  it('divides the stage minus the gaps', () => {
    expect(paneSize({ width: 1004, height: 600 }, { columns: 2, rows: 1 }, 4)).toEqual({ width: 500, height: 600 });
  });

  it('gives each image its pane (side by side) or the whole stage (wipe)', () => {
    const images = [{ width: 1024, height: 1024 }, { width: 2048, height: 1024 }];
    const side = framesFor('side', { width: 1004, height: 600 }, images);
    expect(side.frames[1]).toEqual({ width: 500, height: 600, imageWidth: 2048, imageHeight: 1024 });
    const wipe = framesFor('wipe', { width: 1004, height: 600 }, images);
    expect(wipe.grid).toEqual({ columns: 1, rows: 1 });
    expect(wipe.frames[0]).toEqual({ width: 1004, height: 600, imageWidth: 1024, imageHeight: 1024 });
  });
});

describe('rendition or original', () => {
  const renditions = [
    { url: '/r/200', width: 200, height: 200 },
    { url: '/r/1024', width: 1024, height: 1024 },
    { url: '/r/512', width: 512, height: 512 },
  ];

  it('starts from the largest rendition, or the original when there is none', () => {
    expect(largestRendition(renditions)?.url).toBe('/r/1024');
    expect(firstSource({ url: '/o', renditions })).toEqual({ url: '/r/1024', original: false });
    expect(firstSource({ url: '/o', renditions: [] })).toEqual({ url: '/o', original: true });
  });

  it('needs the original once more device pixels are shown than the rendition has', () => {
    expect(needsOriginal(renditions, 1000, 1)).toBe(false);
    expect(needsOriginal(renditions, 1025, 1)).toBe(true);
    expect(needsOriginal(renditions, 600, 2)).toBe(true);
    expect(needsOriginal([], 10, 1)).toBe(true);
  });
});
