import { Hono } from 'hono';
import { galleryMessages } from '#shared/messages';
import { currentUser, requireUser } from '../auth/middleware';
import type { AppContext, AppEnv } from '../platform/context';
import { validate } from '../platform/validation';
import { notifyGenerations } from '../realtime/notify';
import { generationIdSchema, pageQuerySchema, visibilityBodySchema } from '../gallery/requests';
import { changeVisibility, deleteGeneration, libraryPage, type LibraryDeps } from './service';
import { setLike } from '../gallery/likes';

function libraryDeps(c: AppContext): LibraryDeps {
  return {
    db: c.var.db,
    media: c.env.MEDIA,
    signingSecret: c.env.MEDIA_SIGNING_SECRET,
    notifyGenerations: (userId) => notifyGenerations(c.env, userId),
  };
}

/** The caller's own generations (the dashboard), and likes on any generation they may see. */
export const generationRoutes = new Hono<AppEnv>()
  .get('/', requireUser(), validate('query', pageQuerySchema), async (c) => {
    const page = await libraryPage(libraryDeps(c), currentUser(c).id, c.req.valid('query'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(page, 200);
  })
  .patch('/:id', requireUser(), validate('param', generationIdSchema), validate('json', visibilityBodySchema), async (c) => {
    const { id } = c.req.valid('param');
    const item = await changeVisibility(libraryDeps(c), currentUser(c).id, id, c.req.valid('json').visibility);
    return c.json(item, 200);
  })
  .delete('/:id', requireUser(), validate('param', generationIdSchema), async (c) => {
    await deleteGeneration(libraryDeps(c), currentUser(c).id, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .put('/:id/like', requireUser(galleryMessages.pleaseSignInToLike), validate('param', generationIdSchema), async (c) => {
    return c.json(await setLike(c.var.db, currentUser(c).id, c.req.valid('param').id, true), 200);
  })
  .delete('/:id/like', requireUser(galleryMessages.pleaseSignInToLike), validate('param', generationIdSchema), async (c) => {
    return c.json(await setLike(c.var.db, currentUser(c).id, c.req.valid('param').id, false), 200);
  });
