/**
 * The public gallery (docs/decisions/0017-server-built-gallery.md): one page of the seeded shuffle,
 * with likes, in one response.
 */
import type { Database } from '../db/client';
import { chooseSearchMode, galleryRows, type GalleryPosition, type SearchMode } from './queries';
import type { GalleryPage } from '#shared/gallery-types';
import { decodeCursor, encodeCursor, isRecord, isSafeInteger, toGalleryItem } from './cards';

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

export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
}

/**
 * Only the trimmed query matters (docs/decisions/0017-server-built-gallery.md), so "  Villa " and
 * "villa" search alike.
 */
export function normaliseQuery(q: string | undefined): string {
  return (q ?? '').trim();
}

export async function galleryPage(
  deps: { db: Database; signingSecret: string },
  request: GalleryRequest,
): Promise<GalleryPage> {
  // The cursor carries its seed, so a page is the continuation of the order it came from.
  const cursor = request.cursor ? decodeCursor(request.cursor, isGalleryCursor) : null;
  const seed = cursor?.seed ?? request.seed ?? randomSeed();
  const search = normaliseQuery(request.q);
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
