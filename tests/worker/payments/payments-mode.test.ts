import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../../worker/app';
import type { HealthResponse } from '#shared/api-types';
import { paymentMessages } from '#shared/messages';
import type { PaymentGrantResponse } from '#shared/payments';
import { isLocalHost, paymentsMode } from '../../../worker/platform/config';
import { hmacSha256Hex } from '../../../worker/platform/crypto';
import { testEventBody } from '../../../worker/payments/test-mode';
import { call, json, signUp } from '../helpers';
import {
  callLive,
  createTestOrder,
  deliverWebhook,
  errorOf,
  ledgerSum,
  liveEnv,
  orderRow,
  profileOf,
  signedCheckout,
} from './helpers';

/** The Worker as a deployment that forgot its Razorpay keys would run it. */
function callDeployed(path: string, init: { env?: Partial<Env>; host?: string; token?: string; body?: unknown } = {}) {
  const headers = new Headers();
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  const request = new Request(`https://${init.host ?? 'parti.example.com'}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return app.fetch(request, { ...env, RAZORPAY_KEY_ID: '', ...init.env });
}

describe('payment modes', () => {
  it('runs test mode only when switched on and only on a local host', () => {
    const on = { RAZORPAY_KEY_ID: '', PAYMENTS_TEST_MODE: 'on' };
    expect(paymentsMode(on, 'http://localhost:8787/api/health')).toBe('test');
    expect(paymentsMode(on, 'http://127.0.0.1:5173/')).toBe('test');
    expect(paymentsMode(on, 'http://[::1]:8787/')).toBe('test');
    expect(paymentsMode(on, 'https://parti.example.com/')).toBe('unavailable');
    expect(paymentsMode(on, 'https://parti.workers.dev/')).toBe('unavailable');
    expect(paymentsMode(on, 'https://localhost.attacker.com/')).toBe('unavailable');
    expect(paymentsMode({ RAZORPAY_KEY_ID: '', PAYMENTS_TEST_MODE: '' }, 'http://localhost/')).toBe('unavailable');
    expect(paymentsMode({ RAZORPAY_KEY_ID: 'rzp_live_x', PAYMENTS_TEST_MODE: 'on' }, 'http://localhost/')).toBe('live');
    expect(isLocalHost('app.localhost')).toBe(true);
    expect(isLocalHost('parti.test')).toBe(true);
    expect(isLocalHost('test.parti.studio')).toBe(false);
  });

  it('a deployment without keys reports payments unavailable and refuses orders, even with the test flag carried over', async () => {
    const { token, user } = await signUp();
    for (const flag of ['', 'on']) {
      const health = await callDeployed('/api/health', { env: { PAYMENTS_TEST_MODE: flag } });
      expect((await json<HealthResponse>(health)).payments).toBe('unavailable');
      const order = await callDeployed('/api/payments/orders', { env: { PAYMENTS_TEST_MODE: flag }, token, body: { credits: 5, amount: 3495 } });
      expect(order.status).toBe(503);
      expect(await errorOf(order)).toEqual({ code: 'payments_unavailable', message: paymentMessages.unavailable });
    }
    expect(await env.DB.prepare('select count(*) as n from payments where user_id = ?').bind(user.id).first()).toEqual({ n: 0 });
  });

  it('a deployment without keys cannot complete an order through the test route', async () => {
    const { token, user } = await signUp();
    const { orderId } = await createTestOrder(token, 10);
    for (const flag of ['', 'on']) {
      const response = await callDeployed('/api/payments/test/complete', { env: { PAYMENTS_TEST_MODE: flag }, token, body: { orderId } });
      expect(response.status).toBe(404);
    }
    const notLocal = await callDeployed('/api/payments/test/complete', { token, body: { orderId }, env: { PAYMENTS_TEST_MODE: '' }, host: 'localhost' });
    expect(notLocal.status).toBe(404);
    expect(await profileOf(user.id)).toEqual({ credits: 12, plan: 'free' });
  });

  it('a live Worker ignores a webhook for an order made in test mode', async () => {
    const { token, user } = await signUp();
    const { orderId, amount } = await createTestOrder(token, 7);
    const body = JSON.stringify(testEventBody('payment.captured', { orderId, amount, currency: 'INR' }, 'pay_TestOrderLive'));
    const signature = await hmacSha256Hex(liveEnv.RAZORPAY_WEBHOOK_SECRET, body);
    const response = await callLive('/api/webhooks/razorpay', {
      method: 'POST',
      body,
      headers: { 'X-Razorpay-Signature': signature, 'X-Razorpay-Event-Id': 'evt_test_order_live' },
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ outcome: 'ignored' });
    expect(await profileOf(user.id)).toEqual({ credits: 12, plan: 'free' });
    expect(await orderRow(orderId)).toMatchObject({ status: 'created' });
  });

  it('reports whether this very call granted: a replayed verify and a later webhook say no', async () => {
    const { token, user } = await signUp();
    const { orderId, amount } = await createTestOrder(token, 3);
    const proof = await signedCheckout(orderId, 'pay_Replayed');
    const first = await json<PaymentGrantResponse>(await call('/api/payments/verify', { method: 'POST', token, body: proof }));
    const replay = await json<PaymentGrantResponse>(await call('/api/payments/verify', { method: 'POST', token, body: proof }));
    expect(first).toMatchObject({ granted: true, added: 3, credits: 15 });
    expect(replay).toMatchObject({ granted: false, added: 3, credits: 15 });
    const hook = await deliverWebhook(JSON.stringify(testEventBody('order.paid', { orderId, amount, currency: 'INR' }, 'pay_Replayed')), {
      eventId: 'evt_after_verify',
    });
    expect(await json(hook)).toMatchObject({ outcome: 'already_handled' });
    expect(await ledgerSum(user.id)).toBe(15);
  });
});
