/**
 * "Forgot password" and the reset it leads to (docs/decisions/0081-password-reset-and-email.md;
 * docs/api.md "Auth and profile"). A link is 32 random bytes, sent by email, stored as its SHA-256,
 * good once for PASSWORD_RESET_TTL_MINUTES; using it sets the password, ends every other session
 * and clears the account's sign-in failures, and signs the user in.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { resetPasswordUrl } from '#shared/api-types';
import { PASSWORD_RESET_TTL_MINUTES } from '#shared/limits';
import { authMessages } from '#shared/messages';
import { passwordResets, sessions } from '../db/auth-schema';
import { users } from '../db/schema';
import type { EmailSender } from '../email';
import { randomToken, sha256Hex } from '../platform/crypto';
import { AppError } from '../platform/errors';
import { checkPasswordStrength } from './credentials';
import { hashPassword } from './passwords';
import { claimReset, insertResetToken, pendingReset } from './reset-tokens';
import { resetEmail } from './reset-email';
import { loadUser, sessionPayload, startSession, type AuthDeps, type AuthResult, type ClientInfo } from './service';
import { isLoopback } from './signup-guard';
import { addressKey, forgetAccountFailures } from './throttle';
import { findUserByEmail } from './users';

/** 32 bytes in unpadded base64url: a token of another shape was never sent. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface ResetRequestDeps extends AuthDeps {
  sendEmail: EmailSender;
  /** Runs a task after the answer has gone (ctx.waitUntil). */
  inBackground: (task: Promise<unknown>) => void;
  /** The app's origin, for the link. */
  origin: string;
}

/**
 * Counts one request per client address and per email typed in (PASSWORD_RESET_LIMITER); over
 * either, 429. Every request counts, account or not, so the answer says nothing about the account.
 * Loopback addresses are local runs only, as for sign-ups.
 */
export async function limitResetRequests(limiter: RateLimit, ip: string | null, email: string): Promise<void> {
  const keys = [`reset:email:${await sha256Hex(email)}`];
  if (ip && !isLoopback(ip)) keys.push(`reset:ip:${addressKey(ip)}`);
  const outcomes = await Promise.all(keys.map((key) => limiter.limit({ key })));
  if (outcomes.some((outcome) => !outcome.success)) {
    throw new AppError('rate_limited', authMessages.resetRateLimited, { headers: { 'Retry-After': '60' } });
  }
}

/**
 * The same answer and the same work before it whether or not `email` (normalised) has an
 * account: the token is made and hashed either way, and looking the account up, recording the
 * link and sending it happen after the answer, so its timing tells nothing either.
 */
export async function requestPasswordReset(deps: ResetRequestDeps, email: string): Promise<void> {
  const now = deps.now?.() ?? Date.now();
  const token = randomToken();
  const tokenHash = await sha256Hex(token);
  deps.inBackground(sendResetLink(deps, { email, token, tokenHash, now }));
}

async function sendResetLink(deps: ResetRequestDeps, reset: { email: string; token: string; tokenHash: string; now: number }): Promise<void> {
  const user = await findUserByEmail(deps.db, reset.email);
  if (!user) return;
  const expiresAt = reset.now + PASSWORD_RESET_TTL_MINUTES * 60 * 1000;
  if (!(await insertResetToken(deps.db, { tokenHash: reset.tokenHash, userId: user.id, expiresAt }, reset.now))) {
    console.warn('password reset: this account was sent its hourly most of reset emails; no email sent');
    return;
  }
  await deps.sendEmail(resetEmail(user.email, resetPasswordUrl(deps.origin, reset.token)));
}

export interface ResetResult extends AuthResult {
  /** The sessions the reset ended, whose live sockets the caller closes. */
  endedSessionIds: string[];
}

/**
 * Sets a new password through a link. The link is checked, then the password (a weak one leaves
 * the link usable), then hashed, and only then claimed: one conditional update, so two uses at
 * once cannot both succeed. One batch then sets the password, ends every session of the user,
 * starts the new one, forgets the account's sign-in failures and voids the user's other links.
 */
export async function resetPassword(deps: AuthDeps, input: { token: string; password: string }, client: ClientInfo): Promise<ResetResult> {
  const invalid = new AppError('invalid_request', authMessages.resetLinkInvalid, { field: 'token' });
  if (!TOKEN_PATTERN.test(input.token)) throw invalid;
  const now = deps.now?.() ?? Date.now();
  const tokenHash = await sha256Hex(input.token);
  const pending = await pendingReset(deps.db, tokenHash, now);
  if (!pending) throw invalid;
  checkPasswordStrength(input.password, pending.email);
  const passwordHash = await hashPassword(input.password);
  const userId = await claimReset(deps.db, tokenHash, now);
  if (userId === null) throw invalid;
  const { sessionId, refreshToken, statements } = await startSession(deps, userId, client);
  const [, ended] = await deps.db.batch([
    deps.db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
    deps.db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id }),
    ...statements,
    forgetAccountFailures(deps.db, pending.email),
    deps.db.delete(passwordResets).where(and(eq(passwordResets.userId, userId), ne(passwordResets.tokenHash, tokenHash))),
  ]);
  return {
    user: await loadUser(deps, userId),
    session: await sessionPayload(deps, userId, sessionId),
    refreshToken,
    endedSessionIds: ended.map((row) => row.id),
  };
}
