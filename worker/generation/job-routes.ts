import { Hono } from 'hono';
import { z } from 'zod';
import { currentUser, requireUser } from '../auth';
import type { AppEnv } from '../platform/context';
import { validate } from '../platform/validation';
import { jobDeps } from './deps';
import { cancelJob, getJob, listJobs } from './service';

/**
 * Generation jobs (docs/decisions/0036): for clients without a live connection, and to cancel.
 * GET / lists the caller's unfinished and recent jobs; GET /:id is one job (owner only, else
 * 404); POST /:id/cancel cancels a job no view of which has started (else 409).
 */
const jobParam = z.object({ id: z.string().min(1).max(64) });

export const jobRoutes = new Hono<AppEnv>()
  .get('/', requireUser(), async (c) => {
    const jobs = await listJobs(jobDeps(c), currentUser(c).id);
    c.header('Cache-Control', 'no-store');
    return c.json(jobs, 200);
  })
  .get('/:id', requireUser(), validate('param', jobParam), async (c) => {
    const job = await getJob(jobDeps(c), currentUser(c).id, c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json(job, 200);
  })
  .post('/:id/cancel', requireUser(), validate('param', jobParam), async (c) => {
    const job = await cancelJob(jobDeps(c), currentUser(c).id, c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json(job, 200);
  });
