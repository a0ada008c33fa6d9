import { Hono } from 'hono';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { authMessages, realtimeMessages } from '#shared/messages';
import { userFromToken } from '../auth/middleware';
import type { AppEnv } from '../platform/context';
import { AppError } from '../platform/errors';
import { validate } from '../platform/validation';
import { LIVE_HEADERS } from './live-updates';

/**
 * GET /api/realtime: a WebSocket to the caller's LiveUpdates object
 * (docs/decisions/0019-live-updates-durable-object.md). Browsers cannot set headers on a WebSocket,
 * so the access token travels in the `token` query value and is checked exactly as requireUser
 * checks a Bearer token (signature, expiry, live session).
 */
const realtimeQuery = z.object({ token: z.string().optional() });

export const realtimeRoutes = new Hono<AppEnv>().get('/', validate('query', realtimeQuery), async (c) => {
  const { token } = c.req.valid('query');
  if (!token) throw new AppError('not_authenticated', authMessages.notAuthenticated);
  const user = await userFromToken(c, token);
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') {
    throw new AppError('upgrade_required', realtimeMessages.upgradeRequired);
  }
  const expiresAt = decodeJwt(token).exp ?? 0;
  const headers = new Headers(c.req.raw.headers);
  headers.set(LIVE_HEADERS.userId, user.id);
  headers.set(LIVE_HEADERS.sessionId, user.sessionId);
  headers.set(LIVE_HEADERS.expiresAt, String(expiresAt));
  return c.env.LIVE_UPDATES.getByName(user.id).fetch(new Request(c.req.url, { headers }));
});
