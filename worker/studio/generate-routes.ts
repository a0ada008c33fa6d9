import { Hono } from 'hono';
import { studioMessages } from '#shared/messages';
import { currentUser, requireUser } from '../auth/middleware';
import type { AppEnv } from '../platform/context';
import { validate } from '../platform/validation';
import { runGeneration } from './generation';
import { generateBodySchema } from './generation-request';
import { generationDeps } from './deps';

export const generateRoutes = new Hono<AppEnv>().post(
  '/',
  requireUser(studioMessages.loginToUseCredits),
  validate('json', generateBodySchema),
  async (c) => {
    const outcome = await runGeneration(generationDeps(c), currentUser(c), c.req.valid('json'));
    c.header('Cache-Control', 'no-store');
    // Each status with its own body, so the contract says which answer comes with which.
    return outcome.status === 200 ? c.json(outcome.body, 200) : c.json(outcome.body, 502);
  },
);
