/** Helpers for the payment tests: live-mode calls, the fake Razorpay with this suite's keys, signatures, balances. */
import { env } from 'cloudflare:workers';
import { app } from '../../../worker/app';
import type { PaymentOrderResponse } from '#shared/payments';
import { hmacSha256Hex } from '../../../worker/platform/crypto';
import { call, json, ORIGIN, type CallOptions } from '../helpers';
import { FAKE_RAZORPAY_BASE_URL, fakeRazorpay as fakeRazorpayAt, type FakeRazorpay } from '../../fakes/razorpay';

export const KEY_SECRET = env.RAZORPAY_KEY_SECRET;
export const WEBHOOK_SECRET = env.RAZORPAY_WEBHOOK_SECRET;
export const LIVE_KEY_ID = 'rzp_test_FakeKey123';

/** The Worker's environment with live keys set: payments leave test mode. */
export const liveEnv: Env = { ...env, RAZORPAY_KEY_ID: LIVE_KEY_ID, RAZORPAY_API_BASE_URL: FAKE_RAZORPAY_BASE_URL };

/** Calls the Worker's app with the live environment (test mode off). */
export function callLive(path: string, options: CallOptions = {}): Promise<Response> {
  return callIn(liveEnv, path, options);
}

/** Calls the Worker's app with `environment` in place of the configured one. */
export async function callIn(environment: Env, path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  return app.fetch(new Request(`${ORIGIN}${path}`, { method: options.method ?? 'GET', headers, body }), environment);
}

export async function errorOf(response: Response): Promise<{ code: string; message: string; field?: string }> {
  return (await json<{ error: { code: string; message: string; field?: string } }>(response)).error;
}

export async function createTestOrder(token: string, credits: number): Promise<PaymentOrderResponse> {
  const response = await call('/api/payments/orders', { method: 'POST', token, body: { credits, amount: credits * 699 } });
  if (response.status !== 200) throw new Error(`order failed: ${response.status} ${await response.text()}`);
  return json<PaymentOrderResponse>(response);
}

export function checkoutSignature(orderId: string, paymentId: string, secret = KEY_SECRET): Promise<string> {
  return hmacSha256Hex(secret, `${orderId}|${paymentId}`);
}

export async function signedCheckout(orderId: string, paymentId: string) {
  return {
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: await checkoutSignature(orderId, paymentId),
  };
}

/** Delivers a webhook the way Razorpay does: the signature is over the exact raw bytes sent. */
export async function deliverWebhook(
  rawBody: string,
  options: { eventId?: string; secret?: string; signature?: string } = {},
): Promise<Response> {
  const signature = options.signature ?? (await hmacSha256Hex(options.secret ?? WEBHOOK_SECRET, rawBody));
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Razorpay-Signature': signature };
  if (options.eventId) headers['X-Razorpay-Event-Id'] = options.eventId;
  return call('/api/webhooks/razorpay', { method: 'POST', body: rawBody, headers });
}

export interface Profile {
  credits: number;
  plan: string;
}

export async function profileOf(userId: string): Promise<Profile> {
  const row = await env.DB.prepare('select credits, plan from users where id = ?').bind(userId).first<Profile>();
  if (!row) throw new Error('no such user');
  return row;
}

export async function ledgerOf(userId: string): Promise<{ delta: number; reason: string; payment_id: string | null }[]> {
  const rows = await env.DB.prepare('select delta, reason, payment_id from credit_ledger where user_id = ? order by id')
    .bind(userId)
    .all<{ delta: number; reason: string; payment_id: string | null }>();
  return rows.results;
}

export async function ledgerSum(userId: string): Promise<number> {
  return (await ledgerOf(userId)).reduce((sum, row) => sum + row.delta, 0);
}

export async function setPlan(userId: string, plan: string): Promise<void> {
  await env.DB.prepare('update users set plan = ? where id = ?').bind(plan, userId).run();
}

export async function orderRow(orderId: string) {
  return env.DB.prepare('select * from payments where order_id = ?').bind(orderId).first<{
    order_id: string;
    user_id: string;
    credits: number;
    amount: number;
    mode: string;
    status: string;
    payment_id: string | null;
    failure_reason: string | null;
  }>();
}

/** The fake Razorpay (tests/fakes/razorpay.ts) with the live key id and secret these tests use. */
export function fakeRazorpay(): FakeRazorpay {
  return fakeRazorpayAt({ keyId: LIVE_KEY_ID, keySecret: KEY_SECRET });
}
