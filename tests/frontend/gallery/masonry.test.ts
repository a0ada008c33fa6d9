import { describe, expect, it } from 'vitest';
import { DASHBOARD_COLUMNS, GALLERY_COLUMNS } from '../../../frontend/gallery/layout';
import { columnCounts, fluidColumnsCss, fluidPlacement, placeItems } from '../../../frontend/ui/Masonry';
import { columnsFor } from '../../../shared/grid-rules';
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

describe('placeItems', () => {
  it('puts each item in the shortest column so far, below what is there', () => {
    const { placements, height } = placeItems([2, 1, 1, 1, 1], 2, 0);
    expect(placements).toEqual([
      { lane: 0, top: 0 },
      { lane: 1, top: 0 },
      { lane: 1, top: 1 },
      { lane: 0, top: 2 },
      { lane: 1, top: 2 },
    ]);
    expect(height).toBe(3);
  });

  it('keeps items in reading order: each item starts no higher than two rows above the one before', () => {
    const heights = Array.from({ length: 30 }, (_, index) => 100 + ((index * 37) % 90));
    const { placements } = placeItems(heights, 3, 16);
    // The deal order is the DOM order; the first row is the first three items, left to right.
    expect(placements.slice(0, 3).map((place) => place.lane)).toEqual([0, 1, 2]);
    for (let i = 1; i < placements.length; i += 1) expect(placements[i]!.top).toBeGreaterThanOrEqual(placements[i - 1]!.top - 190);
  });

  it('never moves items already placed when more are appended', () => {
    const heights = Array.from({ length: 30 }, (_, index) => 50 + ((index * 7) % 5) * 25);
    const before = placeItems(heights.slice(0, 20), 3, 16).placements;
    const after = placeItems(heights, 3, 16).placements;
    expect(after.slice(0, 20)).toEqual(before);
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

describe('the fluid placement the server renders', () => {
  const heights = [0.75, 1, 0.5, 1.25, 0.75, 1];

  it('deals the items by their relative heights at every column count, as placeItems does', () => {
    const { items, list } = fluidPlacement(heights, [3, 2]);
    const lanesAt = (count: number) => items.map((style) => Number((style as Record<string, string>)[`--l${count}`]));
    expect(lanesAt(3)).toEqual(placeItems(heights, 3, 0).placements.map((place) => place.lane));
    expect(lanesAt(2)).toEqual(placeItems(heights, 2, 0).placements.map((place) => place.lane));
    // The first row is the first items, left to right.
    expect(lanesAt(3).slice(0, 3)).toEqual([0, 1, 2]);
    // Item 3 goes under item 2 (the shortest lane at 3 columns): one item and 0.5 columns above it.
    expect(items[3]).toMatchObject({ '--l3': '2', '--a3': '0.5', '--n3': '1' });
    // The grid is as tall as its tallest lane, gaps included: at two columns lane 0 holds four items
    // (0.75 + 0.5 + 0.75 + 1 columns tall), lane 1 two (1 + 1.25).
    expect((list as Record<string, string>)['--h2']).toBe(
      'max(calc(3 * var(--col) + 3 * var(--gap)), calc(2.25 * var(--col) + 1 * var(--gap)))',
    );
  });

  it('picks each width’s column count in the grid’s own stylesheet, the narrowest rule last', () => {
    const css = fluidColumnsCss(GALLERY_COLUMNS, 'g');
    expect(columnCounts(GALLERY_COLUMNS)).toEqual([4, 3, 2]);
    expect(css.startsWith('.masonry[data-grid="g"]>.masonry-list{--c:4;--h:var(--h4)}')).toBe(true);
    const widths = [...css.matchAll(/@media \(max-width:(\d+)px\)\{[^{]*\{--c:(\d)/g)].map((match) => [Number(match[1]), Number(match[2])]);
    expect(widths).toEqual([[1400, 4], [1100, 3], [768, 3], [480, 2]]);
  });
});
