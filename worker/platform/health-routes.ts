import { Hono } from 'hono';
import type { HealthResponse } from '#shared/api-types';
import type { AppEnv } from './context';
import { imageEngineName, paymentsMode } from './config';

export const healthRoutes = new Hono<AppEnv>().get('/', (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json({ ok: true, engine: imageEngineName(c.env), payments: paymentsMode(c.env, c.req.url) } satisfies HealthResponse, 200);
});
