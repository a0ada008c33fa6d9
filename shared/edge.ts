/**
 * What the Worker and the app agree on for the edge-served gallery and read replicas
 * (docs/decisions/0044-gallery-at-the-edge.md, 0045-read-replicas-and-bookmarks.md,
 * 0078-react-on-the-server.md).
 */

/** Request and response header carrying a D1 session bookmark. */
export const D1_BOOKMARK_HEADER = 'x-d1-bookmark';

/**
 * A non-httpOnly cookie set and cleared beside the refresh cookie: it says only "a session may
 * exist", so a signed-out visitor's app skips a session check certain to fail.
 */
export const SESSION_HINT_COOKIE = 'parti_has_session';

/** The anonymous gallery's shared lifetime at the edge: fresh this long … */
export const GALLERY_EDGE_FRESH_SECONDS = 30;
/** … then served stale (and refreshed behind the answer) up to this age. */
export const GALLERY_EDGE_STALE_SECONDS = 45;
/** What a browser may keep it for; with the edge's 45 s a page is at most 60 s old. */
export const GALLERY_BROWSER_MAX_AGE_SECONDS = 5;
export const GALLERY_BROWSER_STALE_SECONDS = 10;

/** Masonry columns by viewport width: the default, then [max width in px, columns] in order. */
export const GALLERY_COLUMNS = { default: 4, steps: [[1400, 4], [1100, 3], [768, 3], [480, 2]] } as const;

/**
 * Searches match case-insensitively (docs/decisions/0017-server-built-gallery.md), so a query is
 * trimmed, its runs of white space made one space and its ASCII letters lowered: "  Villa  Roof "
 * and "villa roof" are one search, one cached page and one entry in the app's query cache
 * (docs/decisions/0044-gallery-at-the-edge.md). Only ASCII is lowered because LIKE, which answers
 * short and dense searches, folds only ASCII.
 */
export function normaliseGalleryQuery(q: string | undefined): string {
  return (q ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}
