import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthResponse } from '#shared/api-types';
import { app } from '../../../worker/app';
import { TURNSTILE_VERIFY_URL } from '../../../worker/auth/signup-guard';
import { SIGNUPS_PER_ADDRESS_PER_MINUTE, TURNSTILE_TIMEOUT_MS } from '../../../worker/platform/limits';
import { call, json, signUp, uniqueEmail } from '../helpers';

/** Attacks on sign-up (docs/decisions/0001): credit farming, look-alike twins, guessable passwords. */

interface ErrorBody {
  error: { code: string; message: string; field?: string };
}

function signUpFrom(ip: string, body: Record<string, unknown>): Promise<Response> {
  return call('/api/auth/signup', { method: 'POST', body, headers: { 'CF-Connecting-IP': ip } });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('sign-ups per address', () => {
  it(`lets one address make ${SIGNUPS_PER_ADDRESS_PER_MINUTE} accounts a minute, then answers 429 with Retry-After`, async () => {
    const farm = '198.51.100.50';
    const minute = () => Math.floor(Date.now() / 60_000);
    const startMinute = minute();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => signUpFrom(farm, { email: uniqueEmail('farm'), password: 'farming free credits' })),
    );
    const created = responses.filter((response) => response.status === 201).length;
    // The limiter's windows follow the wall clock: a run that straddles a minute gets two.
    expect(created).toBe(minute() === startMinute ? SIGNUPS_PER_ADDRESS_PER_MINUTE : created);
    expect(created).toBeLessThanOrEqual(2 * SIGNUPS_PER_ADDRESS_PER_MINUTE);
    const refused = responses.find((response) => response.status === 429);
    expect(refused?.headers.get('Retry-After')).toBe('60');
    expect(((await refused?.json()) as ErrorBody).error).toEqual({
      code: 'rate_limited',
      message: 'Too many sign-ups from your network. Please wait a minute and try again.',
    });
    // Someone else is not affected.
    expect((await signUpFrom('198.51.100.51', { email: uniqueEmail(), password: 'an honest password' })).status).toBe(201);
  });
});

describe('Turnstile on sign-up', () => {
  const turnstileEnv = () => ({ ...env, TURNSTILE_SECRET_KEY: 'turnstile-secret', TURNSTILE_SITE_KEY: 'site-key-123' });

  function signUpWithTurnstile(body: Record<string, unknown>): Promise<Response> {
    return Promise.resolve(
      app.request(
        '/api/auth/signup',
        { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.60' } },
        turnstileEnv(),
      ),
    );
  }

  /** A fake siteverify at the wire: accepts the token 'good-token' only, and records what it was sent. */
  function fakeSiteverify(behaviour: 'answer' | 'hang' = 'answer') {
    const seen: Array<Record<string, string>> = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url !== TURNSTILE_VERIFY_URL) return realFetch(input, init);
      const form = init?.body as FormData;
      seen.push(Object.fromEntries([...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : value.name])));
      if (behaviour === 'hang') {
        return new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => { reject(init.signal?.reason as Error); });
        });
      }
      const success = form.get('response') === 'good-token';
      return Response.json({ success, 'error-codes': success ? [] : ['invalid-input-response'] });
    });
    return seen;
  }

  it('is off without a secret: a sign-up needs no token (the offline default)', async () => {
    const seen = fakeSiteverify();
    expect((await call('/api/auth/signup', { method: 'POST', body: { email: uniqueEmail(), password: 'no captcha here' } })).status).toBe(201);
    expect(seen).toHaveLength(0);
    const config = await call('/api/auth/config');
    expect(await config.json()).toEqual({ turnstile_site_key: null });
  });

  it('with a secret, refuses a missing or rejected token and accepts one siteverify accepts', async () => {
    const seen = fakeSiteverify();
    const botEmails = [uniqueEmail('bot'), uniqueEmail('bot')];
    const missing = await signUpWithTurnstile({ email: botEmails[0], password: 'bot password here' });
    expect(missing.status).toBe(400);
    expect((await json<ErrorBody>(missing)).error.code).toBe('captcha_failed');

    const forged = await signUpWithTurnstile({ email: botEmails[1], password: 'bot password here', turnstile_token: 'forged' });
    expect(forged.status).toBe(400);
    expect((await json<ErrorBody>(forged)).error).toMatchObject({ code: 'captcha_failed', field: 'turnstile_token' });

    const email = uniqueEmail('human');
    const human = await signUpWithTurnstile({ email, password: 'a human password', turnstile_token: 'good-token' });
    expect(human.status).toBe(201);
    expect((await json<AuthResponse>(human)).user.email).toBe(email);
    expect(seen.at(-1)).toEqual({ secret: 'turnstile-secret', response: 'good-token', remoteip: '198.51.100.60' });
    const bots = await env.DB.prepare('select count(*) as n from users where email in (?, ?)').bind(...botEmails).first<{ n: number }>();
    expect(bots?.n).toBe(0);

    const config = await app.request('/api/auth/config', {}, turnstileEnv());
    expect(await config.json()).toEqual({ turnstile_site_key: 'site-key-123' });
  });

  it('refuses the sign-up when siteverify does not answer in time', async () => {
    // The time limit is waited out on a faked clock. AbortSignal.timeout is the runtime's own timer,
    // which fake timers cannot reach, so here it is built on the faked setTimeout.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
      return controller.signal;
    });
    const seen = fakeSiteverify('hang');
    const email = uniqueEmail('slow');
    let answered = false;
    const pending = signUpWithTurnstile({ email, password: 'a patient password', turnstile_token: 'good-token' }).finally(() => {
      answered = true;
    });
    // Real time passes until siteverify is asked (scheduler.wait is not a faked timer); the faked clock stands still.
    while (seen.length === 0) await scheduler.wait(5);
    await vi.advanceTimersByTimeAsync(TURNSTILE_TIMEOUT_MS - 1);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const response = await pending;
    expect(response.status).toBe(502);
    expect((await json<ErrorBody>(response)).error.code).toBe('upstream_failed');
    expect(await env.DB.prepare('select id from users where email = ?').bind(email).first()).toBeNull();
  });
});

describe('one account per mailbox', () => {
  it('folds full-width and case variants onto the same account', async () => {
    const account = await signUp(uniqueEmail('fold'));
    const fullWidth = [...account.email].map((ch) => (/[a-z0-9]/.test(ch) ? String.fromCodePoint(ch.codePointAt(0)! + 0xfee0) : ch)).join('');
    const twin = await call('/api/auth/signup', { method: 'POST', body: { email: fullWidth.toUpperCase(), password: 'another fine password' } });
    expect(twin.status).toBe(409);
    expect((await json<ErrorBody>(twin)).error.code).toBe('email_exists');
    const login = await call('/api/auth/login', { method: 'POST', body: { email: fullWidth, password: account.password } });
    expect(login.status).toBe(200);
  });

  it.each([
    ['zero-width space', '\u200b'],
    ['zero-width joiner', '\u200d'],
    ['byte-order mark', '\ufeff'],
    ['soft hyphen', '\u00ad'],
    ['right-to-left override', '\u202e'],
    ['NUL', '\u0000'],
    ['bell', '\u0007'],
  ])('refuses an email with a %s in it', async (_name, invisible) => {
    const account = await signUp(uniqueEmail('twin'));
    const [local, domain] = account.email.split('@');
    const response = await call('/api/auth/signup', {
      method: 'POST',
      body: { email: `${local?.slice(0, 3)}${invisible}${local?.slice(3)}@${domain}`, password: 'another fine password' },
    });
    expect(response.status).toBe(400);
    expect((await json<ErrorBody>(response)).error).toMatchObject({ code: 'invalid_email', field: 'email' });
  });

  it('refuses look-alike letters in the local part, and stores a look-alike domain as its punycode', async () => {
    const cyrillicA = '\u0430';
    const lookalike = await call('/api/auth/signup', { method: 'POST', body: { email: `${cyrillicA}dmin-${Date.now()}@example.com`, password: 'another fine password' } });
    expect(lookalike.status).toBe(400);
    expect((await json<ErrorBody>(lookalike)).error.code).toBe('invalid_email');

    const domain = await call('/api/auth/signup', { method: 'POST', body: { email: `u${Date.now()}@ex${cyrillicA}mple.com`, password: 'another fine password' } });
    expect(domain.status).toBe(201);
    expect((await json<AuthResponse>(domain)).user.email).toMatch(/@xn--/);
  });
});

describe('guessable passwords', () => {
  it.each([
    'password', 'PASSWORD', 'Password1', '12345678', '123456789', '87654321', 'abcdefgh', 'qwertyui', 'qwertyuiop',
    '        ', '\t\t\t\t\t\t\t\t', 'aaaaaaaa', '11111111', 'abababab', 'iloveyou', 'password 123',
  ])('refuses %j with weak_password', async (password) => {
    const response = await call('/api/auth/signup', { method: 'POST', body: { email: uniqueEmail('weak'), password } });
    expect(response.status).toBe(400);
    expect((await json<ErrorBody>(response)).error).toEqual({
      code: 'weak_password',
      message: 'This password is too common or too easy to guess. Please choose another.',
      field: 'password',
    });
  });

  it('refuses the email itself as the password, and accepts an ordinary passphrase', async () => {
    const email = uniqueEmail('self');
    const same = await call('/api/auth/signup', { method: 'POST', body: { email, password: email } });
    expect((await json<ErrorBody>(same)).error.code).toBe('weak_password');
    const fine = await call('/api/auth/signup', { method: 'POST', body: { email, password: 'blue concrete atrium' } });
    expect(fine.status).toBe(201);
  });
});
