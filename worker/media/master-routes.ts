import { Hono } from 'hono';
import { z } from 'zod';
import { MAX_VIEWS } from '#shared/limits';
import { generalMessages } from '#shared/messages';
import { isPaidPlan } from '#shared/plans';
import { requireUser } from '../auth';
import type { AppEnv } from '../platform/context';
import { AppError } from '../platform/errors';
import { callerSpace, spaceQuerySchema } from '../platform/space';
import { validate } from '../platform/validation';
import { ensureMaster } from './masters';
import { generationImage, generationMaker } from './records';
import { serveMediaObject } from './serve';

/** `:id` and `:index` of a generation's image, as the image routes take them (index 0-based). */
export const generationImageParamSchema = z.object({
  id: z.string().min(1).max(64),
  index: z.coerce.number().int().min(0).max(MAX_VIEWS - 1),
});

/**
 * GET /api/generations/:id/images/:index/master: the lossless master (PNG) of one image, for its
 * owner — or any member of its workspace (`workspaceId`) — on a plan whose images carry no
 * watermark (the workspace's, there); everyone else, and a missing image, gets the same 404
 * (docs/decisions/0084-region-edit.md). An image saved before masters gets one made now.
 */
export const masterRoutes = new Hono<AppEnv>().get('/:id/images/:index/master', requireUser(), validate('param', generationImageParamSchema), validate('query', spaceQuerySchema), async (c) => {
  const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
  const { id, index } = c.req.valid('param');
  const maker = isPaidPlan(space.plan) ? await generationMaker(c.var.db, space, id) : null;
  const ref = { userId: maker ?? space.userId, generationId: id, index };
  const image = maker === null ? undefined : await generationImage(c.var.db, ref);
  if (!image) throw new AppError('not_found', generalMessages.notFound);
  const key = await ensureMaster({ db: c.var.db, media: c.env.MEDIA }, ref, image);
  return serveMediaObject(c, key, 'private, no-store');
});
