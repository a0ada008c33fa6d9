/**
 * The anonymous gallery's fast path (docs/decisions/0055-edge-hit-before-middleware.md): a signed-out
 * request whose page is fresh in the edge cache is answered before the app's middleware runs: no
 * D1 session, no auth lookup, no body limit, no parse and re-serialisation of the page; a page this isolate read
 * already is answered from its memory. Only a
 * request without credentials takes it, and only anonymous pages are ever stored (edge-cache.ts),
 * so no user-specific data can come from it. Anything else falls through to the route unchanged.
 */
import { createMiddleware } from 'hono/factory';
import { GALLERY_BROWSER_MAX_AGE_SECONDS, GALLERY_BROWSER_STALE_SECONDS, normaliseGalleryQuery } from '#shared/edge';
import { SECURITY_HEADERS } from '#shared/security-headers';
import type { AppEnv } from '../platform/context';
import { edgeCacheDeps, freshStoredPage, galleryCacheKey } from './edge-cache';
import { galleryQuerySchema } from './requests';

/** The headers of a gallery page: shared for anonymous answers, never stored for a signed-in viewer's. */
export function galleryPageHeaders(anonymous: boolean): Record<string, string> {
  return {
    // Vary: a browser must not answer a signed-in request from the anonymous copy it kept.
    Vary: 'Authorization',
    'Cache-Control': anonymous
      ? `public, max-age=${GALLERY_BROWSER_MAX_AGE_SECONDS}, stale-while-revalidate=${GALLERY_BROWSER_STALE_SECONDS}`
      : 'private, no-store',
  };
}

export const anonymousGalleryHit = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== 'GET' || c.req.header('Authorization') !== undefined) return next();
  const parsed = galleryQuerySchema.safeParse(c.req.query());
  if (!parsed.success) return next();
  const { q, seed, cursor, limit } = parsed.data;
  const key = galleryCacheKey({ q: normaliseGalleryQuery(q), seed, cursor, limit });
  const hit = await freshStoredPage(edgeCacheDeps(c.env.GALLERY_CACHE_SECONDS, () => undefined), key);
  if (!hit) return next();
  return new Response(hit, {
    headers: {
      ...SECURITY_HEADERS,
      ...galleryPageHeaders(true),
      'Content-Type': 'application/json',
      'X-Gallery-Cache': 'hit',
    },
  });
});
