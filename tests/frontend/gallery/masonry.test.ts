import { describe, expect, it } from 'vitest';
import { DASHBOARD_COLUMNS, GALLERY_COLUMNS } from '../../../frontend/gallery/layout';
import { distribute } from '../../../frontend/ui/Masonry';
import { columnsFor } from '../../../frontend/ui/grid-rules';
import { cardAspect } from '../../../frontend/gallery/CardImages';

describe('masonry columns', () => {
  it('follows the gallery breakpoints: 4, 4 ≤ 1400, 3 ≤ 1100, 3 ≤ 768, 2 ≤ 480', () => {
    expect([1920, 1400, 1101, 1100, 769, 768, 481, 480, 320].map((width) => columnsFor(width, GALLERY_COLUMNS))).toEqual([
      4, 4, 4, 3, 3, 3, 3, 2, 2,
    ]);
  });

  it('follows the dashboard breakpoints: 4, 4 ≤ 1400, 3 ≤ 1100, 2 ≤ 768, 1 ≤ 480', () => {
    expect([1920, 1400, 1100, 769, 768, 481, 480, 320].map((width) => columnsFor(width, DASHBOARD_COLUMNS))).toEqual([
      4, 4, 3, 3, 2, 2, 1, 1,
    ]);
  });
});

describe('distribute', () => {
  it('puts each item in the shortest column so far', () => {
    const heights = [2, 1, 1, 1, 1];
    expect(distribute(heights, 2, (height) => height)).toEqual([[2, 1], [1, 1, 1]]);
  });

  it('never moves items already placed when more are appended', () => {
    const items = Array.from({ length: 30 }, (_, index) => ({ id: index, height: 0.5 + ((index * 7) % 5) / 4 }));
    const before = distribute(items.slice(0, 20), 3, (item) => item.height);
    const after = distribute(items, 3, (item) => item.height);
    before.forEach((lane, index) => expect(after[index]!.slice(0, lane.length)).toEqual(lane));
  });
});

describe('card aspect', () => {
  const image = (width: number, height: number) => ({ url: '', thumbnailUrl: '', placeholder: '', width, height, renditions: [] });

  it('uses the image’s own ratio for one image and fixed grids for 2–4', () => {
    expect(cardAspect([image(1600, 900)])).toBeCloseTo(16 / 9);
    expect(cardAspect([image(1, 1), image(1, 1)])).toBe(2);
    expect(cardAspect([image(1, 1), image(1, 1), image(1, 1)])).toBe(1);
    expect(cardAspect([image(1, 1), image(1, 1), image(1, 1), image(1, 1)])).toBe(1);
  });
});
