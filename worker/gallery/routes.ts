import { Hono } from 'hono';
import { optionalUser } from '../auth/middleware';
import type { AppEnv } from '../platform/context';
import { validate } from '../platform/validation';
import { galleryPage } from './service';
import { galleryQuerySchema } from './requests';

/** GET /api/gallery: anyone; a signed-in viewer also gets their like flags and never their own cards. */
export const galleryRoutes = new Hono<AppEnv>().get('/', optionalUser, validate('query', galleryQuerySchema), async (c) => {
  const query = c.req.valid('query');
  const page = await galleryPage(
    { db: c.var.db, signingSecret: c.env.MEDIA_SIGNING_SECRET },
    { ...query, viewerId: c.var.user?.id ?? null },
  );
  // The like flags depend on the caller; nothing here may be shared by caches.
  c.header('Cache-Control', 'private, no-store');
  return c.json(page, 200);
});
