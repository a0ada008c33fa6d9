/**
 * A signed-in viewer's gallery page: the shared anonymous page with their own overlay, built
 * per request and never stored (docs/decisions/0044-gallery-at-the-edge.md). One statement over
 * the page's ids (primary key lookups) brings the viewer's like flags, fresh like counts, and
 * drops their own cards and cards made private or deleted since the page was cached.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { generations } from '../db/schema';
import type { GalleryPage } from '#shared/gallery-types';

interface OverlayRow {
  id: string;
  likeCount: number;
  liked: number;
}

async function viewerOverlay(db: Database, viewerId: string, ids: string[]): Promise<Map<string, OverlayRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: generations.id,
      likeCount: generations.likeCount,
      liked: sql<number>`exists (select 1 from liked where liked.user_id = ${viewerId} and liked.generation_id = generations.id)`,
    })
    .from(generations)
    .where(
      sql`${inArray(generations.id, ids)} and ${generations.visibility} = 'public' and ${generations.imageCount} > 0 and ${generations.userId} <> ${viewerId}`,
    );
  return new Map(rows.map((row) => [row.id, row]));
}

/** The anonymous page as `viewerId` sees it. */
export async function withViewerOverlay(db: Database, viewerId: string, page: GalleryPage): Promise<GalleryPage> {
  const overlay = await viewerOverlay(db, viewerId, page.items.map((item) => item.id));
  const items = page.items.flatMap((item) => {
    const row = overlay.get(item.id);
    return row ? [{ ...item, liked: row.liked === 1, likeCount: row.likeCount }] : [];
  });
  return { ...page, items };
}
