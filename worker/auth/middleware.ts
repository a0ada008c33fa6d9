import { createMiddleware } from 'hono/factory';
import { findUserBySession } from './users';
import { authMessages } from '#shared/messages';
import { verifyAccessToken } from './access-tokens';
import type { AppEnv, AppContext, AuthenticatedUser } from '../platform/context';
import { AppError } from '../platform/errors';

function bearerToken(c: AppContext): string | undefined {
  const header = c.req.header('Authorization');
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim();
}

/** Resolves a token to its user, proving on the way that the session is still alive. */
export async function userFromToken(c: AppContext, token: string): Promise<AuthenticatedUser> {
  const claims = await verifyAccessToken(c.env.JWT_SECRET, token);
  if (!claims) throw new AppError('invalid_jwt', authMessages.invalidToken);
  const user = await findUserBySession(c.var.db, claims.sessionId, claims.userId);
  if (!user) throw new AppError('session_not_found', authMessages.sessionNotFound);
  return { ...user, sessionId: claims.sessionId };
}

/** Routes behind this need a signed-in user; `message` is the text shown when there is none. */
export function requireUser(message: string = authMessages.notAuthenticated) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c);
    if (!token) throw new AppError('not_authenticated', message);
    c.set('user', await userFromToken(c, token));
    await next();
  });
}

/** Routes that anyone may call but that answer more for a signed-in user (the gallery's likes). */
export const optionalUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c);
  c.set('user', token ? await userFromToken(c, token) : null);
  await next();
});

export function currentUser(c: AppContext): AuthenticatedUser {
  const user = c.var.user;
  if (!user) throw new AppError('not_authenticated', authMessages.notAuthenticated);
  return user;
}
