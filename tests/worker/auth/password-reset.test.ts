/**
 * "Forgot password" end to end through the Worker, with no network (issue 22, item 7): the link
 * arrives in the local outbox, works once for 30 minutes, ends every other session and the
 * account's sign-in lock, and signs the user in.
 */
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import type { AuthResponse } from '#shared/api-types';
import { authMessages } from '#shared/messages';
import { createDatabase } from '../../../worker/db/client';
import { pendingReset } from '../../../worker/auth/reset-tokens';
import { sha256Hex } from '../../../worker/platform/crypto';
import { MAX_RESET_EMAILS_PER_HOUR } from '../../../worker/platform/caps';
import { call, json, ORIGIN, refreshCookie, signUp, uniqueEmail } from '../helpers';

interface Outbox {
  messages: { to: string; subject: string; text: string; createdAt: string }[];
}

type ErrorBody = { error: { code: string; field?: string; message: string } };

let addressCounter = 0;
/** A /64 of its own per request (limits count an IPv6 /64 as one address), so only the limit tests meet the per-address limit. */
function freshAddress(): string {
  addressCounter += 1;
  return `2001:db8:${addressCounter.toString(16)}::1`;
}

function forgot(email: string, address = freshAddress()): Promise<Response> {
  return call('/api/auth/password/forgot', { method: 'POST', body: { email }, headers: { 'CF-Connecting-IP': address } });
}

function reset(token: string, password: string): Promise<Response> {
  return call('/api/auth/password/reset', { method: 'POST', body: { token, password } });
}

async function outbox(): Promise<Outbox['messages']> {
  const response = await call('/api/dev/outbox');
  expect(response.status).toBe(200);
  return (await json<Outbox>(response)).messages;
}

/** Waits for the reset email to `email` (it is sent after the answer) and returns its link's token. */
async function resetTokenFor(email: string, count = 1): Promise<string> {
  const mine = await vi.waitFor(async () => {
    const messages = (await outbox()).filter((message) => message.to === email);
    expect(messages.length).toBeGreaterThanOrEqual(count);
    return messages;
  });
  const newest = mine[0];
  expect(newest?.subject).toBe(authMessages.resetEmailSubject);
  const link = newest?.text.match(/https:\/\/\S+/)?.[0] ?? '';
  expect(link.startsWith(`${ORIGIN}/reset-password?token=`)).toBe(true);
  return new URL(link).searchParams.get('token') ?? '';
}

function login(email: string, password: string, address = freshAddress()): Promise<Response> {
  return call('/api/auth/login', { method: 'POST', body: { email, password }, headers: { 'CF-Connecting-IP': address } });
}

describe('forgot password', () => {
  it('answers 202 for any email, and emails a single-use link valid 30 minutes only to an account', async () => {
    const user = await signUp();
    const stranger = uniqueEmail('nobody');
    const unknown = await forgot(stranger);
    expect(unknown.status).toBe(202);
    const known = await forgot(`  ${user.email.toUpperCase()} `);
    expect(known.status).toBe(202);
    expect(known.headers.get('Cache-Control')).toBe('no-store');
    expect(await known.text()).toBe(await unknown.text());

    const token = await resetTokenFor(user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await outbox()).some((message) => message.to === stranger)).toBe(false);
    // D1 keeps the SHA-256 only, and the link expires in 30 minutes.
    const row = await env.DB.prepare('select * from password_resets where user_id = ?').bind(user.user.id).first<Record<string, unknown>>();
    expect(row?.token_hash).toBe(await sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Number(row?.expires_at) - Number(row?.created_at)).toBe(30 * 60 * 1000);
    const db = createDatabase(env.DB);
    expect(await pendingReset(db, await sha256Hex(token), Date.now() + 29 * 60 * 1000)).not.toBeNull();
    expect(await pendingReset(db, await sha256Hex(token), Date.now() + 31 * 60 * 1000)).toBeNull();

    expect((await forgot('not an email')).status).toBe(400);
  });

  it('sets the password, signs in, ends every other session, and works once', async () => {
    const user = await signUp();
    const elsewhere = await login(user.email, user.password);
    const elsewhereToken = (await json<AuthResponse>(elsewhere)).session.access_token;
    await forgot(user.email);
    const token = await resetTokenFor(user.email);

    // A weak password is refused and leaves the link usable.
    const weak = await reset(token, 'password123');
    expect(weak.status).toBe(400);
    expect((await json<ErrorBody>(weak)).error.code).toBe('weak_password');

    const response = await reset(token, 'a brand new passphrase');
    expect(response.status).toBe(200);
    const body = await json<AuthResponse>(response);
    expect(body.user.email).toBe(user.email);
    const cookie = refreshCookie(response);
    expect(cookie).toBeDefined();
    expect((await call('/api/me', { token: body.session.access_token })).status).toBe(200);

    // Every other session ended: the sign-up's refresh cookie and the other device's token.
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: user.cookie })).status).toBe(401);
    expect((await call('/api/me', { token: elsewhereToken })).status).toBe(401);
    expect((await call('/api/me', { token: user.token })).status).toBe(401);
    // The new session lives on.
    expect((await call('/api/auth/refresh', { method: 'POST', cookie })).status).toBe(200);

    // The old password is gone; the new one works; the link does not work twice.
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, 'a brand new passphrase')).status).toBe(200);
    const again = await reset(token, 'another new passphrase');
    expect(again.status).toBe(400);
    expect((await json<ErrorBody>(again)).error).toEqual({ code: 'invalid_request', field: 'token', message: authMessages.resetLinkInvalid });
  });

  it('lets only one of two parallel uses of a link succeed', async () => {
    const user = await signUp();
    await forgot(user.email);
    const token = await resetTokenFor(user.email);
    const responses = await Promise.all([reset(token, 'first parallel passphrase'), reset(token, 'second parallel passphrase')]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 400]);
    const winner = responses[0]?.status === 200 ? 'first parallel passphrase' : 'second parallel passphrase';
    const loser = winner.startsWith('first') ? 'second parallel passphrase' : 'first parallel passphrase';
    expect((await login(user.email, winner)).status).toBe(200);
    expect((await login(user.email, loser)).status).toBe(401);
  });

  it('refuses an expired, unknown or malformed link with the same answer', async () => {
    const user = await signUp();
    await forgot(user.email);
    const token = await resetTokenFor(user.email);
    await env.DB.prepare('update password_resets set expires_at = ? where user_id = ?').bind(Date.now() - 1, user.user.id).run();
    const bodies = [];
    for (const candidate of [token, 'A'.repeat(43), 'short', `${token}x`]) {
      const response = await reset(candidate, 'a brand new passphrase');
      expect(response.status).toBe(400);
      bodies.push(await response.json());
    }
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('lets the owner back in from an address that ten wrong guesses locked', async () => {
    const user = await signUp();
    const office = '198.51.100.77';
    for (let n = 0; n < 10; n += 1) expect((await login(user.email, `wrong guess ${n}!`, office)).status).toBe(401);
    expect((await login(user.email, user.password, office)).status).toBe(429);

    await forgot(user.email, office);
    const token = await resetTokenFor(user.email);
    expect((await reset(token, 'a brand new passphrase')).status).toBe(200);
    expect((await login(user.email, 'a brand new passphrase', office)).status).toBe(200);
  });

  it('voids the user’s other links once one is used', async () => {
    const user = await signUp();
    await forgot(user.email);
    const first = await resetTokenFor(user.email, 1);
    await forgot(user.email);
    const second = await resetTokenFor(user.email, 2);
    expect(second).not.toBe(first);
    expect((await reset(second, 'a brand new passphrase')).status).toBe(200);
    expect((await reset(first, 'yet another passphrase')).status).toBe(400);
  });
});

describe('forgot password limits', () => {
  it('limits requests per email typed in, account or not, with 429 and Retry-After', async () => {
    for (const email of [(await signUp()).email, uniqueEmail('nobody')]) {
      const statuses = [];
      for (let n = 0; n < 8; n += 1) statuses.push((await forgot(email)).status);
      // Fixed windows: a run straddling a window's end may get two windows' worth.
      expect(statuses.filter((status) => status === 202).length).toBeLessThanOrEqual(10);
      expect(statuses).toContain(429);
    }
    // Another email is not held back.
    expect((await forgot(uniqueEmail('other'))).status).toBe(202);
  });

  it('limits requests per address across emails', async () => {
    const address = '203.0.113.50';
    const statuses = [];
    for (let n = 0; n < 12; n += 1) statuses.push((await forgot(uniqueEmail('spray'), address)).status);
    expect(statuses).toContain(429);
    const refused = await forgot(uniqueEmail('spray'), address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect((await json<ErrorBody>(refused)).error).toEqual({ code: 'rate_limited', message: authMessages.resetRateLimited });
  });

  it('sends one account at most a few reset emails an hour, answering 202 all the same', async () => {
    const user = await signUp();
    for (let n = 0; n < MAX_RESET_EMAILS_PER_HOUR + 2; n += 1) {
      // Past the per-email request limit a 429 comes first; the hourly cap holds either way.
      const status = (await forgot(user.email)).status;
      expect([202, 429]).toContain(status);
    }
    await resetTokenFor(user.email, MAX_RESET_EMAILS_PER_HOUR);
    const rows = await env.DB.prepare('select count(*) as n from password_resets where user_id = ?').bind(user.user.id).first<{ n: number }>();
    expect(rows?.n).toBe(MAX_RESET_EMAILS_PER_HOUR);
  });
});

describe('the local outbox', () => {
  it('does not exist on a deployment’s host', async () => {
    const response = await exports.default.fetch(new Request('https://parti.studio/api/dev/outbox'));
    expect(response.status).toBe(404);
  });
});
