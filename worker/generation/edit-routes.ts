import { Hono } from 'hono';
import { studioMessages } from '#shared/messages';
import { requireUser } from '../auth';
import type { AppEnv } from '../platform/context';
import { callerSpace, spaceQuerySchema, spaceSuffix } from '../platform/space';
import { validate } from '../platform/validation';
import { generationImageParamSchema } from '../media';
import { generationDeps } from './deps';
import { submitEdit } from './edit-submit';
import { regionEditBodySchema } from './edit-request';
import { answerJob, jobOptions, requestHashOf } from './job-answer';

/**
 * POST /api/generations/:id/images/:index/edits (docs/decisions/0084-region-edit.md): a region
 * edit of one of the caller's images, as a job like POST /api/generate's — 202 with the job under
 * `Prefer: respond-async`, else a bounded wait for the generate answer; `Idempotency-Key` honoured,
 * and only with the same request (else 422).
 */
export const editRoutes = new Hono<AppEnv>().post(
  '/:id/images/:index/edits',
  requireUser(studioMessages.loginToUseCredits),
  validate('param', generationImageParamSchema),
  validate('query', spaceQuerySchema),
  validate('json', regionEditBodySchema),
  async (c) => {
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId, 'generate');
    const options = jobOptions(c);
    const { id, index } = c.req.valid('param');
    const body = c.req.valid('json');
    const requestHash = await requestHashOf(options, `POST /api/generations/${id}/images/${index}/edits${spaceSuffix(space)}`, body);
    const submitted = await submitEdit(generationDeps(c), space, { generationId: id, index }, body, { idempotencyKey: options.idempotencyKey, requestHash });
    return answerJob(c, options, { userId: space.userId, ...submitted });
  },
);
