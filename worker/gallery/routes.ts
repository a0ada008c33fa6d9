import { Hono } from 'hono';
import { optionalUser } from '../auth';
import { backgroundTasks, type AppContext, type AppEnv } from '../platform/context';
import { validate } from '../platform/validation';
import { edgeCacheDeps } from './edge-cache';
import { galleryPageHeaders } from './edge-hit';
import { publicGalleryItem, viewerGalleryPage, type GalleryDeps } from './service';
import { galleryQuerySchema, generationIdSchema } from './requests';

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
export const galleryRoutes = new Hono<AppEnv>()
  .get('/', optionalUser, validate('query', galleryQuerySchema), async (c) => {
    const viewerId = c.var.user?.id ?? null;
    const { page, outcome } = await viewerGalleryPage(galleryDeps(c), c.req.valid('query'), viewerId);
    c.header('X-Gallery-Cache', outcome);
    for (const [name, value] of Object.entries(galleryPageHeaders(viewerId === null))) c.header(name, value);
    return c.json(page, 200);
  })
  /**
   * GET /api/gallery/:id: one public image as anyone sees it, for its own page opened again from
   * the history (docs/decisions/0094-search-and-previews.md). The same for everyone, so shared
   * caches may keep it as long as a gallery page; a private or missing one is a 404.
   */
  .get('/:id', validate('param', generationIdSchema), async (c) => {
    const item = await publicGalleryItem(galleryDeps(c), c.req.valid('param').id);
    c.header('Cache-Control', galleryPageHeaders(true)['Cache-Control']);
    return c.json(item, 200);
  });
