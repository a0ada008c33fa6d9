import { describe, expect, it } from 'vitest';
import {
  asPercent,
  fitInCell,
  footerLine,
  IMAGES_PER_PAGE,
  mmToPt,
  pageLayout,
  pageSizeMm,
  pageSizePt,
  paginate,
  placeInCell,
  PAPER_SIZES,
  titleColumns,
  titleDividers,
  typeSize,
  type Rect,
} from '../../../frontend/board/layout';

const inside = (inner: Rect, outer: Rect) =>
  inner.x >= outer.x - 1e-9 && inner.y >= outer.y - 1e-9 && inner.x + inner.width <= outer.x + outer.width + 1e-9 && inner.y + inner.height <= outer.y + outer.height + 1e-9;
const overlap = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('page sizes', () => {
  it('are ISO 216 landscape in mm and in PDF points', () => {
    expect(pageSizeMm('A4')).toEqual({ width: 297, height: 210 });
    expect(pageSizeMm('A3')).toEqual({ width: 420, height: 297 });
    expect(pageSizePt('A4')).toEqual({ width: 841.89, height: 595.28 });
    expect(pageSizePt('A3')).toEqual({ width: 1190.55, height: 841.89 });
    expect(mmToPt(25.4)).toBe(72);
  });

  it('scale type with the sheet: A3 is √2 times A4', () => {
    expect(typeSize('A4', 'title')).toBe(16);
    expect(typeSize('A3', 'title')).toBeCloseTo(16 * Math.SQRT2, 1);
  });
});

describe('cells', () => {
  for (const paper of PAPER_SIZES) {
    for (const perPage of IMAGES_PER_PAGE) {
      it(`${paper} ${perPage}-up: ${perPage} cells inside the margins, above the title block, never overlapping`, () => {
        const layout = pageLayout(paper, perPage);
        const { page, margin, titleBlock, cells } = layout;
        const inner = { x: margin, y: margin, width: page.width - 2 * margin, height: page.height - 2 * margin };
        expect(cells).toHaveLength(perPage);
        expect(inside(titleBlock, inner)).toBe(true);
        expect(titleBlock.y + titleBlock.height).toBeCloseTo(page.height - margin, 6);
        for (const [index, { cell, image, caption }] of cells.entries()) {
          expect(inside(cell, inner)).toBe(true);
          expect(cell.y + cell.height).toBeLessThan(titleBlock.y);
          expect(inside(image, cell) && inside(caption, cell)).toBe(true);
          expect(caption.y).toBeCloseTo(image.y + image.height, 6);
          for (const other of cells.slice(index + 1)) expect(overlap(cell, other.cell)).toBe(false);
        }
        // Cells of one page are the same size, and read left to right, top to bottom.
        expect(new Set(cells.map(({ cell }) => cell.width.toFixed(6))).size).toBe(1);
        const order = cells.map(({ cell }) => [cell.y, cell.x] as const);
        expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
        expect(inside(footerLine(layout), { x: 0, y: titleBlock.y + titleBlock.height, width: page.width, height: margin })).toBe(true);
      });
    }
  }

  it('lays 2-up side by side, 4-up 2 × 2 and 6-up 3 × 2', () => {
    const rows = (perPage: 2 | 4 | 6) => new Set(pageLayout('A4', perPage).cells.map(({ cell }) => cell.y.toFixed(3))).size;
    expect([rows(2), rows(4), rows(6)]).toEqual([1, 2, 2]);
  });

  it('keeps A3 a scaled A4 (to ISO 216 rounding: 297 mm, not 296.98)', () => {
    const a4 = pageLayout('A4', 4);
    const a3 = pageLayout('A3', 4);
    const scale = 420 / 297;
    expect(a3.cells[3]?.image.width).toBeCloseTo((a4.cells[3]?.image.width ?? 0) * scale, 6);
    expect(a3.titleBlock.y).toBeCloseTo(a4.titleBlock.y * scale, 1);
  });

  it('splits the title block into columns that fill it in order, with a rule between each', () => {
    const { titleBlock } = pageLayout('A3', 4);
    const columns = Object.values(titleColumns('A3', titleBlock));
    for (const column of columns) expect(inside(column, titleBlock)).toBe(true);
    const dividers = titleDividers(titleBlock);
    expect(dividers).toHaveLength(columns.length - 1);
    dividers.forEach((x, index) => {
      expect(x).toBeGreaterThan((columns[index]?.x ?? 0) + (columns[index]?.width ?? 0) - 1e-9);
      expect(x).toBeLessThan(columns[index + 1]?.x ?? 0);
    });
  });
});

describe('fitInCell', () => {
  const box = { x: 10, y: 20, width: 200, height: 100 };

  it('fits a wide image to the width and centres it vertically', () => {
    expect(fitInCell({ width: 4000, height: 1000 }, box)).toEqual({ x: 10, y: 45, width: 200, height: 50 });
  });

  it('fits a tall image to the height and centres it horizontally', () => {
    expect(fitInCell({ width: 1024, height: 1024 }, box)).toEqual({ x: 60, y: 20, width: 100, height: 100 });
  });

  it('keeps the aspect ratio and never leaves the box', () => {
    const placed = fitInCell({ width: 1365, height: 2048 }, box);
    expect(placed.width / placed.height).toBeCloseTo(1365 / 2048, 9);
    expect(inside(placed, box)).toBe(true);
  });

  it('places nothing for an image without a size', () => {
    expect(fitInCell({ width: 0, height: 10 }, box)).toMatchObject({ width: 0, height: 0 });
  });
});

describe('placeInCell', () => {
  it('stands every image of a row on its caption line, the caption starting under its left edge', () => {
    const [first, second] = pageLayout('A3', 2).cells;
    if (!first || !second) throw new Error('two cells');
    const wide = placeInCell({ width: 1920, height: 1080 }, first, 'contain');
    const tall = placeInCell({ width: 768, height: 1024 }, second, 'contain');
    for (const [placed, cell] of [[wide, first], [tall, second]] as const) {
      expect(placed.image.y + placed.image.height).toBeCloseTo(placed.caption.y, 9);
      expect(placed.caption.y).toBeCloseTo(cell.caption.y, 9);
      expect(placed.caption.x).toBeCloseTo(placed.image.x, 9);
      expect(placed.caption.x + placed.caption.width).toBeCloseTo(cell.cell.x + cell.cell.width, 9);
      expect(inside(placed.image, cell.image)).toBe(true);
    }
    expect(tall.image.height).toBeCloseTo(second.image.height, 9);
    expect(wide.image.x + wide.image.width / 2).toBeCloseTo(first.image.x + first.image.width / 2, 9);
    expect(wide.clip).toBeNull();
  });

  it('by default fills the image area: centred, covering it, clipped to it, no letterbox', () => {
    const [cell] = pageLayout('A3', 4).cells;
    if (!cell) throw new Error('a cell');
    for (const size of [{ width: 1920, height: 1080 }, { width: 768, height: 1024 }, { width: 1024, height: 1024 }]) {
      const placed = placeInCell(size, cell);
      expect(placed.clip).toEqual(cell.image);
      expect(inside(cell.image, placed.image)).toBe(true);
      expect(placed.image.width / placed.image.height).toBeCloseTo(size.width / size.height, 9);
      // One side matches the cell exactly; the image's centre is the cell's.
      expect(Math.min(Math.abs(placed.image.width - cell.image.width), Math.abs(placed.image.height - cell.image.height))).toBeCloseTo(0, 9);
      expect(placed.image.x + placed.image.width / 2).toBeCloseTo(cell.image.x + cell.image.width / 2, 9);
      expect(placed.image.y + placed.image.height / 2).toBeCloseTo(cell.image.y + cell.image.height / 2, 9);
      expect(placed.caption).toEqual(cell.caption);
    }
  });
});

describe('paginate and asPercent', () => {
  it('fills pages of the chosen size, always at least one', () => {
    expect(paginate([1, 2, 3, 4, 5], 4)).toEqual([[1, 2, 3, 4], [5]]);
    expect(paginate([1, 2], 6)).toEqual([[1, 2]]);
    expect(paginate([], 2)).toEqual([[]]);
  });

  it('gives a rect as percentages of the page', () => {
    expect(asPercent({ x: 29.7, y: 21, width: 148.5, height: 105 }, { width: 297, height: 210 })).toEqual({ left: '10%', top: '10%', width: '50%', height: '50%' });
  });
});
