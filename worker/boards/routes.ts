import { Hono } from 'hono';
import { currentUser, requireUser } from '../auth';
import type { AppContext, AppEnv } from '../platform/context';
import { validate } from '../platform/validation';
import { boardSchema, projectParamSchema } from './requests';
import { getBoard, putBoard, type BoardDeps } from './service';

function boardDeps(c: AppContext): BoardDeps {
  return { db: c.var.db, media: c.env.MEDIA, signingSecret: c.env.MEDIA_SIGNING_SECRET };
}

/** A project's saved presentation board (owner only; anyone else gets the same 404 as for a missing project). */
export const boardRoutes = new Hono<AppEnv>()
  .get('/projects/:id/board', requireUser(), validate('param', projectParamSchema), async (c) => {
    const state = await getBoard(boardDeps(c), currentUser(c).id, c.req.valid('param').id);
    c.header('Cache-Control', 'private, no-store');
    return c.json(state, 200);
  })
  .put('/projects/:id/board', requireUser(), validate('param', projectParamSchema), validate('json', boardSchema), async (c) => {
    const state = await putBoard(boardDeps(c), currentUser(c).id, c.req.valid('param').id, c.req.valid('json'));
    c.header('Cache-Control', 'private, no-store');
    return c.json(state, 200);
  });
