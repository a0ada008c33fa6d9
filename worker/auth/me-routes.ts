import { Hono } from 'hono';
import { currentUser, requireUser } from './middleware';
import { toApiUser } from './api-user';
import type { AppEnv } from '../platform/context';

export const meRoutes = new Hono<AppEnv>().get('/', requireUser(), (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json(toApiUser(currentUser(c)), 200);
});
