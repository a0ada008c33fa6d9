/**
 * The grids' column rules and page frames as pure functions: Masonry and the studio lay out by
 * them, and every grid image's `sizes` is derived from the same rules
 * (docs/decisions/0042-srcset-from-column-rules.md). The frames mirror app.css, gallery.css and
 * studio.css; a change there belongs here too.
 */
import { sizesOf, type GridBand } from '#shared/renditions';

/** Columns by viewport width: a default, then [max width in px, columns] steps (widest first). */
export interface ColumnSteps {
  default: number;
  steps: readonly (readonly [number, number])[];
}

export function columnsFor(width: number, config: ColumnSteps): number {
  let columns = config.default;
  for (const [maxWidth, count] of config.steps) if (width <= maxWidth) columns = count;
  return columns;
}

/** Studio batches: 1 image one column, 2 two, 3 three, 4 two (docs/decisions/0032). */
export function gridColumns(count: number): number {
  return count === 4 ? 2 : Math.min(Math.max(count, 1), 3);
}

/** What surrounds a grid horizontally, as the stylesheets set it. */
export interface PageFrame {
  /** The navigation rail (app.css --rail-width), shown from `railFrom` px up (nav.css). */
  rail: number;
  railFrom: number;
  /** Side padding: clamp(min, vw % of the viewport, max). */
  padding: { min: number; vw: number; max: number };
  /** The page's max-width, padding included (border-box). */
  maxWidth: number;
  /** Gap between columns below and from `railFrom`. */
  gap: { narrow: number; wide: number };
  /** The widest one tile may get whatever the columns (the studio's single image). */
  maxTile?: number;
}

/** .page--gallery / .page--dashboard with the masonry's gaps. */
export const MASONRY_FRAME: PageFrame = {
  rail: 72,
  railFrom: 768,
  padding: { min: 20, vw: 5, max: 64 },
  maxWidth: 1600,
  gap: { narrow: 10, wide: 16 },
};

/** The masonry's gap at `viewport` px: Masonry places its items by it. */
export function masonryGap(viewport: number): number {
  return viewport >= MASONRY_FRAME.railFrom ? MASONRY_FRAME.gap.wide : MASONRY_FRAME.gap.narrow;
}

/**
 * How much of its card's width one image takes: a lone image all of it, otherwise half, except the
 * first of three, which spans the top row (gallery.css .card-images--N).
 */
export function cardImageShare(count: number, index: number): number {
  if (count <= 1) return 1;
  return count === 3 && index === 0 ? 1 : 0.5;
}

/** .studio with .studio-grid's gap. */
export const STUDIO_FRAME: PageFrame = {
  rail: 72,
  railFrom: 768,
  padding: { min: 12, vw: 3, max: 32 },
  maxWidth: 1100,
  gap: { narrow: 8, wide: 8 },
};

/** .studio-grid--single caps a lone image. */
export const STUDIO_SINGLE_MAX = 640;

function paddingAt(frame: PageFrame, viewport: number): number {
  return Math.min(frame.padding.max, Math.max(frame.padding.min, (viewport * frame.padding.vw) / 100));
}

/** The grid's geometry at exactly `viewport` px: what the browser lays out. */
export function bandAtViewport(frame: PageFrame, columns: number, viewport: number): GridBand {
  const wide = viewport >= frame.railFrom;
  const padding = paddingAt(frame, viewport);
  const maxContent = frame.maxWidth - 2 * padding;
  return {
    upTo: viewport,
    columns,
    gap: wide ? frame.gap.wide : frame.gap.narrow,
    chrome: (wide ? frame.rail : 0) + 2 * padding,
    maxContent: frame.maxTile === undefined ? maxContent : Math.min(maxContent, frame.maxTile * columns),
  };
}

/**
 * The bands for `sizes`: one per stretch of viewport widths where the columns, the rail and the
 * gap stay the same, each with its narrowest end's chrome and gap, so a band's length is never
 * smaller than any tile it covers (a tile never gets a rendition narrower than it needs).
 */
function gridBands(frame: PageFrame, columnsAt: (viewport: number) => number, breakpoints: readonly number[]): GridBand[] {
  const ends = [...new Set([...breakpoints, frame.railFrom - 1])].sort((a, b) => a - b);
  let start = 0;
  const bands = [...ends, null].map((upTo) => {
    const band = { ...bandAtViewport(frame, columnsAt(upTo ?? start), start), upTo };
    start = (upTo ?? start) + 1;
    return band;
  });
  return bands;
}

/** `sizes` for an image taking `share` of a column of any frame's grid (the landing strip and the review page have their own). */
export function frameSizes(frame: PageFrame, columns: ColumnSteps, share = 1): string {
  const breakpoints = columns.steps.map(([maxWidth]) => maxWidth);
  return sizesOf(gridBands(frame, (viewport) => columnsFor(viewport, columns), breakpoints), share);
}

/** `sizes` for a masonry item: the image takes `share` of its column (a card of several). */
export function masonrySizes(columns: ColumnSteps, share = 1): string {
  return frameSizes(MASONRY_FRAME, columns, share);
}

/**
 * The landing's strip of gallery work (landing.css .landing and .gallery-strip): the page's side
 * padding around at most --landing-max (1180 px) of content, four columns, two up to 480 px.
 * Its gap is 8 px up to 480 px and 12 px above; the frame's narrow gap is the smaller of the two
 * below the rail's width, so no tile is ever stated smaller than it is.
 */
export const LANDING_STRIP_FRAME: PageFrame = {
  rail: 72,
  railFrom: 768,
  padding: { min: 20, vw: 5, max: 64 },
  maxWidth: 1180 + 2 * 64,
  gap: { narrow: 8, wide: 12 },
};
export const LANDING_STRIP_COLUMNS = { default: 4, steps: [[480, 2]] } as const;
/** The strip's tiles are 4:3 and cover-cropped. */
const LANDING_STRIP_TILE_ASPECT = 4 / 3;

/**
 * `sizes` for a strip tile's image of `aspect` (width / height): cover-cropped into a 4:3 tile, an
 * image wider than that is drawn wider than the tile by the ratio of the two.
 */
export function landingStripSizes(aspect = LANDING_STRIP_TILE_ASPECT): string {
  return frameSizes(LANDING_STRIP_FRAME, LANDING_STRIP_COLUMNS, Math.max(1, aspect / LANDING_STRIP_TILE_ASPECT));
}

/** studio.css's --studio-tile-max-h: how tall a portrait studio tile may get. */
export const STUDIO_TILE_MAX_HEIGHT = 'max(240px, 42vh)';

/**
 * `sizes` for a studio tile in a batch of `count` images; a portrait image (`aspect` = width /
 * height below 1) is held to STUDIO_TILE_MAX_HEIGHT, so its width is capped by its ratio too.
 */
export function studioSizes(count: number, aspect = 1): string {
  const frame = count === 1 ? { ...STUDIO_FRAME, maxTile: STUDIO_SINGLE_MAX } : STUDIO_FRAME;
  const cap = aspect > 0 && aspect < 1 ? `calc(${STUDIO_TILE_MAX_HEIGHT} * ${Math.ceil(aspect * 10000) / 10000})` : undefined;
  return sizesOf(gridBands(frame, () => gridColumns(count), []), 1, cap);
}
