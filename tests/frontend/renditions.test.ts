import { describe, expect, it } from 'vitest';
import { pickRendition, renditionWidths, srcsetOf, tileWidth } from '#shared/renditions';
import { DASHBOARD_COLUMNS, GALLERY_COLUMNS, cardImageShare } from '../../frontend/gallery/layout';
import {
  LANDING_STRIP_COLUMNS,
  LANDING_STRIP_FRAME,
  MASONRY_FRAME,
  STUDIO_FRAME,
  STUDIO_SINGLE_MAX,
  STUDIO_TILE_MAX_HEIGHT,
  bandAtViewport,
  columnsFor,
  gridColumns,
  landingStripSizes,
  masonrySizes,
  studioSizes,
  type ColumnSteps,
} from '../../shared/grid-rules';

/**
 * Evaluates a `sizes` attribute the way a browser does: the first entry whose media condition
 * matches the viewport, its length in px (only the forms grid-rules writes).
 */
function evaluateSizes(sizes: string, viewport: number): number {
  const entries = sizes.split(/,\s*(?=\(max-width|calc|min)/);
  for (const entry of entries) {
    const condition = /^\(max-width: (\d+)px\) (.*)$/.exec(entry);
    if (condition && viewport > Number(condition[1])) continue;
    const length = condition ? (condition[2] ?? '') : entry;
    const fluid = /calc\(([\d.]+)vw - ([\d.]+)px\)/.exec(length);
    const cap = /, ([\d.]+)px\)$/.exec(length);
    if (!fluid) throw new Error(`unexpected length ${length}`);
    const value = (Number(fluid[1]) * viewport) / 100 - Number(fluid[2]);
    return cap ? Math.min(value, Number(cap[1])) : value;
  }
  throw new Error('no entry matched');
}

const VIEWPORTS = [375, 768, 1440];
const DPR = 2;
const ORIGINALS = { '1K': 1024, '2K': 2048 };

/** A rendition at least as wide as the tile's device pixels (or the original), at most about twice. */
function expectRightSized(sizes: string, exactCssWidth: number, viewport: number): void {
  for (const original of Object.values(ORIGINALS)) {
    const ladder = renditionWidths(original).map((width) => ({ url: `${width}.webp`, width }));
    const picked = pickRendition(ladder, evaluateSizes(sizes, viewport), DPR);
    const needed = exactCssWidth * DPR;
    expect(picked).toBeDefined();
    const width = picked?.width ?? 0;
    if (width < original) expect(width).toBeGreaterThanOrEqual(needed);
    if (width > (ladder[0]?.width ?? 0)) expect(width).toBeLessThanOrEqual(needed * 2);
  }
}

describe('srcset and sizes from the column rules', () => {
  it('writes one candidate a rendition with its width', () => {
    expect(srcsetOf([{ url: '/a.webp', width: 200 }, { url: '/b.webp', width: 320 }])).toBe('/a.webp 200w, /b.webp 320w');
  });

  it('gives a 2K image the ladder and its own width, a 1K image the rungs well below 1024', () => {
    expect(renditionWidths(2048)).toEqual([200, 320, 512, 800, 1280, 2048]);
    expect(renditionWidths(1024)).toEqual([200, 320, 512, 800, 1024]);
    expect(renditionWidths(1376)).toEqual([200, 320, 512, 800, 1376]);
  });

  const masonries: [string, ColumnSteps][] = [['gallery', GALLERY_COLUMNS], ['dashboard', DASHBOARD_COLUMNS]];
  for (const [name, columns] of masonries) {
    for (const viewport of VIEWPORTS) {
      it(`${name} at ${viewport} px: every card image gets a sharp rendition at most about twice its width`, () => {
        const band = bandAtViewport(MASONRY_FRAME, columnsFor(viewport, columns), viewport);
        for (const count of [1, 2, 3, 4]) {
          for (let index = 0; index < count; index += 1) {
            const share = cardImageShare(count, index);
            expectRightSized(masonrySizes(columns, share), tileWidth(band, viewport, share), viewport);
          }
        }
      });
    }
  }

  for (const viewport of VIEWPORTS) {
    it(`studio at ${viewport} px: every tile of a batch of 1–4 gets a sharp rendition at most about twice its width`, () => {
      for (const count of [1, 2, 3, 4]) {
        const frame = count === 1 ? { ...STUDIO_FRAME, maxTile: STUDIO_SINGLE_MAX } : STUDIO_FRAME;
        const band = bandAtViewport(frame, gridColumns(count), viewport);
        expectRightSized(studioSizes(count), tileWidth(band, viewport, 1), viewport);
      }
    });
  }

  for (const viewport of VIEWPORTS) {
    it(`landing strip at ${viewport} px: every tile gets a sharp rendition at most about twice what it draws`, () => {
      const band = bandAtViewport(LANDING_STRIP_FRAME, columnsFor(viewport, LANDING_STRIP_COLUMNS), viewport);
      // Square, 4:3, portrait and a wide image: the wide one is cover-cropped, drawn wider than its 4:3 tile.
      for (const aspect of [1, 4 / 3, 3 / 4, 16 / 9]) {
        expectRightSized(landingStripSizes(aspect), tileWidth(band, viewport, Math.max(1, aspect / (4 / 3))), viewport);
      }
    });
  }

  it('states a landing strip tile about as wide as it is: a quarter of 1180 px less its gaps at 1440 px, half the page on a phone', () => {
    const tile = (viewport: number) => evaluateSizes(landingStripSizes(), viewport);
    // The band's cap is taken at its narrowest viewport (smaller padding), so it may overstate a little.
    expect(tile(1440)).toBeGreaterThanOrEqual((1180 - 3 * 12) / 4);
    expect(tile(1440)).toBeLessThan(((1180 - 3 * 12) / 4) * 1.05);
    // 375 px: no rail, 20 px padding each side, two columns 8 px apart.
    expect(tile(375)).toBeCloseTo((375 - 40 - 8) / 2, 0);
    for (let viewport = 320; viewport <= 2560; viewport += 7) {
      const band = bandAtViewport(LANDING_STRIP_FRAME, columnsFor(viewport, LANDING_STRIP_COLUMNS), viewport);
      expect(tile(viewport)).toBeGreaterThanOrEqual(tileWidth(band, viewport) - 0.01);
    }
  });

  it('never states a tile smaller than it is at any width (no blurry tile between the breakpoints)', () => {
    for (let viewport = 320; viewport <= 2560; viewport += 7) {
      const band = bandAtViewport(MASONRY_FRAME, columnsFor(viewport, GALLERY_COLUMNS), viewport);
      expect(evaluateSizes(masonrySizes(GALLERY_COLUMNS), viewport)).toBeGreaterThanOrEqual(tileWidth(band, viewport) - 0.01);
      const studio = bandAtViewport(STUDIO_FRAME, 2, viewport);
      expect(evaluateSizes(studioSizes(2), viewport)).toBeGreaterThanOrEqual(tileWidth(studio, viewport) - 0.01);
    }
  });

  it('holds a portrait studio tile to the width its capped height leaves, so it loads no more than it shows', () => {
    const entries = studioSizes(4, 9 / 16).split(/,\s*(?=\(max-width|min)/);
    for (const entry of entries) expect(entry).toMatch(new RegExp(`min\\(.*, calc\\(${STUDIO_TILE_MAX_HEIGHT.replace(/[()]/g, '\\$&')} \\* 0\\.5625\\)\\)$`));
    // A landscape or square tile is not capped by height.
    expect(studioSizes(4, 16 / 9)).toBe(studioSizes(4));
    // 1440 × 900: the tile is max(240, 378) × 9/16 ≈ 213 px wide; at DPR 2 a 2K image's ladder gives 512 px (≤ 2 × 426).
    const capped = (Math.max(240, 0.42 * 900) * 9) / 16;
    const ladder = renditionWidths(2048).map((width) => ({ url: `${width}.webp`, width }));
    expect(pickRendition(ladder, capped, DPR)?.width).toBe(512);
  });
});
