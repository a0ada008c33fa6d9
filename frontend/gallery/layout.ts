/** The masonry grids' column rules and how the gallery reveals its cards. */

export const GALLERY_EAGER_CARDS = 15;

/** Cards after the first batch appear one by one, this far apart. */
export const GALLERY_BATCH_INTERVAL_MS = 100;

/** Masonry columns by viewport width: the default, then [max width in px, columns] in order. */
export const GALLERY_COLUMNS = { default: 4, steps: [[1400, 4], [1100, 3], [768, 3], [480, 2]] } as const;

export const DASHBOARD_COLUMNS = { default: 4, steps: [[1400, 4], [1100, 3], [768, 2], [480, 1]] } as const;

/**
 * How much of its card's width one image takes: a lone image all of it, otherwise half, except the
 * first of three, which spans the top row (gallery.css .card-images--N).
 */
export function cardImageShare(count: number, index: number): number {
  if (count <= 1) return 1;
  return count === 3 && index === 0 ? 1 : 0.5;
}
