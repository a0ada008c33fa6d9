import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions } from '../db/auth-schema';
import { creditLedger, users, type UserRow } from '../db/schema';
import type { PublicUser } from '../platform/context';

const publicUserColumns = {
  id: users.id,
  email: users.email,
  credits: users.credits,
  plan: users.plan,
  createdAt: users.createdAt,
};

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.email, email)).get();
}

export async function findUserById(db: Database, id: string): Promise<PublicUser | undefined> {
  return db.select(publicUserColumns).from(users).where(eq(users.id, id)).get();
}

/** The user behind a live session: one indexed read that also proves the session is not revoked. */
export async function findUserBySession(
  db: Database,
  sessionId: string,
  userId: string,
  now = Date.now(),
): Promise<PublicUser | undefined> {
  return db
    .select(publicUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .get();
}

/** Sum of a user's own ledger rows (a workspace pool's are apart); equals `users.credits` by construction. */
export async function ledgerBalance(db: Database, userId: string): Promise<number> {
  const row = await db
    .select({ total: sql<number>`coalesce(sum(${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), isNull(creditLedger.workspaceId)))
    .get();
  return row?.total ?? 0;
}
