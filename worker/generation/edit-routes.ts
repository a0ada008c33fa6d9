import { Hono } from 'hono';
import { studioMessages } from '#shared/messages';
import { currentUser, requireUser } from '../auth';
import type { AppEnv } from '../platform/context';
import { validate } from '../platform/validation';
import { generationImageParamSchema } from '../media';
import { generationDeps, jobDeps } from './deps';
import { submitEdit } from './edit-submit';
import { regionEditBodySchema } from './edit-request';
import { jobOptions } from './generate-routes';
import { acceptedResponse, startJob, waitForJob } from './service';

/**
 * POST /api/generations/:id/images/:index/edits (docs/decisions/0084-region-edit.md): a region
 * edit of one of the caller's images, as a job like POST /api/generate's — 202 with the job under
 * `Prefer: respond-async`, else the generate answer once it ended; `Idempotency-Key` honoured.
 */
export const editRoutes = new Hono<AppEnv>().post(
  '/:id/images/:index/edits',
  requireUser(studioMessages.loginToUseCredits),
  validate('param', generationImageParamSchema),
  validate('json', regionEditBodySchema),
  async (c) => {
    const user = currentUser(c);
    const options = jobOptions(c);
    const { id, index } = c.req.valid('param');
    const submitted = await submitEdit(generationDeps(c), user, { generationId: id, index }, c.req.valid('json'), options);
    c.header('Cache-Control', 'no-store');
    const deps = jobDeps(c);
    const ref = { userId: user.id, generationId: submitted.generationId };
    if (submitted.created) await startJob(deps, ref);
    if (options.respondAsync) {
      c.header('Preference-Applied', 'respond-async');
      c.header('Location', `/api/jobs/${ref.generationId}`);
      return c.json(await acceptedResponse(deps, ref), 202);
    }
    const result = await waitForJob(deps, ref);
    return result.success ? c.json(result, 200) : c.json(result, 502);
  },
);
