/**
 * The public images the sitemap lists (docs/decisions/0094-search-and-previews.md): the gallery's
 * rows (public, with images), read along the partial index the gallery's shuffle keeps on them.
 * A sitemap file holds the images of one range of rowids, `size` wide, so no file can hold more
 * than `size` of them and a file is found without counting the rows before it.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export interface SitemapPart {
  /** The range of rowids [part × size, (part + 1) × size). */
  part: number;
  count: number;
  /** The newest image's creation (ms). */
  newest: number;
}

/** The non-empty ranges of public images, in order (D1 binds numbers as reals: the cast keeps the division whole). */
export function sitemapParts(db: Database, size: number): Promise<SitemapPart[]> {
  return db.all<SitemapPart>(sql`
    select rowid / cast(${size} as integer) as part, count(*) as count, max(created_at) as newest
    from generations where visibility = 'public' and image_count > 0
    group by part order by part`);
}

export interface SitemapImage {
  id: string;
  createdAt: number;
}

/** The public images of one range of rowids (every one when `part` is null), in rowid order. */
export function sitemapImages(db: Database, size: number, part: number | null): Promise<SitemapImage[]> {
  const range = part === null ? sql`` : sql` and rowid >= ${part * size} and rowid < ${(part + 1) * size}`;
  return db.all<SitemapImage>(sql`
    select id, created_at as createdAt from generations
    where visibility = 'public' and image_count > 0${range}
    order by rowid`);
}
