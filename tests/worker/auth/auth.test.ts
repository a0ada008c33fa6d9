import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { ApiUser, AuthResponse } from '#shared/api-types';
import { call, json, refreshCookie, signUp, uniqueEmail } from '../helpers';

interface ErrorResponse {
  error: { code: string; message: string; field?: string };
}

async function errorOf(response: Response): Promise<ErrorResponse['error']> {
  return (await json<ErrorResponse>(response)).error;
}

describe('sign-up', () => {
  it('creates a free user with 12 credits, a ledger row and a session', async () => {
    const email = uniqueEmail('new');
    const response = await call('/api/auth/signup', {
      method: 'POST',
      body: { email: `  ${email.toUpperCase()} `, password: 'long enough password' },
    });
    expect(response.status).toBe(201);
    const body = await json<AuthResponse>(response);
    expect(body.user).toMatchObject({ email, credits: 12, plan: 'free' });
    expect(new Date(body.user.created_at).toISOString()).toBe(body.user.created_at);
    expect(body.session.token_type).toBe('bearer');
    expect(body.session.expires_in).toBe(900);
    expect(body.session.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(JSON.stringify(body)).not.toContain('password');

    const ledger = await env.DB.prepare('select delta, reason from credit_ledger where user_id = ?')
      .bind(body.user.id)
      .all();
    expect(ledger.results).toEqual([{ delta: 12, reason: 'signup' }]);
    const stored = await env.DB.prepare('select password_hash from users where id = ?').bind(body.user.id).first<{
      password_hash: string;
    }>();
    expect(stored?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(stored?.password_hash).not.toContain('long enough password');
  });

  it('sets the refresh cookie httpOnly, Secure, SameSite=Strict and scoped to /api/auth', async () => {
    const response = await call('/api/auth/signup', {
      method: 'POST',
      body: { email: uniqueEmail(), password: 'long enough password' },
    });
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('parti_refresh='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/auth(;|$)/);
    expect(cookie).toMatch(/Max-Age=\d+/);
  });

  it('refuses an invalid email, a short password and a taken email with their codes', async () => {
    const invalid = await call('/api/auth/signup', { method: 'POST', body: { email: 'not-an-email', password: 'long enough' } });
    expect(invalid.status).toBe(400);
    expect(await errorOf(invalid)).toMatchObject({ code: 'invalid_email', field: 'email' });

    const weak = await call('/api/auth/signup', { method: 'POST', body: { email: uniqueEmail(), password: 'short' } });
    expect(weak.status).toBe(400);
    expect(await errorOf(weak)).toMatchObject({ code: 'weak_password', message: 'Password must be at least 8 characters.' });

    const { email } = await signUp();
    const taken = await call('/api/auth/signup', {
      method: 'POST',
      body: { email: email.toUpperCase(), password: 'another password' },
    });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).code).toBe('email_exists');
    const rows = await env.DB.prepare('select count(*) as n from users where email = ?').bind(email).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it('creates one account when the same email signs up twice at once', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      [1, 2, 3].map(() => call('/api/auth/signup', { method: 'POST', body: { email, password: 'long enough password' } })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const ledgerRows = await env.DB.prepare(
      'select count(*) as n from credit_ledger l join users u on u.id = l.user_id where u.email = ?',
    )
      .bind(email)
      .first<{ n: number }>();
    expect(ledgerRows?.n).toBe(1);
  });

  it('answers a wrong type with a 400 naming the field, and ignores unknown fields', async () => {
    const wrong = await call('/api/auth/signup', { method: 'POST', body: { email: 42, password: 'long enough password' } });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toMatchObject({ code: 'invalid_request', field: 'email' });

    const missing = await call('/api/auth/signup', { method: 'POST', body: { email: uniqueEmail() } });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).field).toBe('password');

    const extra = await call('/api/auth/signup', {
      method: 'POST',
      body: { email: uniqueEmail(), password: 'long enough password', plan: 'enterprise', credits: 1e6 },
    });
    expect(extra.status).toBe(201);
    expect((await json<AuthResponse>(extra)).user).toMatchObject({ plan: 'free', credits: 12 });
  });

  it('answers a body that is not JSON with invalid_request', async () => {
    const response = await call('/api/auth/signup', {
      method: 'POST',
      body: '{"email": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('invalid_request');
  });
});

describe('sign-in', () => {
  it('signs in with the right password, any email casing', async () => {
    const account = await signUp();
    const response = await call('/api/auth/login', {
      method: 'POST',
      body: { email: account.email.toUpperCase(), password: account.password },
    });
    expect(response.status).toBe(200);
    const body = await json<AuthResponse>(response);
    expect(body.user.id).toBe(account.user.id);
    expect(refreshCookie(response)).toBeDefined();
  });

  it('gives one message for a wrong password and an unknown email', async () => {
    const account = await signUp();
    const wrongPassword = await call('/api/auth/login', {
      method: 'POST',
      body: { email: account.email, password: 'wrong password!' },
    });
    const unknownEmail = await call('/api/auth/login', {
      method: 'POST',
      body: { email: uniqueEmail('nobody'), password: account.password },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const [a, b] = [await errorOf(wrongPassword), await errorOf(unknownEmail)];
    expect(a).toEqual(b);
    expect(a).toEqual({ code: 'invalid_credentials', message: 'Invalid email or password.' });
  });

  it('throttles an (email, address) pair from the 11th failure within 15 minutes, even with the right password', async () => {
    const account = await signUp();
    const ip = '198.51.100.1';
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await call('/api/auth/login', {
        method: 'POST',
        body: { email: account.email, password: `wrong-${attempt}-password` },
        headers: { 'CF-Connecting-IP': ip },
      });
      expect(response.status).toBe(401);
    }
    const eleventh = await call('/api/auth/login', {
      method: 'POST',
      body: { email: account.email, password: account.password },
      headers: { 'CF-Connecting-IP': ip },
    });
    expect(eleventh.status).toBe(429);
    expect((await errorOf(eleventh)).code).toBe('rate_limited');
    expect(Number(eleventh.headers.get('Retry-After'))).toBeGreaterThan(0);

    // Failures older than the window no longer count.
    await env.DB.prepare('update login_failures set failed_at = failed_at - 16 * 60 * 1000 where address = ?').bind(ip).run();
    const later = await call('/api/auth/login', {
      method: 'POST',
      body: { email: account.email, password: account.password },
      headers: { 'CF-Connecting-IP': ip },
    });
    expect(later.status).toBe(200);
  });
});

describe('refresh', () => {
  it('rotates the cookie and returns a working access token', async () => {
    const account = await signUp();
    const response = await call('/api/auth/refresh', { method: 'POST', cookie: account.cookie });
    expect(response.status).toBe(200);
    const body = await json<AuthResponse>(response);
    const rotated = refreshCookie(response);
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(account.cookie);
    const me = await call('/api/me', { token: body.session.access_token });
    expect(me.status).toBe(200);
    expect((await json<ApiUser>(me)).id).toBe(account.user.id);

    const second = await call('/api/auth/refresh', { method: 'POST', cookie: rotated });
    expect(second.status).toBe(200);
  });

  it('gives a retry within 30 s the same successor, so a lost answer does not end the session', async () => {
    const account = await signUp();
    const first = await call('/api/auth/refresh', { method: 'POST', cookie: account.cookie });
    const successor = refreshCookie(first);
    // The answer was lost on a flaky network; the client retries with the token it still has.
    const retry = await call('/api/auth/refresh', { method: 'POST', cookie: account.cookie });
    expect(retry.status).toBe(200);
    expect(refreshCookie(retry)).toBe(successor);
    const me = await call('/api/me', { token: (await json<AuthResponse>(retry)).session.access_token });
    expect(me.status).toBe(200);
    // The session goes on from the successor.
    const next = await call('/api/auth/refresh', { method: 'POST', cookie: successor });
    expect(next.status).toBe(200);
    // Once the successor has itself been rotated, the first token is a replay: the session ends.
    const stale = await call('/api/auth/refresh', { method: 'POST', cookie: account.cookie });
    expect(stale.status).toBe(401);
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: refreshCookie(next) })).status).toBe(401);
  });

  it('revokes the whole session when a rotated token is presented again after 30 s', async () => {
    const account = await signUp();
    const first = await call('/api/auth/refresh', { method: 'POST', cookie: account.cookie });
    const current = refreshCookie(first);
    const currentAccess = (await json<AuthResponse>(first)).session.access_token;
    // A thief replays the stolen, already-rotated token 31 s later.
    await env.DB.prepare(
      'update refresh_tokens set rotated_at = rotated_at - 31000 where rotated_at is not null and session_id in (select id from sessions where user_id = ?)',
    )
      .bind(account.user.id)
      .run();

    const reuse = await call('/api/auth/refresh', { method: 'POST', cookie: account.cookie });
    expect(reuse.status).toBe(401);
    expect((await errorOf(reuse)).code).toBe('session_not_found');
    const cleared = reuse.headers.getSetCookie().find((value) => value.startsWith('parti_refresh='));
    expect(cleared).toMatch(/Max-Age=0/);

    // The legitimate holder's token and its access token die with the session.
    const afterReuse = await call('/api/auth/refresh', { method: 'POST', cookie: current });
    expect(afterReuse.status).toBe(401);
    const me = await call('/api/me', { token: currentAccess });
    expect(me.status).toBe(401);
    expect((await errorOf(me)).code).toBe('session_not_found');
  });

  it('gives two racing refreshes with the same token one and the same successor, and keeps the session', async () => {
    const account = await signUp();
    const responses = await Promise.all([1, 2, 3].map(() => call('/api/auth/refresh', { method: 'POST', cookie: account.cookie })));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    const cookies = new Set(responses.map((r) => refreshCookie(r)));
    expect(cookies.size).toBe(1);
    const [successor] = [...cookies];
    const rows = await env.DB.prepare(
      'select count(*) as n from refresh_tokens where session_id in (select id from sessions where user_id = ?)',
    )
      .bind(account.user.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(2);
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: successor })).status).toBe(200);
  });

  it('refuses a cross-site Origin on refresh and logout, and leaves the session alone', async () => {
    const account = await signUp();
    for (const path of ['/api/auth/refresh', '/api/auth/logout']) {
      for (const origin of ['https://evil.example', 'null', 'https://parti.test.evil.example', 'http://parti.test']) {
        const response = await call(path, { method: 'POST', cookie: account.cookie, token: account.token, headers: { Origin: origin } });
        expect(response.status).toBe(403);
        expect((await errorOf(response)).code).toBe('forbidden');
        expect(response.headers.getSetCookie()).toEqual([]);
      }
      const noOriginButCrossSite = await call(path, { method: 'POST', cookie: account.cookie, headers: { 'Sec-Fetch-Site': 'cross-site' } });
      expect(noOriginButCrossSite.status).toBe(403);
    }
    expect((await call('/api/me', { token: account.token })).status).toBe(200);
    const sameOrigin = await call('/api/auth/refresh', { method: 'POST', cookie: account.cookie, headers: { Origin: 'https://parti.test' } });
    expect(sameOrigin.status).toBe(200);
    // A client that is not a browser sends no Origin, and cannot carry anyone else's cookie.
    const noOrigin = await call('/api/auth/refresh', { method: 'POST', cookie: refreshCookie(sameOrigin) });
    expect(noOrigin.status).toBe(200);
  });

  it('refuses a missing, unknown or expired refresh token', async () => {
    expect((await call('/api/auth/refresh', { method: 'POST' })).status).toBe(401);
    const unknown = await call('/api/auth/refresh', { method: 'POST', cookie: 'parti_refresh=not-a-real-token' });
    expect(unknown.status).toBe(401);
    expect((await errorOf(unknown)).code).toBe('session_not_found');

    const account = await signUp();
    await env.DB.prepare('update sessions set expires_at = ? where user_id = ?').bind(Date.now() - 1, account.user.id).run();
    const expired = await call('/api/auth/refresh', { method: 'POST', cookie: account.cookie });
    expect(expired.status).toBe(401);
  });
});

describe('sign-out', () => {
  it('revokes the session and clears the cookie', async () => {
    const account = await signUp();
    const response = await call('/api/auth/logout', { method: 'POST', cookie: account.cookie, token: account.token });
    expect(response.status).toBe(204);
    const cleared = response.headers.getSetCookie().find((value) => value.startsWith('parti_refresh='));
    expect(cleared).toMatch(/Max-Age=0/);
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: account.cookie })).status).toBe(401);
    expect((await call('/api/me', { token: account.token })).status).toBe(401);
  });

  it("leaves the user's other sessions alone", async () => {
    const account = await signUp();
    const other = await call('/api/auth/login', { method: 'POST', body: { email: account.email, password: account.password } });
    const otherToken = (await json<AuthResponse>(other)).session.access_token;
    await call('/api/auth/logout', { method: 'POST', cookie: account.cookie, token: account.token });
    expect((await call('/api/me', { token: otherToken })).status).toBe(200);
  });
});

describe('GET /api/me', () => {
  it('returns the profile of the signed-in user', async () => {
    const account = await signUp();
    const response = await call('/api/me', { token: account.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await json<ApiUser>(response)).toEqual(account.user);
  });

  it('refuses a missing, forged, expired or malformed token', async () => {
    const account = await signUp();
    const missing = await call('/api/me');
    expect(missing.status).toBe(401);
    expect((await errorOf(missing)).code).toBe('not_authenticated');

    const forgedKey = new TextEncoder().encode('not-the-server-secret-0123456789abcdef');
    const forged = await new SignJWT({ sid: 'whatever' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.user.id)
      .setIssuer('parti')
      .setAudience('parti-api')
      .setExpirationTime('15m')
      .sign(forgedKey);
    const forgedResponse = await call('/api/me', { token: forged });
    expect(forgedResponse.status).toBe(401);
    expect((await errorOf(forgedResponse)).code).toBe('invalid_jwt');

    const [header, payload = ''] = account.token.split('.');
    const unsigned = `${header}.${payload}.`;
    expect((await call('/api/me', { token: unsigned })).status).toBe(401);

    const noneAlg = `${btoa(JSON.stringify({ alg: 'none' })).replace(/=+$/, '')}.${payload}.`;
    expect((await call('/api/me', { token: noneAlg })).status).toBe(401);

    const serverKey = new TextEncoder().encode(env.JWT_SECRET);
    const sid = (JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as { sid: string }).sid;
    const expired = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.user.id)
      .setIssuer('parti')
      .setAudience('parti-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(serverKey);
    const expiredResponse = await call('/api/me', { token: expired });
    expect(expiredResponse.status).toBe(401);
    expect((await errorOf(expiredResponse)).code).toBe('invalid_jwt');

    const otherUser = await signUp();
    const swapped = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(otherUser.user.id)
      .setIssuer('parti')
      .setAudience('parti-api')
      .setExpirationTime('15m')
      .sign(serverKey);
    expect((await call('/api/me', { token: swapped })).status).toBe(401);
  });

  it('refuses a correctly signed token that never expires', async () => {
    const account = await signUp();
    const payload = account.token.split('.')[1] ?? '';
    const sid = (JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as { sid: string }).sid;
    const serverKey = new TextEncoder().encode(env.JWT_SECRET);
    const forever = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(account.user.id)
      .setIssuer('parti')
      .setAudience('parti-api')
      .setIssuedAt()
      .sign(serverKey);
    const response = await call('/api/me', { token: forever });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe('invalid_jwt');
  });
});
