/**
 * Sign-in throttling (docs/decisions/0004): at most LOGIN_FAILURE_LIMIT failures per
 * (address, email) pair and LOGIN_ADDRESS_FAILURE_LIMIT per address across accounts, within
 * LOGIN_FAILURE_WINDOW_SECONDS.
 *
 * An attempt is reserved before its password is checked, by one conditional INSERT that adds a
 * row only while both counts are under their limits. SQLite runs one statement at a time on the
 * D1 primary, so of 60 parallel guesses at most 10 get a row, and only those are checked. The
 * row stays as the failure unless the password was right; a success clears the pair.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginFailures } from '../db/auth-schema';
import { LOGIN_ADDRESS_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_SECONDS } from '../platform/limits';

const WINDOW_MS = LOGIN_FAILURE_WINDOW_SECONDS * 1000;

/**
 * The address a limit is kept for. IPv6 is cut to its /64, the block one subscriber is usually
 * given, so rotating through it does not buy fresh limits. Without an address (only local
 * runs: Cloudflare always sets CF-Connecting-IP) every such request shares one.
 */
export function addressKey(ip: string | null): string {
  if (!ip) return 'unknown';
  const address = ip.trim().toLowerCase();
  // IPv4, and IPv4 mapped into IPv6 (::ffff:192.0.2.1), count as the IPv4 address.
  if (!address.includes(':') || address.includes('.')) return address.slice(address.lastIndexOf(':') + 1);
  const [head = '', tail = ''] = address.split('::', 2);
  const headParts = head ? head.split(':') : [];
  const tailParts = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...headParts, ...Array<string>(Math.max(0, 8 - headParts.length - tailParts.length)).fill('0'), ...tailParts]
    : headParts;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface AttemptKeys {
  pair: string;
  address: string;
}

export function attemptKeys(email: string, ip: string | null): AttemptKeys {
  const address = addressKey(ip);
  // Emails hold no whitespace (normaliseEmail), so a space cannot be forged into another pair.
  return { pair: `${address} ${email}`, address };
}

/** Reserves one attempt; its row id, or null when the pair or the address is at its limit. */
export async function reserveAttempt(db: Database, keys: AttemptKeys, now: number): Promise<number | null> {
  const since = now - WINDOW_MS;
  const rows = await db.all<{ id: number }>(sql`
    insert into login_failures (key, address, failed_at)
    select ${keys.pair}, ${keys.address}, ${now}
    where (select count(*) from login_failures where key = ${keys.pair} and failed_at > ${since}) < ${LOGIN_FAILURE_LIMIT}
      and (select count(*) from login_failures where address = ${keys.address} and failed_at > ${since}) < ${LOGIN_ADDRESS_FAILURE_LIMIT}
    returning id
  `);
  return rows[0]?.id ?? null;
}

/** Seconds until the oldest failure that holds the limit leaves the window (at least 1). */
export async function retryAfterSeconds(db: Database, keys: AttemptKeys, now: number): Promise<number> {
  const since = now - WINDOW_MS;
  const [row] = await db.all<{ pair_count: number; pair_oldest: number | null; address_oldest: number | null }>(sql`
    select
      (select count(*) from login_failures where key = ${keys.pair} and failed_at > ${since}) as pair_count,
      (select min(failed_at) from login_failures where key = ${keys.pair} and failed_at > ${since}) as pair_oldest,
      (select min(failed_at) from login_failures where address = ${keys.address} and failed_at > ${since}) as address_oldest
  `);
  const oldest = row && row.pair_count >= LOGIN_FAILURE_LIMIT ? row.pair_oldest : row?.address_oldest;
  if (oldest === null || oldest === undefined) return LOGIN_FAILURE_WINDOW_SECONDS;
  return Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
}

/** A right password: the pair's failures (this reservation included) are forgotten. */
export async function clearPair(db: Database, keys: AttemptKeys): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, keys.pair));
}

/**
 * Every failure counted against `email`, from any address: after a password reset the account
 * starts clean, its owner included. A statement for the caller's batch. The key ends in the
 * email (attemptKeys), matched by its tail rather than a LIKE pattern, which production D1 caps at 50 bytes.
 */
export function forgetAccountFailures(db: Database, email: string) {
  const tail = ` ${email}`;
  return db.delete(loginFailures).where(sql`substr(${loginFailures.key}, ${-tail.length}) = ${tail}`);
}

/** Housekeeping: failures that no limit counts any more. */
export async function pruneLoginFailures(db: Database, now: number): Promise<number> {
  const result = await db.delete(loginFailures).where(lt(loginFailures.failedAt, now - WINDOW_MS));
  return result.meta.changes;
}

