import type { Database } from '../db/client';
import { creditLedger, users } from '../db/schema';
import { findRefreshToken, insertSessionStatements, revokeSession, rotateRefreshToken } from './sessions';
import type { PublicUser } from '../platform/context';
import { findUserByEmail, findUserById } from './users';
import { STARTING_CREDITS } from '#shared/limits';
import { REFRESH_REUSE_WINDOW_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '../platform/limits';
import { authMessages } from '#shared/messages';
import { AppError, isUniqueViolation } from '../platform/errors';
import { hmacSha256Hex, randomToken, sha256Hex } from '../platform/crypto';
import { checkPasswordStrength, normaliseEmail } from './credentials';
import { attemptKeys, clearPair, reserveAttempt, retryAfterSeconds } from './throttle';
import { issueAccessToken } from './access-tokens';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';

export interface SessionPayload {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
}

export interface AuthResult {
  user: PublicUser;
  session: SessionPayload;
  /** The new refresh token, for the cookie only; never in a response body. */
  refreshToken: string;
}

export interface AuthDeps {
  db: Database;
  jwtSecret: string;
  now?: () => number;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export { normaliseEmail };

/** A new session's rows (to write in the caller's batch) and its refresh token. */
export async function startSession(
  deps: AuthDeps,
  userId: string,
  client: ClientInfo,
): Promise<{ sessionId: string; refreshToken: string; statements: ReturnType<typeof insertSessionStatements> }> {
  const now = deps.now?.() ?? Date.now();
  const sessionId = crypto.randomUUID();
  const refreshToken = randomToken();
  const statements = insertSessionStatements(
    deps.db,
    {
      id: sessionId,
      userId,
      expiresAt: now + REFRESH_TOKEN_TTL_SECONDS * 1000,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    },
    await sha256Hex(refreshToken),
  );
  return { sessionId, refreshToken, statements };
}

export async function sessionPayload(deps: AuthDeps, userId: string, sessionId: string): Promise<SessionPayload> {
  const now = deps.now?.() ?? Date.now();
  const { token, expiresAt } = await issueAccessToken(deps.jwtSecret, { userId, sessionId }, now);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresAt - Math.floor(now / 1000),
    expires_at: expiresAt,
  };
}

export async function loadUser(deps: AuthDeps, userId: string): Promise<PublicUser> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('session_not_found', authMessages.sessionNotFound);
  return user;
}

/** Creates the user with the starting credits, its ledger row and its first session, in one batch. */
export async function signUp(
  deps: AuthDeps,
  input: { email: string; password: string },
  client: ClientInfo,
): Promise<AuthResult> {
  const email = normaliseEmail(input.email);
  checkPasswordStrength(input.password, email);
  if (await findUserByEmail(deps.db, email)) {
    throw new AppError('email_exists', authMessages.emailExists, { field: 'email' });
  }
  const userId = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  const { sessionId, refreshToken, statements } = await startSession(deps, userId, client);
  try {
    await deps.db.batch([
      deps.db.insert(users).values({ id: userId, email, passwordHash, credits: STARTING_CREDITS, plan: 'free' }),
      deps.db.insert(creditLedger).values({ userId, delta: STARTING_CREDITS, reason: 'signup' }),
      ...statements,
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('email_exists', authMessages.emailExists, { field: 'email' });
    }
    throw error;
  }
  return {
    user: await loadUser(deps, userId),
    session: await sessionPayload(deps, userId, sessionId),
    refreshToken,
  };
}

export async function logIn(
  deps: AuthDeps,
  input: { email: string; password: string },
  client: ClientInfo,
): Promise<AuthResult> {
  const email = normaliseEmail(input.email);
  const now = deps.now?.() ?? Date.now();
  const keys = attemptKeys(email, client.ip);
  // The attempt is counted before the password is checked: parallel guesses cannot outrun the count.
  if ((await reserveAttempt(deps.db, keys, now)) === null) {
    throw new AppError('rate_limited', authMessages.rateLimited, {
      headers: { 'Retry-After': String(await retryAfterSeconds(deps.db, keys, now)) },
    });
  }
  const user = await findUserByEmail(deps.db, email);
  const passwordMatches = await verifyPassword(input.password, user?.passwordHash ?? (await decoyPasswordHash()));
  // A failure keeps its reservation as the failure row.
  if (!user || !passwordMatches) throw new AppError('invalid_credentials', authMessages.invalidCredentials);
  const { sessionId, refreshToken, statements } = await startSession(deps, user.id, client);
  await deps.db.batch([...statements]);
  await clearPair(deps.db, keys);
  return {
    user: await loadUser(deps, user.id),
    session: await sessionPayload(deps, user.id, sessionId),
    refreshToken,
  };
}

/**
 * The token that follows `token` in its session: an HMAC of it under the server's secret. Being
 * a function of the token, a retried or racing refresh with the same token gets the same
 * successor, and the successor is never stored in clear.
 */
function successorToken(secret: string, token: string): Promise<string> {
  return hmacSha256Hex(secret, `parti-refresh-successor:${token}`);
}

/**
 * Exchanges a refresh token for its successor and a fresh access token. Within
 * REFRESH_REUSE_WINDOW_SECONDS of its rotation a token yields the same successor again, while
 * that successor is still current: a lost answer can be retried and two tabs may race. Any
 * other reuse means the token leaked: the whole session is revoked.
 */
export async function refreshSession(deps: AuthDeps, refreshToken: string | undefined): Promise<AuthResult> {
  const ended = new AppError('session_not_found', authMessages.sessionNotFound);
  if (!refreshToken) throw ended;
  const now = deps.now?.() ?? Date.now();
  const oldHash = await sha256Hex(refreshToken);
  let record = await findRefreshToken(deps.db, oldHash);
  if (!record || record.revokedAt !== null || record.expiresAt <= now) throw ended;
  const nextToken = await successorToken(deps.jwtSecret, refreshToken);
  const newHash = await sha256Hex(nextToken);
  if (record.rotatedAt === null) {
    const rotated = await rotateRefreshToken(deps.db, {
      sessionId: record.sessionId,
      oldHash,
      newHash,
      expiresAt: now + REFRESH_TOKEN_TTL_SECONDS * 1000,
      now,
    });
    // Lost a race with a refresh of the same token: judged below like a retry.
    if (!rotated) record = await findRefreshToken(deps.db, oldHash);
    if (!record) throw ended;
  }
  if (record.rotatedAt !== null) {
    const successor = await findRefreshToken(deps.db, newHash);
    const retry =
      now - record.rotatedAt <= REFRESH_REUSE_WINDOW_SECONDS * 1000 &&
      successor?.sessionId === record.sessionId &&
      successor.rotatedAt === null &&
      successor.revokedAt === null;
    if (!retry) {
      await revokeSession(deps.db, record.sessionId, now);
      throw ended;
    }
  }
  return {
    user: await loadUser(deps, record.userId),
    session: await sessionPayload(deps, record.userId, record.sessionId),
    refreshToken: nextToken,
  };
}

/**
 * Ends the session the refresh token (or the access token's claims) belongs to, and says which
 * sessions ended so their live connections can be closed too.
 */
export async function logOut(
  deps: AuthDeps,
  refreshToken: string | undefined,
  accessClaims: { userId: string; sessionId: string } | null,
): Promise<Array<{ userId: string; sessionId: string }>> {
  const now = deps.now?.() ?? Date.now();
  const record = refreshToken ? await findRefreshToken(deps.db, await sha256Hex(refreshToken)) : undefined;
  const ended = new Map<string, string>();
  if (record) ended.set(record.sessionId, record.userId);
  if (accessClaims) ended.set(accessClaims.sessionId, accessClaims.userId);
  for (const sessionId of ended.keys()) await revokeSession(deps.db, sessionId, now);
  return [...ended].map(([sessionId, userId]) => ({ userId, sessionId }));
}
