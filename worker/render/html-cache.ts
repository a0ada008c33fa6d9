/**
 * Rendered documents at the edge: a document that is the same for every visitor it is sent to (no
 * session in it) is kept in the Workers cache for the lifetime of the anonymous gallery page it
 * shows (worker/gallery/edge-cache.ts), counted from when that page was made, so a document is
 * never fresher than its data (docs/decisions/0078-react-on-the-server.md). Sitemaps are kept the
 * same way, for longer (docs/decisions/0094-search-and-previews.md).
 */
import { isFresh, STORED_AT_HEADER, storeAnonymous, type CacheOutcome, type EdgeCacheDeps } from '../gallery';

/** A host no request can name: cache keys never collide with real URLs. */
const KEY_ORIGIN = 'https://documents.parti.internal';

/**
 * The key of a document the same for everyone it is sent to: its path and everything else it
 * depends on — for a page the build whose files it names, the origin its meta tags name, its
 * variant and its normalised search — in a fixed order; empty parts are left out.
 */
export function documentCacheKey(path: string, parts: Record<string, string>): string {
  const search = new URLSearchParams(Object.entries(parts).filter(([, value]) => value !== '').sort(([a], [b]) => a.localeCompare(b)));
  return `${KEY_ORIGIN}${path}?${search.toString()}`;
}

export interface BuiltDocument {
  body: ReadableStream<Uint8Array>;
  /** When the data it shows was made (ms). */
  storedAt: number;
}

/**
 * The document for `key`: from the cache while fresh; once stale (but not expired) it is still
 * answered and rebuilt behind the answer; missing, it is built, streamed and stored as it streams.
 */
export async function cachedAnonymousDocument(
  deps: EdgeCacheDeps,
  key: string,
  build: () => Promise<BuiltDocument>,
  contentType = 'text/html; charset=utf-8',
): Promise<{ body: ReadableStream<Uint8Array>; outcome: CacheOutcome }> {
  if (!deps.cache || deps.freshSeconds === 0) return { body: (await build()).body, outcome: 'off' };
  const cached = await deps.cache.match(key);
  if (cached?.body) {
    // What was stored is what a build streamed: bytes.
    const body = cached.body as ReadableStream<Uint8Array>;
    if (isFresh(deps, Number(cached.headers.get(STORED_AT_HEADER)))) return { body, outcome: 'hit' };
    deps.waitUntil(build().then((fresh) => storeAnonymous(deps, key, fresh.body, contentType, fresh.storedAt)));
    return { body, outcome: 'stale' };
  }
  const built = await build();
  const [answer, kept] = built.body.tee();
  deps.waitUntil(storeAnonymous(deps, key, kept, contentType, built.storedAt));
  return { body: answer, outcome: 'miss' };
}
