/**
 * Rendered documents at the edge: a document that is the same for every visitor it is sent to (no
 * session in it) is kept in the Workers cache for the lifetime of the anonymous gallery page it
 * shows (worker/gallery/edge-cache.ts), counted from when that page was made, so a document is
 * never fresher than its data (docs/decisions/0078-react-on-the-server.md).
 */
import { isFresh, STORED_AT_HEADER, storeAnonymous, type CacheOutcome, type EdgeCacheDeps } from '../gallery';

/** A host no request can name: cache keys never collide with real URLs. */
const KEY_ORIGIN = 'https://documents.parti.internal';

/** The key of a gallery document: its build (whose files it names), variant and normalised search. */
export function documentCacheKey(build: string, variant: string, q: string): string {
  const search = new URLSearchParams({ build, variant });
  if (q !== '') search.set('q', q);
  return `${KEY_ORIGIN}/gallery?${search.toString()}`;
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
): Promise<{ body: ReadableStream<Uint8Array>; outcome: CacheOutcome }> {
  if (!deps.cache || deps.freshSeconds === 0) return { body: (await build()).body, outcome: 'off' };
  const cached = await deps.cache.match(key);
  if (cached?.body) {
    // What was stored is what a build streamed: bytes.
    const body = cached.body as ReadableStream<Uint8Array>;
    if (isFresh(deps, Number(cached.headers.get(STORED_AT_HEADER)))) return { body, outcome: 'hit' };
    deps.waitUntil(build().then((fresh) => storeAnonymous(deps, key, fresh.body, 'text/html; charset=utf-8', fresh.storedAt)));
    return { body, outcome: 'stale' };
  }
  const built = await build();
  const [answer, kept] = built.body.tee();
  deps.waitUntil(storeAnonymous(deps, key, kept, 'text/html; charset=utf-8', built.storedAt));
  return { body: answer, outcome: 'miss' };
}
