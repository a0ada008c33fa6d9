import { Hono } from 'hono';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import { REALTIME_TICKET_TTL_SECONDS } from '../platform/limits';
import { realtimeMessages } from '#shared/messages';
import { currentUser, requireUser } from '../auth';
import type { AppContext, AppEnv } from '../platform/context';
import { AppError } from '../platform/errors';
import { workspaceObjectName } from '../platform/notify';
import { callerSpace, spaceQuerySchema } from '../platform/space';
import { validate } from '../platform/validation';
import { LIVE_HEADERS } from './live-updates';

/**
 * Live updates (docs/decisions/0019-live-updates-durable-object.md). Browsers cannot set headers
 * on a WebSocket, so the client first trades its access token (as a Bearer header) for a ticket:
 * POST /api/realtime/ticket → `{ ticket, expiresIn }`, valid 30 s and used once. Then
 * GET /api/realtime?ticket=… from the app's own origin opens the socket. The access token never
 * appears in a URL, and a page on another site cannot open a socket with the user's credentials.
 * With `?workspaceId=` the ticket is for the workspace's own socket (any member, checked now;
 * docs/decisions/0096-workspaces.md).
 */
const realtimeQuery = z.object({ ticket: z.string().max(200).optional() });

/** A ticket names its object, then its secret: `<userId>.<secret>`, or `w.<workspaceId>.<secret>`. */
const TICKET_FORMAT = /^(w\.)?([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{43})$/;

function bearerToken(c: AppContext): string {
  return c.req.header('Authorization')?.replace(/^Bearer\s+/i, '') ?? '';
}

/** The upgrade must come from the app's own origin (cross-site WebSocket hijacking). */
function checkOrigin(c: AppContext): void {
  const origin = c.req.header('Origin');
  if (origin !== new URL(c.req.url).origin) throw new AppError('forbidden', realtimeMessages.forbiddenOrigin);
}

export const realtimeRoutes = new Hono<AppEnv>()
  .post('/ticket', requireUser(), validate('query', spaceQuerySchema), async (c) => {
    const user = currentUser(c);
    const space = await callerSpace(c, c.req.valid('query')?.workspaceId);
    const expiresAt = decodeJwt(bearerToken(c)).exp ?? 0;
    c.header('Cache-Control', 'no-store');
    if (space.kind === 'workspace') {
      const holder = { userId: user.id, workspaceId: space.workspaceId };
      const secret = await c.env.LIVE_UPDATES.getByName(workspaceObjectName(space.workspaceId)).issueTicket(user.sessionId, expiresAt, holder);
      return c.json({ ticket: `w.${space.workspaceId}.${secret}`, expiresIn: REALTIME_TICKET_TTL_SECONDS }, 200);
    }
    const secret = await c.env.LIVE_UPDATES.getByName(user.id).issueTicket(user.sessionId, expiresAt);
    return c.json({ ticket: `${user.id}.${secret}`, expiresIn: REALTIME_TICKET_TTL_SECONDS }, 200);
  })
  .get('/', validate('query', realtimeQuery), async (c) => {
    checkOrigin(c);
    const match = TICKET_FORMAT.exec(c.req.valid('query').ticket ?? '');
    const [, workspaceMark, owner, secret] = match ?? [];
    if (!owner || !secret) throw new AppError('not_authenticated', realtimeMessages.invalidTicket);
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') {
      throw new AppError('upgrade_required', realtimeMessages.upgradeRequired);
    }
    const headers = new Headers(c.req.raw.headers);
    headers.delete(LIVE_HEADERS.userId);
    headers.delete(LIVE_HEADERS.workspaceId);
    headers.set(workspaceMark ? LIVE_HEADERS.workspaceId : LIVE_HEADERS.userId, owner);
    headers.set(LIVE_HEADERS.ticket, secret);
    const objectName = workspaceMark ? workspaceObjectName(owner) : owner;
    const response = await c.env.LIVE_UPDATES.getByName(objectName).fetch(new Request(c.req.url, { headers }));
    if (response.status === 401) throw new AppError('not_authenticated', realtimeMessages.invalidTicket);
    return response;
  });
