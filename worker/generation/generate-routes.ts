import { Hono } from 'hono';
import { studioMessages } from '#shared/messages';
import { requireUser } from '../auth';
import type { AppEnv } from '../platform/context';
import { callerSpace, spaceQuerySchema, spaceSuffix } from '../platform/space';
import { validate } from '../platform/validation';
import { answerJob, jobOptions, requestHashOf } from './job-answer';
import { submitGeneration } from './submit';
import { generateBodySchema } from './request';
import { generationDeps } from './deps';

/**
 * POST /api/generate: validate, answer a clarification at once, else charge and start the job on
 * the Workflow (docs/decisions/0036). With `Prefer: respond-async` the answer is the 202 with the
 * job. Otherwise the request waits a bounded time for the job and answers as it always did (200
 * with the images, 502 with the refund), or the 202 when the job is still running; a client that
 * hangs up stops waiting and loses nothing, the job goes on. A repeated Idempotency-Key names the
 * job it opened, and only with the same request (else 422). `workspaceId` (query or body) charges
 * the workspace's pool; a viewer gets the 403 (docs/decisions/0096-workspaces.md).
 */
export const generateRoutes = new Hono<AppEnv>().post(
  '/',
  requireUser(studioMessages.loginToUseCredits),
  validate('query', spaceQuerySchema),
  validate('json', generateBodySchema),
  async (c) => {
    const options = jobOptions(c);
    const body = c.req.valid('json');
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId, 'generate', body.workspaceId);
    const requestHash = await requestHashOf(options, `POST /api/generate${spaceSuffix(space)}`, body);
    const submitted = await submitGeneration(generationDeps(c), space, body, { idempotencyKey: options.idempotencyKey, requestHash });
    if (submitted.kind === 'clarification') {
      c.header('Cache-Control', 'no-store');
      return c.json(submitted.body, 200);
    }
    return answerJob(c, options, { userId: space.userId, ...submitted });
  },
);
