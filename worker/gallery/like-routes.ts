import { Hono } from 'hono';
import { currentUser, requireUser } from '../auth';
import type { AppEnv } from '../platform/context';
import { validate } from '../platform/validation';
import { pageQuerySchema } from './requests';
import { likesPage } from './likes';

/** GET /api/likes: the caller's liked generations that are public or their own, newest like first. */
export const likeRoutes = new Hono<AppEnv>().get('/', requireUser(), validate('query', pageQuerySchema), async (c) => {
  const page = await likesPage(
    { db: c.var.db, signingSecret: c.env.MEDIA_SIGNING_SECRET },
    currentUser(c).id,
    c.req.valid('query'),
  );
  c.header('Cache-Control', 'private, no-store');
  return c.json(page, 200);
});
