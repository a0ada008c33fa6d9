import { Hono } from 'hono';
import { z } from 'zod';
import { printMessages } from '#shared/messages';
import { DOWNLOAD_MAX_GENERATIONS } from '#shared/print';
import { requireUser } from '../auth';
import type { AppEnv } from '../platform/context';
import { callerSpace, spaceQuerySchema } from '../platform/space';
import { validate } from '../platform/validation';
import { archiveResponse, selectionArchive } from './service';

const downloadBodySchema = z.object({
  generationIds: z
    .array(z.string().min(1).max(64))
    .min(1, printMessages.downloadEmpty)
    .max(DOWNLOAD_MAX_GENERATIONS, printMessages.downloadTooMany(DOWNLOAD_MAX_GENERATIONS)),
});

/**
 * POST /api/downloads `{generationIds}` (docs/decisions/0089-print-resolution.md): one streamed ZIP
 * of the chosen generations' images — at most DOWNLOAD_MAX_GENERATIONS (else 400), every one the
 * caller's space's (else 404; `workspaceId` for a workspace's). A project's ZIP is GET /api/projects/:id/download, a review link's GET
 * /api/review/:token/download: each beside its resource's routes.
 */
export const downloadRoutes = new Hono<AppEnv>().post('/', requireUser(), validate('query', spaceQuerySchema), validate('json', downloadBodySchema), async (c) => {
  const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
  const archive = await selectionArchive(c.var.db, space, c.req.valid('json').generationIds);
  return archiveResponse(c, archive);
});
