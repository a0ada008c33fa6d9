import { pruneLoginFailures, pruneResetTokens, pruneSessions } from './auth';
import { pruneOutbox } from './email';
import { expireOpenOrders } from './payments';
import { OPEN_ORDER_TTL_SECONDS } from './platform/limits';
import type { Database } from './db/client';

/**
 * Rows no rule reads any more: sign-in failures out of the throttling window, ended sessions with
 * their refresh tokens, password reset links past their hour, a week-old local outbox, and orders
 * left open for a day (closed, not deleted: a late payment grants).
 */
export async function housekeeping(db: Database, now = Date.now()) {
  const failures = await pruneLoginFailures(db, now);
  const sessions = await pruneSessions(db, now);
  const resets = await pruneResetTokens(db, now);
  await pruneOutbox(db, now);
  const orders = await expireOpenOrders(db, now - OPEN_ORDER_TTL_SECONDS * 1000);
  return { failures, sessions, resets, orders };
}
