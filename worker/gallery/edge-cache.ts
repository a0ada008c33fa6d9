/**
 * The anonymous gallery at the edge (docs/decisions/0044-gallery-at-the-edge.md). A signed-out
 * page is the same for every visitor, so it is kept in the Workers cache under its normalised
 * query. Only anonymous pages are ever stored: the signed-in answer is built from one of them
 * plus a per-user overlay (overlay.ts) and is never stored.
 */
import type { GalleryPage } from '#shared/gallery-types';
import { GALLERY_EDGE_FRESH_SECONDS, GALLERY_EDGE_STALE_SECONDS } from '#shared/edge';

/** The parameters a gallery page depends on, nothing else (unknown ones never reach the key). */
export interface GalleryKeyParams {
  q: string;
  seed?: number;
  cursor?: string;
  limit: number;
}

/** When the stored copy was made (ms), so staleness is judged here, not by the cache. */
export const STORED_AT_HEADER = 'x-parti-stored-at';

/** A host no request can name: cache keys never collide with real URLs. */
const KEY_ORIGIN = 'https://gallery.parti.internal';

/** Whitelisted, sorted, normalised: `?limit=40&q=villa` whatever order or spacing the request had. */
export function galleryCacheKey(params: GalleryKeyParams): string {
  const search = new URLSearchParams();
  if (params.cursor) search.set('cursor', params.cursor);
  search.set('limit', String(params.limit));
  if (params.q !== '') search.set('q', params.q);
  if (params.seed !== undefined) search.set('seed', String(params.seed));
  return `${KEY_ORIGIN}/anonymous-page?${search.toString()}`;
}

export interface EdgeCacheDeps {
  /** `caches.default`; null when the runtime has none. */
  cache: Cache | null;
  /** 0 turns the cache off (the Worker tests, where every read must see the last write). */
  freshSeconds: number;
  /** Keeps the background refresh of a stale page alive after the answer (ctx.waitUntil). */
  waitUntil: (task: Promise<unknown>) => void;
  nowMs: number;
}

export type CacheOutcome = 'hit' | 'stale' | 'miss' | 'off';

export function edgeCacheDeps(cacheSeconds: string | undefined, waitUntil: (task: Promise<unknown>) => void): EdgeCacheDeps {
  const parsed = Number(cacheSeconds ?? GALLERY_EDGE_FRESH_SECONDS);
  const freshSeconds = Number.isFinite(parsed) && parsed > 0 ? Math.min(parsed, GALLERY_EDGE_FRESH_SECONDS) : 0;
  const cache = typeof caches === 'undefined' ? null : caches.default;
  return { cache, freshSeconds, waitUntil, nowMs: Date.now() };
}

/** Whether a copy stored at `storedAt` (ms) is still fresh. */
export function isFresh(deps: EdgeCacheDeps, storedAt: number): boolean {
  return deps.nowMs - storedAt < deps.freshSeconds * 1000;
}

/**
 * Keeps `body` under `key` until it is too stale to answer even in the background's shadow
 * (GALLERY_EDGE_STALE_SECONDS for the default lifetime), marked with when it was made.
 */
export async function storeAnonymous(deps: EdgeCacheDeps, key: string, body: BodyInit, contentType: string, storedAt = deps.nowMs): Promise<void> {
  if (!deps.cache) return;
  const keepSeconds = Math.round((deps.freshSeconds * GALLERY_EDGE_STALE_SECONDS) / GALLERY_EDGE_FRESH_SECONDS);
  const response = new Response(body, {
    headers: { 'Content-Type': contentType, 'Cache-Control': `public, max-age=${keepSeconds}`, [STORED_AT_HEADER]: String(storedAt) },
  });
  await deps.cache.put(key, response);
}

function store(deps: EdgeCacheDeps, key: string, page: GalleryPage): Promise<void> {
  return storeAnonymous(deps, key, JSON.stringify(page), 'application/json');
}

/**
 * Fresh anonymous pages this isolate has already read from the cache, so a repeat hit costs no
 * cache round trip. Same freshness rule as the cache; only anonymous pages ever enter; bounded.
 */
const isolatePages = new Map<string, { body: string; storedAt: number }>();
const ISOLATE_PAGES_MAX = 32;

function remember(key: string, body: string, storedAt: number): void {
  isolatePages.delete(key);
  isolatePages.set(key, { body, storedAt });
  const oldest = isolatePages.keys().next();
  if (isolatePages.size > ISOLATE_PAGES_MAX && !oldest.done) isolatePages.delete(oldest.value);
}

/**
 * The stored page of `key` as JSON text while it is fresh, else null: a fresh hit is answered as
 * stored, never parsed and serialised again (docs/decisions/0055-edge-hit-before-middleware.md).
 */
export async function freshStoredPage(deps: EdgeCacheDeps, key: string): Promise<string | null> {
  if (!deps.cache || deps.freshSeconds === 0) return null;
  const fresh = (storedAt: number) => isFresh(deps, storedAt);
  const kept = isolatePages.get(key);
  if (kept && fresh(kept.storedAt)) return kept.body;
  isolatePages.delete(key);
  const cached = await deps.cache.match(key);
  if (!cached) return null;
  const storedAt = Number(cached.headers.get(STORED_AT_HEADER));
  if (!fresh(storedAt)) {
    await cached.body?.cancel();
    return null;
  }
  const body = await cached.text();
  remember(key, body, storedAt);
  return body;
}

/**
 * The anonymous page for `key`: from the cache while fresh; once stale (but not expired) it is
 * still answered and rebuilt behind the answer; missing, it is built, stored and answered. With
 * it, when it was made (ms): a document built from it is never kept as fresher than its data.
 */
export async function cachedAnonymousPage(
  deps: EdgeCacheDeps,
  key: string,
  build: () => Promise<GalleryPage>,
): Promise<{ page: GalleryPage; outcome: CacheOutcome; storedAt: number }> {
  if (!deps.cache || deps.freshSeconds === 0) return { page: await build(), outcome: 'off', storedAt: deps.nowMs };
  const cached = await deps.cache.match(key);
  if (cached) {
    const storedAt = Number(cached.headers.get(STORED_AT_HEADER));
    const page: GalleryPage = await cached.json();
    if (isFresh(deps, storedAt)) return { page, outcome: 'hit', storedAt };
    deps.waitUntil(build().then((fresh) => store(deps, key, fresh)));
    return { page, outcome: 'stale', storedAt };
  }
  const page = await build();
  deps.waitUntil(store(deps, key, page));
  return { page, outcome: 'miss', storedAt: deps.nowMs };
}
