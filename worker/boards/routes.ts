import { Hono } from 'hono';
import { requireUser } from '../auth';
import type { AppContext, AppEnv } from '../platform/context';
import { callerSpace, spaceQuerySchema } from '../platform/space';
import { validate } from '../platform/validation';
import { boardSchema, projectParamSchema } from './requests';
import { getBoard, putBoard, type BoardDeps } from './service';

function boardDeps(c: AppContext): BoardDeps {
  return { db: c.var.db, media: c.env.MEDIA, signingSecret: c.env.MEDIA_SIGNING_SECRET };
}

/**
 * A project's saved presentation board (its space's: the owner's, or `workspaceId`'s members by
 * role; anyone else gets the same 404 as for a missing project).
 */
export const boardRoutes = new Hono<AppEnv>()
  .get('/projects/:id/board', requireUser(), validate('param', projectParamSchema), validate('query', spaceQuerySchema), async (c) => {
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    const state = await getBoard(boardDeps(c), space, c.req.valid('param').id);
    c.header('Cache-Control', 'private, no-store');
    return c.json(state, 200);
  })
  .put('/projects/:id/board', requireUser(), validate('param', projectParamSchema), validate('query', spaceQuerySchema), validate('json', boardSchema), async (c) => {
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    const state = await putBoard(boardDeps(c), space, c.req.valid('param').id, c.req.valid('json'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(state, 200);
  });
