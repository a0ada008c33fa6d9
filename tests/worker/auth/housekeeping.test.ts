import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { PaymentOrderResponse } from '#shared/payments';
import worker from '../../../worker/index';
import { call, json, signUp } from '../helpers';

/** The cron keeps the throttling, session and order tables to what some rule still reads. */

async function count(sql: string, ...params: unknown[]): Promise<number> {
  return (await env.DB.prepare(`select count(*) as n from ${sql}`).bind(...params).first<{ n: number }>())?.n ?? 0;
}

async function runCron(): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: '*/15 * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function order(token: string, credits: number): Promise<PaymentOrderResponse> {
  const response = await call('/api/payments/orders', { method: 'POST', token, body: { credits, amount: credits * 699 } });
  expect(response.status).toBe(200);
  return json<PaymentOrderResponse>(response);
}

describe('housekeeping on the cron', () => {
  it('prunes old sign-in failures, ended sessions with their tokens, and closes day-old open orders', async () => {
    const ip = '198.51.100.90';
    const account = await signUp();
    for (let n = 0; n < 3; n += 1) {
      await call('/api/auth/login', { method: 'POST', body: { email: account.email, password: `wrong-${n}-password` }, headers: { 'CF-Connecting-IP': ip } });
    }
    await env.DB.prepare('update login_failures set failed_at = failed_at - 16 * 60 * 1000 where address = ? and id in (select id from login_failures where address = ? limit 2)')
      .bind(ip, ip)
      .run();

    const ended = await signUp();
    await call('/api/auth/refresh', { method: 'POST', cookie: ended.cookie });
    await call('/api/auth/logout', { method: 'POST', cookie: ended.cookie, token: ended.token });
    const expired = await signUp();
    await env.DB.prepare('update sessions set expires_at = ? where user_id = ?').bind(Date.now() - 1, expired.user.id).run();
    const live = await signUp();

    const stale = await order(account.token, 3);
    const fresh = await order(account.token, 4);
    await env.DB.prepare('update payments set created_at = created_at - 25 * 3600 * 1000 where order_id = ?').bind(stale.orderId).run();

    await runCron();

    expect(await count('login_failures where address = ?', ip)).toBe(1);
    for (const gone of [ended, expired]) {
      expect(await count('sessions where user_id = ?', gone.user.id)).toBe(0);
    }
    expect(await count('refresh_tokens r where not exists (select 1 from sessions s where s.id = r.session_id)')).toBe(0);
    expect(await count('sessions where user_id = ?', live.user.id)).toBe(1);
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: live.cookie })).status).toBe(200);
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: ended.cookie })).status).toBe(401);

    const statuses = await env.DB.prepare('select order_id, status, failure_reason from payments where order_id in (?, ?)')
      .bind(stale.orderId, fresh.orderId)
      .all<{ order_id: string; status: string; failure_reason: string | null }>();
    expect(Object.fromEntries(statuses.results.map((row) => [row.order_id, row.status]))).toEqual({
      [stale.orderId]: 'failed',
      [fresh.orderId]: 'created',
    });
  });

  it('hands out the open order again for the same credits instead of making a new one', async () => {
    const buyer = await signUp();
    const first = await order(buyer.token, 7);
    const clicks = await Promise.all([1, 2, 3].map(() => order(buyer.token, 7)));
    expect(clicks.map((click) => click.orderId)).toEqual([first.orderId, first.orderId, first.orderId]);
    const other = await order(buyer.token, 8);
    expect(other.orderId).not.toBe(first.orderId);
    expect(await count('payments where user_id = ?', buyer.user.id)).toBe(2);
    // Another user never gets it.
    const stranger = await signUp();
    expect((await order(stranger.token, 7)).orderId).not.toBe(first.orderId);
  });
});
