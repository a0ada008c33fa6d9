import { Hono } from 'hono';
import { optionalUser } from '../auth/middleware';
import { backgroundTasks, type AppContext, type AppEnv } from '../platform/context';
import { validate } from '../platform/validation';
import { GALLERY_BROWSER_MAX_AGE_SECONDS, GALLERY_BROWSER_STALE_SECONDS } from '#shared/edge';
import { edgeCacheDeps } from './edge-cache';
import { viewerGalleryPage, type GalleryDeps } from './service';
import { galleryQuerySchema } from './requests';

export function galleryDeps(c: AppContext): GalleryDeps {
  return {
    db: c.var.db,
    signingSecret: c.env.MEDIA_SIGNING_SECRET,
    edge: edgeCacheDeps(c.env.GALLERY_CACHE_SECONDS, backgroundTasks(c)),
  };
}

/**
 * GET /api/gallery: anyone. Signed out, the page is the shared one and may be cached briefly by
 * the browser too (docs/decisions/0044-gallery-at-the-edge.md); signed in, it carries the viewer's
 * like flags and never their own cards, and nothing may store it.
 */
export const galleryRoutes = new Hono<AppEnv>().get('/', optionalUser, validate('query', galleryQuerySchema), async (c) => {
  const viewerId = c.var.user?.id ?? null;
  const { page, outcome } = await viewerGalleryPage(galleryDeps(c), c.req.valid('query'), viewerId);
  c.header('X-Gallery-Cache', outcome);
  // Vary: a browser must not answer a signed-in request from the anonymous copy it kept.
  c.header('Vary', 'Authorization');
  c.header(
    'Cache-Control',
    viewerId === null
      ? `public, max-age=${GALLERY_BROWSER_MAX_AGE_SECONDS}, stale-while-revalidate=${GALLERY_BROWSER_STALE_SECONDS}`
      : 'private, no-store',
  );
  return c.json(page, 200);
});
