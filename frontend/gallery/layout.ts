/** The masonry grids' column rules and how the gallery reveals its cards. */

export const GALLERY_EAGER_CARDS = 15;

/** Cards after the first batch appear one by one, this far apart. */
export const GALLERY_BATCH_INTERVAL_MS = 100;

/** The gallery's columns by width; the masonry's stylesheet and every image's `sizes` follow them. */
export { GALLERY_COLUMNS } from '#shared/edge';

export const DASHBOARD_COLUMNS = { default: 4, steps: [[1400, 4], [1100, 3], [768, 2], [480, 1]] } as const;

/** How much of its card's width one image takes (shared/grid-rules.ts). */
export { cardImageShare } from '#shared/grid-rules';
