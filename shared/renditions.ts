/**
 * The rendition ladder (docs/decisions/0040-webp-rendition-ladder.md) and the pure rules that turn
 * a grid's column rules into `srcset` and `sizes` (docs/decisions/0042-srcset-from-column-rules.md).
 * The Worker makes the ladder from these widths; every grid derives its `sizes` from here.
 */

/**
 * Widths below the original, each about 1.6× the last (and 2048 / 1280 = 1.6 to a 2K original):
 * whatever a tile needs, the next rung is at most 1.6× wider, so even with `sizes` overstating a
 * tile a little no tile loads twice the width it shows. 200 covers a quarter of a phone card at
 * DPR 2. A 1K image gets 5 renditions, a 2K image 6.
 */
const RENDITION_WIDTHS = [200, 320, 512, 800, 1280] as const;

/** A rung this close to the original's width adds nothing: the full-width rendition serves. */
const NEAR_ORIGINAL = 0.9;

export const RENDITION_WEBP_QUALITY = 80;

/** Browsers keep an immutable (content-addressed) rendition a year. */
export const IMMUTABLE_MAX_AGE_SECONDS = 31_536_000;

/** The widths an image of `originalWidth` gets: the ladder below it, then its own width. */
export function renditionWidths(originalWidth: number): number[] {
  const below = RENDITION_WIDTHS.filter((width) => width <= originalWidth * NEAR_ORIGINAL);
  return [...below, originalWidth];
}

/** Height of a rendition `width` px wide of an image `original` px (aspect kept, at least 1). */
export function renditionHeight(original: { width: number; height: number }, width: number): number {
  return Math.max(1, Math.round((original.height * width) / Math.max(1, original.width)));
}

export interface Rendition {
  url: string;
  width: number;
}

/** `url 400w, url 600w, …` for an <img srcset>. */
export function srcsetOf(renditions: readonly Rendition[]): string {
  return renditions.map((rendition) => `${rendition.url} ${rendition.width}w`).join(', ');
}

/**
 * What a browser picks from a srcset for a slot `slotCssPx` wide at `dpr`: the narrowest
 * rendition at least as wide as the slot's device pixels, else the widest.
 */
export function pickRendition<T extends Rendition>(renditions: readonly T[], slotCssPx: number, dpr: number): T | undefined {
  const needed = slotCssPx * dpr;
  const sorted = [...renditions].sort((a, b) => a.width - b.width);
  return sorted.find((rendition) => rendition.width >= needed) ?? sorted.at(-1);
}

/**
 * A grid's geometry within one band of viewport widths: the columns, the gap between them, the
 * horizontal pixels that are not the grid (navigation rail, page padding) and the widest the
 * grid's content gets. `chrome` is the band's smallest: `sizes` may only overstate a tile.
 */
export interface GridBand {
  /** The band ends at this viewport width, inclusive; null for the widest band. */
  upTo: number | null;
  columns: number;
  gap: number;
  chrome: number;
  maxContent: number | null;
}

/** A tile's CSS width in a band at `viewport` px, for an image taking `share` of its column. */
export function tileWidth(band: GridBand, viewport: number, share = 1): number {
  const content = Math.min(viewport - band.chrome, band.maxContent ?? Number.POSITIVE_INFINITY);
  return ((content - (band.columns - 1) * band.gap) / band.columns) * share;
}

/** Two decimals, rounded up or down so that rounding only ever overstates a tile. */
const up = (value: number) => Math.ceil(value * 100) / 100;
const down = (value: number) => Math.floor(value * 100) / 100;

/** One band as a CSS length: `calc((100vw - chrome - gaps) * share / columns)`, capped by the content. */
function bandLength(band: GridBand, share: number): string {
  const fixed = band.chrome + (band.columns - 1) * band.gap;
  const fraction = up((100 * share) / band.columns);
  const fluid = `calc(${fraction}vw - ${down((fixed * share) / band.columns)}px)`;
  // A cap the band never reaches (its widest viewport fits under it) is left out.
  if (band.maxContent === null || (band.upTo !== null && band.upTo - band.chrome <= band.maxContent)) return fluid;
  const cap = up(((band.maxContent - (band.columns - 1) * band.gap) / band.columns) * share);
  return `min(${fluid}, ${cap}px)`;
}

/**
 * The `sizes` attribute for a grid's bands: one media condition a band, the widest last. `cap`, a
 * CSS length, is a limit every tile also keeps (a portrait tile held to a height, say).
 */
export function sizesOf(bands: readonly GridBand[], share = 1, cap?: string): string {
  const length = (band: GridBand) => (cap ? `min(${bandLength(band, share)}, ${cap})` : bandLength(band, share));
  return bands.map((band) => (band.upTo === null ? length(band) : `(max-width: ${band.upTo}px) ${length(band)}`)).join(', ');
}
