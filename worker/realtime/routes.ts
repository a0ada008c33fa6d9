import { Hono } from 'hono';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { REALTIME_TICKET_TTL_SECONDS } from '../platform/limits';
import { realtimeMessages } from '#shared/messages';
import { currentUser, requireUser } from '../auth';
import type { AppContext, AppEnv } from '../platform/context';
import { AppError } from '../platform/errors';
import { validate } from '../platform/validation';
import { LIVE_HEADERS } from './live-updates';

/**
 * Live updates (docs/decisions/0019-live-updates-durable-object.md). Browsers cannot set headers
 * on a WebSocket, so the client first trades its access token (as a Bearer header) for a ticket:
 * POST /api/realtime/ticket → `{ ticket, expiresIn }`, valid 30 s and used once. Then
 * GET /api/realtime?ticket=… from the app's own origin opens the socket. The access token never
 * appears in a URL, and a page on another site cannot open a socket with the user's credentials.
 */
const realtimeQuery = z.object({ ticket: z.string().max(200).optional() });

/** A ticket names its user's object, then its secret: `<userId>.<secret>`. */
const TICKET_FORMAT = /^([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{43})$/;

function bearerToken(c: AppContext): string {
  return c.req.header('Authorization')?.replace(/^Bearer\s+/i, '') ?? '';
}

/** The upgrade must come from the app's own origin (cross-site WebSocket hijacking). */
function checkOrigin(c: AppContext): void {
  const origin = c.req.header('Origin');
  if (origin !== new URL(c.req.url).origin) throw new AppError('forbidden', realtimeMessages.forbiddenOrigin);
}

export const realtimeRoutes = new Hono<AppEnv>()
  .post('/ticket', requireUser(), async (c) => {
    const user = currentUser(c);
    const expiresAt = decodeJwt(bearerToken(c)).exp ?? 0;
    const secret = await c.env.LIVE_UPDATES.getByName(user.id).issueTicket(user.sessionId, expiresAt);
    c.header('Cache-Control', 'no-store');
    return c.json({ ticket: `${user.id}.${secret}`, expiresIn: REALTIME_TICKET_TTL_SECONDS }, 200);
  })
  .get('/', validate('query', realtimeQuery), async (c) => {
    checkOrigin(c);
    const match = TICKET_FORMAT.exec(c.req.valid('query').ticket ?? '');
    if (!match?.[1] || !match[2]) throw new AppError('not_authenticated', realtimeMessages.invalidTicket);
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') {
      throw new AppError('upgrade_required', realtimeMessages.upgradeRequired);
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(LIVE_HEADERS.userId, match[1]);
    headers.set(LIVE_HEADERS.ticket, match[2]);
    const response = await c.env.LIVE_UPDATES.getByName(match[1]).fetch(new Request(c.req.url, { headers }));
    if (response.status === 401) throw new AppError('not_authenticated', realtimeMessages.invalidTicket);
    return response;
  });
