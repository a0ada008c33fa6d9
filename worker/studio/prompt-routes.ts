import { Hono } from 'hono';
import { z } from 'zod';
import type { PromptEnhanceResponse, PromptValidationResponse } from '#shared/api-types';
import { PROMPT_MAX_CHARS } from '#shared/limits';
import { requireUser } from '../auth';
import type { AppEnv } from '../platform/context';
import { rateLimit } from '../platform/rate-limit';
import { validate } from '../platform/validation';
import { createTextEngine } from './engines';
import { engineConfigFromEnv } from './engines/config';
import { enhancePrompt, validatePrompt } from './prompt-validation';

const promptBody = z.object({ prompt: z.string().max(PROMPT_MAX_CHARS * 10) });

export const promptRoutes = new Hono<AppEnv>()
  .use(requireUser())
  .post('/validate', rateLimit('validate', 'HELPER_USER_LIMITER'), validate('json', promptBody), async (c) => {
    const verdict = await validatePrompt(createTextEngine(engineConfigFromEnv(c.env)), c.req.valid('json').prompt);
    return c.json(verdict satisfies PromptValidationResponse, 200);
  })
  .post('/enhance', rateLimit('enhance', 'HELPER_USER_LIMITER'), validate('json', promptBody), async (c) => {
    const enhanced = await enhancePrompt(createTextEngine(engineConfigFromEnv(c.env)), c.req.valid('json').prompt);
    return c.json({ enhanced } satisfies PromptEnhanceResponse, 200);
  });
