import { Hono } from 'hono';
import { currentUser, requireUser } from '../lib/auth-middleware';
import { toApiUser } from '../lib/api-user';
import type { AppEnv } from '../lib/context';

export const meRoutes = new Hono<AppEnv>().get('/', requireUser(), (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json(toApiUser(currentUser(c)));
});
