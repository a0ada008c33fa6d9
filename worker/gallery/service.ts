/**
 * The public gallery (docs/decisions/0017-server-built-gallery.md): one page of the seeded shuffle,
 * with likes, in one response.
 */
import type { Database } from '../db/client';
import { chooseSearchMode, galleryRows, publicCardRow, type GalleryPosition, type SearchMode } from './queries';
import type { GalleryItem, GalleryPage } from '#shared/gallery-types';
import { generalMessages } from '#shared/messages';
import { AppError } from '../platform/errors';
import { normaliseGalleryQuery } from '#shared/edge';
import { decodeCursor, encodeCursor, isRecord, isSafeInteger } from '../platform/cursor';
import { toGalleryItem } from './cards';
import { cachedAnonymousPage, galleryCacheKey, type CacheOutcome, type EdgeCacheDeps } from './edge-cache';
import { withViewerOverlay } from './overlay';

export interface GalleryRequest {
  q?: string;
  seed?: number;
  cursor?: string;
  limit: number;
  viewerId: string | null;
}

interface GalleryCursor extends GalleryPosition {
  seed: number;
  /** How the first page answered the search, so later pages skip the probe. */
  mode: SearchMode;
}

const isUint32 = (value: unknown): value is number => isSafeInteger(value) && value >= 0 && value <= 0xffffffff;

function isGalleryCursor(value: unknown): value is GalleryCursor {
  return (
    isRecord(value) &&
    isUint32(value.seed) &&
    (value.phase === 0 || value.phase === 1) &&
    (value.mode === 'none' || value.mode === 'scan' || value.mode === 'hits') &&
    isSafeInteger(value.position) &&
    isSafeInteger(value.rowid)
  );
}

function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
}

export interface GalleryDeps {
  db: Database;
  signingSecret: string;
  edge: EdgeCacheDeps;
}

/**
 * The page a viewer sees: the shared anonymous page (from the edge cache when there), with the
 * signed-in viewer's overlay merged in per request.
 */
export async function viewerGalleryPage(
  deps: GalleryDeps,
  request: Omit<GalleryRequest, 'viewerId'>,
  viewerId: string | null,
): Promise<{ page: GalleryPage; outcome: CacheOutcome; storedAt: number }> {
  const q = normaliseGalleryQuery(request.q);
  const key = galleryCacheKey({ q, seed: request.seed, cursor: request.cursor, limit: request.limit });
  const shared = await cachedAnonymousPage(deps.edge, key, () =>
    galleryPage(deps, { ...request, q, viewerId: null }),
  );
  if (viewerId === null) return shared;
  return { ...shared, page: await withViewerOverlay(deps.db, viewerId, shared.page) };
}

export async function galleryPage(
  deps: { db: Database; signingSecret: string },
  request: GalleryRequest,
): Promise<GalleryPage> {
  // The cursor carries its seed, so a page is the continuation of the order it came from.
  const cursor = request.cursor ? decodeCursor(request.cursor, isGalleryCursor) : null;
  const seed = cursor?.seed ?? request.seed ?? randomSeed();
  const search = normaliseGalleryQuery(request.q);
  const mode = search === '' ? 'none' : (cursor?.mode ?? (await chooseSearchMode(deps.db, search)));
  const rows = await galleryRows(
    deps.db,
    { seed, search, viewerId: request.viewerId, after: cursor, limit: request.limit },
    mode,
  );
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > request.limit && last
      ? encodeCursor({ seed, mode, phase: last.phase, position: last.position, rowid: last.rowid } satisfies GalleryCursor)
      : null;
  const nowMs = Date.now();
  const items = await Promise.all(page.map((row) => toGalleryItem(deps.signingSecret, row, request.viewerId, nowMs)));
  return { items, nextCursor, seed };
}

/**
 * One public image as anyone sees it (its own page, docs/decisions/0094-search-and-previews.md):
 * no like flag, never the owner's. A private, deleted or imageless generation is the same 404.
 */
export async function publicGalleryItem(deps: { db: Database; signingSecret: string }, id: string): Promise<GalleryItem> {
  const row = await publicCardRow(deps.db, id);
  if (!row) throw new AppError('not_found', generalMessages.notFound);
  return toGalleryItem(deps.signingSecret, row, null);
}
