import { Hono } from 'hono';
import { z } from 'zod';
import { studioMessages } from '#shared/messages';
import { requireUser } from '../auth';
import type { AppEnv } from '../platform/context';
import { callerSpace, spaceQuerySchema, spaceSuffix } from '../platform/space';
import { validate } from '../platform/validation';
import { generationImageParamSchema } from '../media';
import { generationDeps } from './deps';
import { answerJob, jobOptions, requestHashOf } from './job-answer';
import { submitUpscale } from './upscale-submit';

/** The body is `{}`: an upscale has nothing to choose; other fields are ignored, as everywhere. */
const upscaleBodySchema = z.object({});

/**
 * POST /api/generations/:id/images/:index/upscale (docs/decisions/0089-print-resolution.md): a ×2
 * upscale of one of the caller's images, as a job like an edit's — 202 with the job under
 * `Prefer: respond-async`, else a bounded wait for the generate answer; `Idempotency-Key`
 * honoured, and only for the same image (else 422).
 */
export const upscaleRoutes = new Hono<AppEnv>().post(
  '/:id/images/:index/upscale',
  requireUser(studioMessages.loginToUseCredits),
  validate('param', generationImageParamSchema),
  validate('query', spaceQuerySchema),
  validate('json', upscaleBodySchema),
  async (c) => {
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId, 'generate');
    const options = jobOptions(c);
    const { id, index } = c.req.valid('param');
    const requestHash = await requestHashOf(options, `POST /api/generations/${id}/images/${index}/upscale${spaceSuffix(space)}`, c.req.valid('json'));
    const submitted = await submitUpscale(generationDeps(c), space, { generationId: id, index }, { idempotencyKey: options.idempotencyKey, requestHash });
    return answerJob(c, options, { userId: space.userId, ...submitted });
  },
);
