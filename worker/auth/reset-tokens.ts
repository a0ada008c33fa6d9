/**
 * Password reset links in D1 (docs/decisions/0081-password-reset-and-email.md): only the token's
 * SHA-256 is stored; a link is claimed by one conditional update, so it works once.
 */
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { passwordResets } from '../db/auth-schema';
import { MAX_RESET_EMAILS_PER_HOUR } from '../platform/caps';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Records a link for the user while fewer than MAX_RESET_EMAILS_PER_HOUR were made for them in
 * the last hour, in one statement; false at the cap (then no email goes out).
 */
export async function insertResetToken(
  db: Database,
  reset: { tokenHash: string; userId: string; expiresAt: number },
  now: number,
): Promise<boolean> {
  const rows = await db.all<{ tokenHash: string }>(sql`
    insert into password_resets (token_hash, user_id, created_at, expires_at)
    select ${reset.tokenHash}, ${reset.userId}, ${now}, ${reset.expiresAt}
    where (select count(*) from password_resets where user_id = ${reset.userId} and created_at > ${now - HOUR_MS}) < ${MAX_RESET_EMAILS_PER_HOUR}
    returning token_hash as tokenHash`);
  return rows.length === 1;
}

/** The account a link would reset while it still works (unused, not expired); nothing is claimed. */
export async function pendingReset(db: Database, tokenHash: string, now: number): Promise<{ userId: string; email: string } | null> {
  const rows = await db.all<{ userId: string; email: string }>(sql`
    select r.user_id as userId, u.email as email from password_resets r join users u on u.id = r.user_id
    where r.token_hash = ${tokenHash} and r.used_at is null and r.expires_at > ${now}`);
  return rows[0] ?? null;
}

/** Uses the link: of any number of requests with it at once, exactly one gets its user id. */
export async function claimReset(db: Database, tokenHash: string, now: number): Promise<string | null> {
  const rows = await db.all<{ userId: string }>(sql`
    update password_resets set used_at = ${now}
    where token_hash = ${tokenHash} and used_at is null and expires_at > ${now}
    returning user_id as userId`);
  return rows[0]?.userId ?? null;
}

/** Housekeeping: links made over an hour ago are expired and no longer count against the hourly cap. */
export async function pruneResetTokens(db: Database, now: number): Promise<number> {
  const result = await db.delete(passwordResets).where(lt(passwordResets.createdAt, now - HOUR_MS));
  return result.meta.changes;
}
