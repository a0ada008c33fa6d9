import { Hono } from 'hono';
import { galleryMessages } from '#shared/messages';
import { currentUser, requireUser } from '../auth';
import type { AppContext, AppEnv } from '../platform/context';
import { callerSpace, spaceField, spaceQuerySchema } from '../platform/space';
import { validate } from '../platform/validation';
import { notifyGenerations, notifyProjects } from '../platform/notify';
import { generationIdSchema, setLike } from '../gallery';
import { lineage } from './lineage';
import { generationPatchSchema, imageParamSchema, ownPageQuerySchema } from './requests';
import { serveMediaObject } from '../media';
import { changeGeneration, deleteGeneration, fidelityMapKey, getGeneration, generationsPage, type GenerationsDeps } from './service';

function generationsDeps(c: AppContext): GenerationsDeps {
  return {
    db: c.var.db,
    media: c.env.MEDIA,
    signingSecret: c.env.MEDIA_SIGNING_SECRET,
    notifyGenerations: (space) => notifyGenerations(c.env, space),
    notifyProjects: (space) => notifyProjects(c.env, space),
  };
}

const generationsQuerySchema = ownPageQuerySchema.extend(spaceField);

/**
 * The generations of the caller's space (the dashboard, one generation, its lineage; `workspaceId`
 * for a workspace's), and likes on any generation they may see.
 */
export const generationRoutes = new Hono<AppEnv>()
  .get('/', requireUser(), validate('query', generationsQuerySchema), async (c) => {
    const { workspaceId, ...request } = c.req.valid('query');
    const page = await generationsPage(generationsDeps(c), await callerSpace(c, workspaceId), request);
    c.header('Cache-Control', 'private, no-store');
    return c.json(page, 200);
  })
  .get('/:id', requireUser(), validate('param', generationIdSchema), validate('query', spaceQuerySchema), async (c) => {
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    const item = await getGeneration(generationsDeps(c), space, c.req.valid('param').id);
    c.header('Cache-Control', 'private, no-store');
    return c.json(item, 200);
  })
  // The map changes once when a view is re-rendered for its geometry: revalidated every time (ETag).
  .get('/:id/images/:index/fidelity-map', requireUser(), validate('param', imageParamSchema), validate('query', spaceQuerySchema), async (c) => {
    const { id, index } = c.req.valid('param');
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    const key = await fidelityMapKey(generationsDeps(c), space, id, index);
    return serveMediaObject(c, key, 'private, no-cache');
  })
  .get('/:id/lineage', requireUser(), validate('param', generationIdSchema), validate('query', spaceQuerySchema), async (c) => {
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    const tree = await lineage(generationsDeps(c), space, c.req.valid('param').id);
    c.header('Cache-Control', 'private, no-store');
    return c.json(tree, 200);
  })
  .patch('/:id', requireUser(), validate('param', generationIdSchema), validate('query', spaceQuerySchema), validate('json', generationPatchSchema), async (c) => {
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    const item = await changeGeneration(generationsDeps(c), space, c.req.valid('param').id, c.req.valid('json'));
    return c.json(item, 200);
  })
  .delete('/:id', requireUser(), validate('param', generationIdSchema), validate('query', spaceQuerySchema), async (c) => {
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    await deleteGeneration(generationsDeps(c), space, c.req.valid('param').id);
    return c.body(null, 204);
  })
  .put('/:id/like', requireUser(galleryMessages.pleaseSignInToLike), validate('param', generationIdSchema), async (c) => {
    return c.json(await setLike(c.var.db, currentUser(c).id, c.req.valid('param').id, true), 200);
  })
  .delete('/:id/like', requireUser(galleryMessages.pleaseSignInToLike), validate('param', generationIdSchema), async (c) => {
    return c.json(await setLike(c.var.db, currentUser(c).id, c.req.valid('param').id, false), 200);
  });
