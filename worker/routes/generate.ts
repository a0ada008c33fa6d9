import { Hono } from 'hono';
import { studioMessages } from '#shared/messages';
import { currentUser, requireUser } from '../lib/auth-middleware';
import type { AppEnv } from '../lib/context';
import { validate } from '../lib/validation';
import { runGeneration } from '../services/generation';
import { generateBodySchema } from '../services/generation-request';
import { generationDeps } from '../services/studio-deps';

export const generateRoutes = new Hono<AppEnv>().post(
  '/',
  requireUser(studioMessages.loginToUseCredits),
  validate('json', generateBodySchema),
  async (c) => {
    const outcome = await runGeneration(generationDeps(c), currentUser(c), c.req.valid('json'));
    c.header('Cache-Control', 'no-store');
    return c.json(outcome.body, outcome.status);
  },
);
