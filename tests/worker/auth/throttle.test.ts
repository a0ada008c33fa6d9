import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../../worker/db/client';
import { logIn } from '../../../worker/auth/service';
import { addressKey } from '../../../worker/auth/throttle';
import { call, signUp } from '../helpers';

/** Attacks on sign-in (docs/decisions/0004), each as an attacker would run it. */

function login(email: string, password: string, ip: string): Promise<Response> {
  return call('/api/auth/login', { method: 'POST', body: { email, password }, headers: { 'CF-Connecting-IP': ip } });
}

async function failureRows(address: string): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from login_failures where address = ?').bind(address).first<{ n: number }>();
  return row?.n ?? 0;
}

function deps(offsetMs: number) {
  return { db: createDatabase(env.DB), jwtSecret: env.JWT_SECRET, now: () => Date.now() + offsetMs };
}

describe('sign-in throttling per (account, address) pair', () => {
  it('evaluates at most 10 of 60 parallel wrong guesses, locks only that pair, and lets the window pass', async () => {
    const victim = await signUp();
    const attacker = '198.51.100.10';
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, n) => login(victim.email, `guess-number-${n}-wrong`, attacker)),
    );
    const statuses = guesses.map((response) => response.status);
    // A 401 is a password that was checked; a 429 was refused before any check.
    const evaluated = statuses.filter((status) => status === 401).length;
    expect(evaluated).toBe(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    expect(await failureRows(attacker)).toBe(10);
    const refused = guesses.find((response) => response.status === 429);
    const retryAfter = Number(refused?.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // The right password from the attacking address is refused too: no oracle behind the limit.
    const right = await login(victim.email, victim.password, attacker);
    expect(right.status).toBe(429);
    expect(await failureRows(attacker)).toBe(10);

    // The owner, elsewhere, is not locked out.
    expect((await login(victim.email, victim.password, '203.0.113.10')).status).toBe(200);

    // With the clock 14 minutes on the pair is still closed; past 15 minutes it opens.
    const client = { ip: attacker, userAgent: null };
    const input = { email: victim.email, password: victim.password };
    await expect(logIn(deps(14 * 60 * 1000), input, client)).rejects.toMatchObject({ code: 'rate_limited' });
    const later = await logIn(deps(15 * 60 * 1000 + 1000), input, client);
    expect(later.user.id).toBe(victim.user.id);
  });

  it('forgets a pair after a success: an owner who mistypes 9 times and gets in starts afresh', async () => {
    const owner = await signUp();
    const ip = '198.51.100.11';
    for (let n = 0; n < 9; n += 1) expect((await login(owner.email, `typo-${n}-password`, ip)).status).toBe(401);
    expect((await login(owner.email, owner.password, ip)).status).toBe(200);
    expect(await failureRows(ip)).toBe(0);
    for (let n = 0; n < 9; n += 1) expect((await login(owner.email, `typo-${n}-again!`, ip)).status).toBe(401);
    expect((await login(owner.email, owner.password, ip)).status).toBe(200);
  });

  it('does not lock out an office: 12 colleagues behind one address each mistype 3 times and get in', async () => {
    const office = '192.0.2.99';
    const colleagues = await Promise.all(Array.from({ length: 12 }, () => signUp()));
    for (const colleague of colleagues) {
      for (let n = 0; n < 3; n += 1) expect((await login(colleague.email, `typo-${n}-password`, office)).status).toBe(401);
    }
    const results = await Promise.all(colleagues.map((colleague) => login(colleague.email, colleague.password, office)));
    expect(results.map((response) => response.status)).toEqual(Array<number>(12).fill(200));
  });
});

describe('sign-in throttling per address across accounts', () => {
  it('stops 150 guesses spread over 20 accounts from one address at 100', { timeout: 120_000 }, async () => {
    const accounts = await Promise.all(Array.from({ length: 20 }, () => signUp()));
    const sprayer = '198.51.100.20';
    const statuses: number[] = [];
    // 7 or 8 guesses per account: under the pair limit, so only the address ceiling can stop them.
    const attempts = Array.from({ length: 150 }, (_, n) => ({ email: accounts[n % 20]?.email ?? '', password: `spray-${n}-guess` }));
    for (let start = 0; start < attempts.length; start += 30) {
      const batch = await Promise.all(attempts.slice(start, start + 30).map((a) => login(a.email, a.password, sprayer)));
      statuses.push(...batch.map((response) => response.status));
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(100);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    expect(await failureRows(sprayer)).toBe(100);

    const [first] = accounts;
    if (!first) throw new Error('no account');
    expect((await login(first.email, first.password, sprayer)).status).toBe(429);
    expect((await login(first.email, first.password, '198.51.100.21')).status).toBe(200);
  });

  it('counts an IPv6 /64 as one address, so rotating through it buys nothing', async () => {
    expect(addressKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:0db8:00aa:00bb::ffff')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    const victim = await signUp();
    const statuses: number[] = [];
    for (let n = 1; n <= 12; n += 1) statuses.push((await login(victim.email, `v6-guess-${n}-wrong`, `2001:db8:77:1::${n.toString(16)}`)).status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

});
