import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ApiUser } from '#shared/api-types';
import type { LedgerItem, LedgerPage } from '#shared/credit-types';
import { STARTING_CREDITS } from '#shared/limits';
import { LEDGER_PAGE_SIZE } from '../../../worker/platform/limits';
import { galleryMessages } from '#shared/messages';
import { FAKE_GEMINI_BASE_URL, FakeGemini } from '../../fakes/gemini';
import { api, bearer, call, json, signUp } from '../helpers';
import { createTestOrder } from '../payments/helpers';
import { balance, generate, ledgerSum, setPlan } from '../studio/helpers';

const PROMPT = 'A timber pavilion in a birch forest at dusk';

async function ledger(token: string, cursor?: string): Promise<LedgerPage> {
  const response = await call(`/api/me/ledger${cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`}`, { token });
  expect(response.status).toBe(200);
  return json<LedgerPage>(response);
}

/** Every page, following nextCursor to the end. */
async function wholeLedger(token: string): Promise<{ items: LedgerItem[]; pages: number }> {
  const items: LedgerItem[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await ledger(token, cursor);
    items.push(...page.items);
    pages += 1;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { items, pages };
}

/** Each row's balance is the one below it plus its own delta; the oldest row starts from zero. */
function expectRunningBalance(items: LedgerItem[], current: number): void {
  expect(items[0]?.balanceAfter).toBe(current);
  items.forEach((item, index) => {
    const below = items[index + 1]?.balanceAfter ?? 0;
    expect(item.balanceAfter, `row ${item.id}`).toBe(below + item.delta);
  });
}

/** A failed generation over HTTP: the Worker pointed at a fake Gemini that blocks every image. */
async function failedGeneration(token: string): Promise<string> {
  const fake = new FakeGemini().install();
  const vars = env as unknown as Record<string, string | undefined>;
  const saved = { key: vars.GEMINI_API_KEY, base: vars.GEMINI_BASE_URL };
  vars.GEMINI_API_KEY = 'fake-key';
  vars.GEMINI_BASE_URL = FAKE_GEMINI_BASE_URL;
  try {
    const verdict = JSON.stringify({ isValid: true, feedback: 'ok', suggestions: [], confidence: 'high' });
    fake.reply((fakeCall) => (fakeCall.model === env.GEMINI_TEXT_MODEL ? { kind: 'text', text: verdict } : { kind: 'blocked', reason: 'SAFETY' }));
    const response = await generate(token, { prompt: 'A glass house in the woods', model: 'fast', numberOfViews: 1 });
    expect(response.status).toBe(502);
    return (await json<{ generationId: string }>(response)).generationId;
  } finally {
    vars.GEMINI_API_KEY = saved.key;
    vars.GEMINI_BASE_URL = saved.base;
    fake.uninstall();
  }
}

describe('GET /api/me/ledger', () => {
  it('lists signup, charge, refund and purchase newest first, summing to the balance', async () => {
    const { token, user } = await signUp();
    const made = await generate(token, { prompt: PROMPT, model: 'standard', numberOfViews: 1 });
    expect(made.status).toBe(200);
    const madeId = (await json<{ generationId: string }>(made)).generationId;
    const failedId = await failedGeneration(token);
    const { orderId } = await createTestOrder(token, 5);
    const paid = await call('/api/payments/test/complete', { method: 'POST', token, body: { orderId } });
    const { paymentId } = await json<{ paymentId: string }>(paid);

    const page = await ledger(token);
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((item) => [item.reason, item.delta])).toEqual([
      ['purchase', 5],
      ['refund', 1],
      ['generation', -1],
      ['generation', -2],
      ['signup', STARTING_CREDITS],
    ]);
    const me = await json<ApiUser>(await call('/api/me', { token }));
    expect(me.credits).toBe(STARTING_CREDITS - 2 + 5);
    expect(page.items.reduce((sum, item) => sum + item.delta, 0)).toBe(me.credits);
    expect(await ledgerSum(user.id)).toBe(me.credits);
    expectRunningBalance(page.items, me.credits);

    const [purchase, refund, failedCharge, charge] = page.items;
    expect(purchase).toMatchObject({ paymentId, note: `order ${orderId}` });
    expect(refund).toMatchObject({ generationId: failedId, failureReason: 'blocked' });
    expect(refund?.generationPrompt).toBeUndefined(); // no image came back: no generation
    expect(failedCharge).toMatchObject({ generationId: failedId, generationOutcome: 'refunded' });
    expect(failedCharge?.failureReason).toBeUndefined();
    expect(charge).toMatchObject({ generationId: madeId, generationPrompt: PROMPT, generationOutcome: 'delivered' });
    expect(Date.parse(charge?.createdAt ?? '')).toBeGreaterThan(0);
  });

  it('says when a charged generation was deleted afterwards', async () => {
    const { token } = await signUp();
    const made = await json<{ generationId: string }>(await generate(token, { prompt: PROMPT, model: 'fast', numberOfViews: 1 }));
    expect((await call(`/api/generations/${made.generationId}`, { method: 'DELETE', token })).status).toBe(204);
    const [charge] = (await ledger(token)).items;
    expect(charge).toMatchObject({ reason: 'generation', generationId: made.generationId, generationOutcome: 'deleted' });
    expect(charge?.generationPrompt).toBeUndefined();
  });

  it('answers through the typed client, never cached', async () => {
    const { token } = await signUp();
    const response = await api.me.ledger.$get({ query: {} }, bearer(token));
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    if (response.status !== 200) return;
    const page = await response.json();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ reason: 'signup', delta: STARTING_CREDITS, balanceAfter: STARTING_CREDITS });
  });

  it('pages through many rows with no gap or duplicate, the running balance unbroken across pages', async () => {
    const { token, user } = await signUp();
    const count = 2 * LEDGER_PAGE_SIZE + 7;
    const base = Date.now();
    // Rows in threes share a millisecond, so the id must break ties at page edges.
    const inserts = Array.from({ length: count }, (_, index) =>
      env.DB.prepare("insert into credit_ledger (user_id, delta, reason, note, created_at) values (?, ?, 'operator', ?, ?)")
        .bind(user.id, (index % 5) + 1, `grant ${index}`, base + Math.floor(index / 3)),
    );
    await env.DB.batch([...inserts, env.DB.prepare('update users set credits = (select sum(delta) from credit_ledger where user_id = ?) where id = ?').bind(user.id, user.id)]);

    const { items, pages } = await wholeLedger(token);
    expect(pages).toBe(3);
    const expected = await env.DB.prepare('select id from credit_ledger where user_id = ? order by created_at desc, id desc')
      .bind(user.id)
      .all<{ id: number }>();
    expect(items.map((item) => item.id)).toEqual(expected.results.map((row) => row.id));
    expect(new Set(items.map((item) => item.id)).size).toBe(count + 1);
    expectRunningBalance(items, await balance(user.id));
  });

  it('never shows another user\'s rows', async () => {
    const mine = await signUp();
    const theirs = await signUp();
    await generate(theirs.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1 });
    const theirIds = await env.DB.prepare('select id from credit_ledger where user_id = ?').bind(theirs.user.id).all<{ id: number }>();
    expect(theirIds.results.length).toBe(2);
    const page = await ledger(mine.token);
    expect(page.items).toHaveLength(1);
    const shown = new Set(page.items.map((item) => item.id));
    for (const row of theirIds.results) expect(shown.has(row.id)).toBe(false);
  });

  it('shows enterprise generations as costing nothing: no row, the balance kept', async () => {
    const { token, user } = await signUp();
    await setPlan(user.id, 'enterprise');
    expect((await generate(token, { prompt: PROMPT, model: 'fast', numberOfViews: 1 })).status).toBe(200);
    const page = await ledger(token);
    expect(page.items.map((item) => item.reason)).toEqual(['signup']);
    expectRunningBalance(page.items, STARTING_CREDITS);
  });

  it('is a 401 without a token', async () => {
    const response = await call('/api/me/ledger');
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ error: { code: 'not_authenticated', message: 'Please log in to continue.' } });
  });

  it.each([
    ['not base64 JSON', '!!!'],
    ['the wrong shape', btoa(JSON.stringify({ createdAt: 'yesterday', id: 1 })).replace(/=+$/, '')],
    ['a fractional id', btoa(JSON.stringify({ createdAt: 1, id: 1.5 })).replace(/=+$/, '')],
  ])('is a 400 naming the cursor for a cursor that is %s', async (_name, cursor) => {
    const { token } = await signUp();
    const response = await call(`/api/me/ledger?cursor=${encodeURIComponent(cursor)}`, { token });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: { code: 'invalid_request', message: galleryMessages.invalidCursor, field: 'cursor' } });
  });

  it('is a 400 naming the cursor when it is far too long', async () => {
    const { token } = await signUp();
    const response = await call(`/api/me/ledger?cursor=${'a'.repeat(600)}`, { token });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ error: { code: 'invalid_request', field: 'cursor' } });
  });
});
