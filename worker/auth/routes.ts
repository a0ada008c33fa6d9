import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { PublicUser } from './users';
import { REFRESH_TOKEN_TTL_SECONDS } from '#shared/limits';
import { toApiUser } from './api-user';
import { closeLiveSession, closeLiveSessionIfRevoked } from '../realtime/notify';
import { verifyAccessToken } from './access-tokens';
import { logIn, logOut, refreshSession, signUp, type AuthResult } from './service';
import { clientIp, type AppContext, type AppEnv } from '../platform/context';
import { validate } from '../platform/validation';

export const REFRESH_COOKIE = 'parti_refresh';
const COOKIE_PATH = '/api/auth';

const credentialsSchema = z.object({
  email: z.string().max(320),
  password: z.string().max(1024),
});

function authDeps(c: AppContext) {
  return { db: c.var.db, jwtSecret: c.env.JWT_SECRET };
}

function answer<Status extends 200 | 201>(c: AppContext, result: AuthResult, status: Status) {
  setCookie(c, REFRESH_COOKIE, result.refreshToken, {
    path: COOKIE_PATH,
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
  c.header('Cache-Control', 'no-store');
  return c.json({ user: toApiUser(result.user satisfies PublicUser), session: result.session }, status);
}

function clearRefreshCookie(c: AppContext) {
  deleteCookie(c, REFRESH_COOKIE, { path: COOKIE_PATH, httpOnly: true, secure: true, sameSite: 'Strict' });
}

export const authRoutes = new Hono<AppEnv>()
  .post('/signup', validate('json', credentialsSchema), async (c) => {
    const client = { ip: clientIp(c), userAgent: c.req.header('User-Agent') ?? null };
    return answer(c, await signUp(authDeps(c), c.req.valid('json'), client), 201);
  })
  .post('/login', validate('json', credentialsSchema), async (c) => {
    const client = { ip: clientIp(c), userAgent: c.req.header('User-Agent') ?? null };
    return answer(c, await logIn(authDeps(c), c.req.valid('json'), client), 200);
  })
  .post('/refresh', async (c) => {
    try {
      return answer(c, await refreshSession(authDeps(c), getCookie(c, REFRESH_COOKIE)), 200);
    } catch (error) {
      clearRefreshCookie(c);
      await closeLiveSessionIfRevoked(c.env, c.var.db, getCookie(c, REFRESH_COOKIE));
      throw error;
    }
  })
  .post('/logout', async (c) => {
    const bearer = c.req.header('Authorization')?.replace(/^Bearer\s+/i, '');
    const claims = bearer ? await verifyAccessToken(c.env.JWT_SECRET, bearer) : null;
    const ended = await logOut(authDeps(c), getCookie(c, REFRESH_COOKIE), claims);
    await Promise.all(ended.map(({ userId, sessionId }) => closeLiveSession(c.env, userId, sessionId)));
    clearRefreshCookie(c);
    return c.body(null, 204);
  });
