import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth';
import type { AppEnv } from '../platform/context';
import { callerSpace, spaceQuerySchema } from '../platform/space';
import { validate } from '../platform/validation';
import { jobDeps } from './deps';
import { cancelJob, getJob, listJobs } from './service';

/**
 * Generation jobs (docs/decisions/0036): for clients without a live connection, and to cancel.
 * GET / lists the unfinished and recent jobs of the caller's space (`workspaceId`: a workspace's,
 * every member's); GET /:id is one job of it (else 404); POST /:id/cancel cancels a job no view of
 * which has started (else 409).
 */
const jobParam = z.object({ id: z.string().min(1).max(64) });

export const jobRoutes = new Hono<AppEnv>()
  .get('/', requireUser(), validate('query', spaceQuerySchema), async (c) => {
    const jobs = await listJobs(jobDeps(c), await callerSpace(c, c.req.valid('query')?.workspaceId));
    c.header('Cache-Control', 'no-store');
    return c.json(jobs, 200);
  })
  .get('/:id', requireUser(), validate('param', jobParam), validate('query', spaceQuerySchema), async (c) => {
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    const job = await getJob(jobDeps(c), space, c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json(job, 200);
  })
  .post('/:id/cancel', requireUser(), validate('param', jobParam), validate('query', spaceQuerySchema), async (c) => {
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    const job = await cancelJob(jobDeps(c), space, c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json(job, 200);
  });
