import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { refreshTokens, sessions } from '../db/auth-schema';
import { closeLiveSession } from '../platform/notify';
import { sha256Hex } from '../platform/crypto';

export interface RefreshTokenRecord {
  sessionId: string;
  userId: string;
  rotatedAt: number | null;
  revokedAt: number | null;
  expiresAt: number;
}

export function insertSessionStatements(
  db: Database,
  session: { id: string; userId: string; expiresAt: number; userAgent: string | null },
  tokenHash: string,
) {
  return [
    db.insert(sessions).values(session),
    db.insert(refreshTokens).values({ tokenHash, sessionId: session.id }),
  ] as const;
}

export async function findRefreshToken(db: Database, tokenHash: string): Promise<RefreshTokenRecord | undefined> {
  return db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      rotatedAt: refreshTokens.rotatedAt,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .get();
}

/**
 * Swaps the current refresh token for a new one in one batch. The new token is inserted only
 * while the old one is still current, so of two racing refreshes with the same token exactly
 * one succeeds; the caller treats the loser as reuse. Returns whether the swap happened.
 */
export async function rotateRefreshToken(
  db: Database,
  params: { sessionId: string; oldHash: string; newHash: string; expiresAt: number; now: number },
): Promise<boolean> {
  const [inserted] = await db.batch([
    db.insert(refreshTokens).select(
      db
        .select({
          tokenHash: sql<string>`${params.newHash}`.as('token_hash'),
          sessionId: refreshTokens.sessionId,
          createdAt: sql<number>`${params.now}`.as('created_at'),
          rotatedAt: sql<null>`null`.as('rotated_at'),
        })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.tokenHash, params.oldHash), isNull(refreshTokens.rotatedAt))),
    ),
    db
      .update(refreshTokens)
      .set({ rotatedAt: params.now })
      .where(and(eq(refreshTokens.tokenHash, params.oldHash), isNull(refreshTokens.rotatedAt))),
    db
      .update(sessions)
      .set({ expiresAt: params.expiresAt })
      .where(and(eq(sessions.id, params.sessionId), isNull(sessions.revokedAt))),
  ]);
  return inserted.meta.changes === 1;
}

export async function revokeSession(db: Database, sessionId: string, now = Date.now()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Housekeeping: sessions that ended (expired or revoked) go, with their refresh tokens, in one
 * batch. A token of a deleted session is refused exactly like one of a revoked session. The
 * rotated tokens of live sessions stay: they are how a reuse is recognised.
 */
export async function pruneSessions(db: Database, now: number): Promise<number> {
  const ended = or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt));
  const [, removed] = await db.batch([
    db.delete(refreshTokens).where(inArray(refreshTokens.sessionId, db.select({ id: sessions.id }).from(sessions).where(ended))),
    db.delete(sessions).where(ended),
  ]);
  return removed.meta.changes;
}

/**
 * After a refresh failed: when the refresh token's session is revoked (refresh-token reuse
 * revokes it), its live sockets are closed too. The auth routes call this from their refresh
 * failure path. Never throws.
 */
export async function closeLiveSessionIfRevoked(env: Env, db: Database, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  try {
    const record = await findRefreshToken(db, await sha256Hex(refreshToken));
    if (record && record.revokedAt !== null) await closeLiveSession(env, db, record.userId, record.sessionId);
  } catch (error) {
    console.warn('live update: closing a revoked session failed', error);
  }
}
