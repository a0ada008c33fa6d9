import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '#shared/live-types';
import { generalMessages } from '#shared/messages';
import { app } from '../../../worker/app';
import type { AdminCreditsResult, AdminPlanResult, AdminUser } from '../../../worker/admin/service';
import { call, json, ORIGIN, signUp, uniqueEmail } from '../helpers';
import { closeSocketsAfterEach, connect } from '../realtime/sockets';

const TOKEN = env.ADMIN_TOKEN;

interface AdminCall {
  method?: string;
  body?: unknown;
  token?: string | null;
  /** Overrides of the Worker's bindings (the request then goes through the app directly). */
  env?: Partial<Env>;
}

async function admin(path: string, options: AdminCall = {}): Promise<Response> {
  const token = options.token === undefined ? TOKEN : options.token;
  if (!options.env) {
    return call(`/api/admin${path}`, { method: options.method, body: options.body, token: token ?? undefined });
  }
  const headers = new Headers();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const request = new Request(`${ORIGIN}/api/admin${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return app.fetch(request, { ...env, ...options.env });
}

const userPath = (email: string) => `/users/${encodeURIComponent(email)}`;
const grant = (email: string, delta: unknown, note?: string) =>
  admin(`${userPath(email)}/credits`, { method: 'POST', body: note === undefined ? { delta } : { delta, note } });
const setPlan = (email: string, plan: unknown) => admin(`${userPath(email)}/plan`, { method: 'PUT', body: { plan } });

async function errorOf(response: Response): Promise<{ code: string; message: string; field?: string }> {
  return (await json<{ error: { code: string; message: string; field?: string } }>(response)).error;
}

async function stored(userId: string) {
  const user = await env.DB.prepare('select credits, plan from users where id = ?').bind(userId).first<{ credits: number; plan: string }>();
  const ledger = await env.DB.prepare('select delta, reason, note from credit_ledger where user_id = ? order by id')
    .bind(userId)
    .all<{ delta: number; reason: string; note: string | null }>();
  return { ...user, ledger: ledger.results, ledgerSum: ledger.results.reduce((sum, row) => sum + row.delta, 0) };
}

const NOT_FOUND = { code: 'not_found', message: generalMessages.notFound };

describe('the admin guard', () => {
  it('makes every admin route 404 when ADMIN_TOKEN is unset, empty or too short, whatever is sent', async () => {
    const { email } = await signUp();
    for (const secret of [undefined, '', 'short-token']) {
      const overrides = { ADMIN_TOKEN: secret } as Partial<Env>;
      for (const token of [TOKEN, secret ?? null, null]) {
        for (const [path, method, body] of [
          [userPath(email), 'GET', undefined],
          [`${userPath(email)}/credits`, 'POST', { delta: 5 }],
          [`${userPath(email)}/plan`, 'PUT', { plan: 'enterprise' }],
        ] as const) {
          const response = await admin(path, { env: overrides, token, method, body });
          expect(response.status).toBe(404);
          expect(await errorOf(response)).toEqual(NOT_FOUND);
        }
      }
    }
  });

  it('answers a missing or wrong token exactly like an unknown path, and changes nothing', async () => {
    const { email, user } = await signUp();
    const unknownPath = await call('/api/no-such-thing');
    const expected = { status: unknownPath.status, body: await unknownPath.text() };
    expect(expected.status).toBe(404);
    const wrong = [null, `${TOKEN}x`, TOKEN.slice(0, -1), TOKEN.toUpperCase(), ''];
    for (const token of wrong) {
      for (const response of [
        await admin(userPath(email), { token }),
        await admin(`${userPath(email)}/credits`, { token, method: 'POST', body: { delta: 50 } }),
        await admin(`${userPath(email)}/plan`, { token, method: 'PUT', body: { plan: 'enterprise' } }),
        // Even a malformed body gets no further than the guard.
        await admin(`${userPath(email)}/credits`, { token, method: 'POST', body: { delta: 'lots' } }),
      ]) {
        expect({ status: response.status, body: await response.text() }).toEqual(expected);
      }
    }
    // A token in another scheme, or the right one outside the Authorization header, is not accepted.
    const elsewhere: Record<string, string>[] = [{ Authorization: `Basic ${TOKEN}` }, { Authorization: TOKEN }, { 'X-Admin-Token': TOKEN }];
    for (const headers of elsewhere) {
      expect((await call(`/api/admin${userPath(email)}`, { headers })).status).toBe(404);
    }
    expect(await stored(user.id)).toMatchObject({ credits: 12, plan: 'free', ledgerSum: 12 });
  });
});

describe('GET /api/admin/users/:email', () => {
  it('shows the user with the ledger sum, finding the email whatever its case', async () => {
    const { email, user } = await signUp();
    const response = await admin(userPath(`  ${email.toUpperCase()} `));
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const shown = await json<AdminUser>(response);
    expect(shown).toEqual({ id: user.id, email, plan: 'free', credits: 12, created_at: user.created_at, ledger_sum: 12 });
  });

  it('answers 404 naming the email for an unknown user, and 400 for something that is not an email', async () => {
    const missing = uniqueEmail('nobody');
    for (const response of [await admin(userPath(missing)), await grant(missing, 5), await setPlan(missing, 'pro')]) {
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toEqual({ code: 'not_found', message: `No user with the email ${missing}.`, field: 'email' });
    }
    const notEmail = await admin(userPath('not-an-email'));
    expect(notEmail.status).toBe(400);
    expect((await errorOf(notEmail)).code).toBe('invalid_email');
  });
});

describe('POST /api/admin/users/:email/credits', () => {
  it('grants credits with an operator ledger row, the balance equal to the ledger sum', async () => {
    const { email, user } = await signUp();
    const response = await grant(email, 30, 'goodwill for the outage');
    expect(response.status).toBe(200);
    const result = await json<AdminCreditsResult>(response);
    expect(result).toMatchObject({ credits_before: 12, delta: 30, user: { id: user.id, credits: 42, ledger_sum: 42, plan: 'free' } });
    const after = await stored(user.id);
    expect(after.credits).toBe(42);
    expect(after.ledgerSum).toBe(42);
    expect(after.ledger.at(-1)).toEqual({ delta: 30, reason: 'operator', note: 'goodwill for the outage' });

    const taken = await json<AdminCreditsResult>(await grant(email, -42));
    expect(taken).toMatchObject({ credits_before: 42, delta: -42, user: { credits: 0, ledger_sum: 0 } });
    expect((await stored(user.id)).ledger.at(-1)).toEqual({ delta: -42, reason: 'operator', note: null });
  });

  it('refuses to go below 0 with a 409 and changes nothing', async () => {
    const { email, user } = await signUp();
    const before = await stored(user.id);
    const response = await grant(email, -13);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({
      code: 'conflict',
      message: `${email} has 12 credits; taking 13 would go below 0. Nothing changed.`,
      field: 'delta',
    });
    expect(await stored(user.id)).toEqual(before);
  });

  it('lands every one of many parallel grants exactly once', async () => {
    const { email, user } = await signUp();
    const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => grant(email, index + 1)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    const after = await stored(user.id);
    expect(after.credits).toBe(12 + 210);
    expect(after.ledgerSum).toBe(after.credits);
    expect(after.ledger.filter((row) => row.reason === 'operator')).toHaveLength(20);
  });

  it('lets parallel takes that are each affordable alone never overdraw together', async () => {
    const { email, user } = await signUp();
    const responses = await Promise.all(Array.from({ length: 6 }, () => grant(email, -5)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 409, 409, 409, 409]);
    const after = await stored(user.id);
    expect(after).toMatchObject({ credits: 2, ledgerSum: 2 });
    expect(after.ledger.filter((row) => row.reason === 'operator')).toHaveLength(2);
  });

  it('answers malformed bodies with 400 invalid_request and changes nothing', async () => {
    const { email, user } = await signUp();
    const before = await stored(user.id);
    const bad: unknown[] = [
      {},
      { delta: 0 },
      { delta: 1.5 },
      { delta: '5' },
      { delta: 100_001 },
      { delta: -100_001 },
      { delta: Number.MAX_SAFE_INTEGER },
      { delta: null },
      { delta: 5, note: 'x'.repeat(501) },
      { delta: 5, note: '   ' },
      { delta: 5, note: 7 },
      [5],
      'just text',
    ];
    for (const body of bad) {
      const response = await admin(`${userPath(email)}/credits`, { method: 'POST', body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).code).toBe('invalid_request');
    }
    const notJson = await call(`/api/admin${userPath(email)}/credits`, {
      method: 'POST',
      token: TOKEN,
      headers: { 'Content-Type': 'application/json' },
      body: '{"delta": 5',
    });
    expect(notJson.status).toBe(400);
    expect((await errorOf(notJson)).code).toBe('invalid_request');
    expect(await stored(user.id)).toEqual(before);
  });

  it('takes a note as data, quotes and all', async () => {
    const { email, user } = await signUp();
    const note = `it's "fine"'); drop table users; --`;
    expect((await grant(email, 1, note)).status).toBe(200);
    expect((await stored(user.id)).ledger.at(-1)).toEqual({ delta: 1, reason: 'operator', note });
  });
});

describe('PUT /api/admin/users/:email/plan', () => {
  it('sets the plan, enterprise included, and reports a repeat as no change', async () => {
    const { email, user } = await signUp();
    const first = await json<AdminPlanResult>(await setPlan(email, 'enterprise'));
    expect(first).toMatchObject({ changed: true, plan_before: 'free', user: { plan: 'enterprise', credits: 12, ledger_sum: 12 } });
    const again = await json<AdminPlanResult>(await setPlan(email, 'enterprise'));
    expect(again).toMatchObject({ changed: false, plan_before: 'enterprise', user: { plan: 'enterprise' } });
    const back = await json<AdminPlanResult>(await setPlan(email, 'free'));
    expect(back).toMatchObject({ changed: true, plan_before: 'enterprise', user: { plan: 'free' } });
    // A plan change moves no credits.
    expect(await stored(user.id)).toMatchObject({ credits: 12, plan: 'free', ledgerSum: 12 });
  });

  it('refuses an unknown plan with 400', async () => {
    const { email, user } = await signUp();
    for (const plan of ['gold', 'Enterprise', '', null, 3]) {
      const response = await setPlan(email, plan);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: 'invalid_request', field: 'plan' });
    }
    expect((await stored(user.id)).plan).toBe('free');
  });
});

// ---------- live updates: the user's open tabs hear of an operator's change at once ----------

closeSocketsAfterEach();

describe('live updates from the admin routes', () => {
  it('pushes the new profile to every open tab of that user after a grant and a plan change, and to no one else', async () => {
    const alice = await signUp();
    const bob = await signUp();
    const aliceTab = await connect(alice.token);
    const alicePhone = await connect(alice.token);
    const bobTab = await connect(bob.token);

    expect((await grant(alice.email, 8)).status).toBe(200);
    expect((await setPlan(alice.email, 'enterprise')).status).toBe(200);
    // A refused change and a plan that does not change push nothing.
    expect((await grant(alice.email, -1000)).status).toBe(409);
    expect((await setPlan(alice.email, 'enterprise')).status).toBe(200);

    const expected: LiveMessage[] = [
      { type: 'profile', credits: 20, plan: 'free' },
      { type: 'profile', credits: 20, plan: 'enterprise' },
    ];
    expect(await aliceTab.next(2)).toEqual(expected);
    expect(await alicePhone.next(2)).toEqual(expected);
    // A round trip through each object: every earlier push has been sent by now.
    expect(await env.LIVE_UPDATES.getByName(alice.user.id).socketCount()).toBe(2);
    expect(await env.LIVE_UPDATES.getByName(bob.user.id).socketCount()).toBe(1);
    expect(aliceTab.received).toEqual(expected);
    expect(bobTab.received).toEqual([]);
  });
});
