/**
 * POST /api/test/preview-holds: the browser tests release held preview views
 * (./engines/preview-hold.ts). The route exists only where the hold is switched on and the request
 * is to a local host, as the payments test route (worker/payments/routes.ts); anywhere else it
 * is a 404 before anything else is looked at.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { generalMessages } from '#shared/messages';
import { PROMPT_MAX_CHARS } from '#shared/limits';
import type { AppEnv } from '../platform/context';
import { isLocalHost } from '../platform/config';
import { AppError } from '../platform/errors';
import { validate } from '../platform/validation';
import { previewHoldsOn, releasePreviewViews } from './engines/preview-hold';

const releaseBody = z.object({
  prompt: z.string().min(1).max(PROMPT_MAX_CHARS),
  views: z.number().int().min(1).max(16),
});

export const previewHoldRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!previewHoldsOn(c.env.PREVIEW_HOLDS) || !isLocalHost(new URL(c.req.url).hostname)) {
      throw new AppError('not_found', generalMessages.notFound);
    }
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .post('/release', validate('json', releaseBody), (c) => {
    const { prompt, views } = c.req.valid('json');
    return c.json({ released: releasePreviewViews(prompt, views) }, 200);
  });
