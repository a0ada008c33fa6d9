/** Helpers for the payment tests: live-mode calls, a fake Razorpay Orders API, signatures, balances. */
import { env } from 'cloudflare:workers';
import { vi, type MockInstance } from 'vitest';
import { app } from '../../../worker/app';
import type { PaymentOrderResponse } from '#shared/payments';
import { hmacSha256Hex } from '../../../worker/platform/crypto';
import { call, json, ORIGIN, type CallOptions } from '../helpers';

export const KEY_SECRET = env.RAZORPAY_KEY_SECRET;
export const WEBHOOK_SECRET = env.RAZORPAY_WEBHOOK_SECRET;
export const LIVE_KEY_ID = 'rzp_test_FakeKey123';
export const FAKE_RAZORPAY_BASE_URL = 'https://razorpay.fake.test';

/** The Worker's environment with live keys set: payments leave test mode. */
export const liveEnv: Env = { ...env, RAZORPAY_KEY_ID: LIVE_KEY_ID, RAZORPAY_API_BASE_URL: FAKE_RAZORPAY_BASE_URL };

/** Calls the Worker's app with the live environment (test mode off). */
export async function callLive(path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  return app.fetch(new Request(`${ORIGIN}${path}`, { method: options.method ?? 'GET', headers, body }), liveEnv);
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

// ---------- a fake of Razorpay's Orders API, in its wire format ----------

export interface FakeOrderCall {
  authorization: string | null;
  body: { amount: number; currency: string; receipt: string; notes: Record<string, string> };
}

export interface FakeRazorpay {
  calls: FakeOrderCall[];
  spy: MockInstance<typeof fetch>;
  /** Make the next order creation fail the way Razorpay does. */
  failNext: (status: number, description: string) => void;
}

const expectedAuthorization = `Basic ${btoa(`${LIVE_KEY_ID}:${KEY_SECRET}`)}`;

/**
 * POST {base}/v1/orders with Basic auth key_id:key_secret → { id: 'order_…', entity: 'order',
 * amount, amount_paid, amount_due, currency, receipt, status: 'created', attempts, notes,
 * created_at }; errors → { error: { code: 'BAD_REQUEST_ERROR', description, … } }.
 */
export function fakeRazorpay(): FakeRazorpay {
  const calls: FakeOrderCall[] = [];
  let failure: { status: number; description: string } | null = null;
  const original = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(FAKE_RAZORPAY_BASE_URL)) return original(input, init);
    const authorization = request.headers.get('Authorization');
    if (new URL(request.url).pathname !== '/v1/orders' || request.method !== 'POST') {
      return razorpayError(400, 'The requested URL was not found on the server.');
    }
    if (authorization !== expectedAuthorization) return razorpayError(401, 'Authentication failed');
    const body = await request.json<FakeOrderCall['body']>();
    calls.push({ authorization, body });
    if (failure) {
      const { status, description } = failure;
      failure = null;
      return razorpayError(status, description);
    }
    if (!Number.isInteger(body.amount) || body.amount < 100) return razorpayError(400, 'The amount must be atleast INR 1.00');
    if (body.receipt.length > 40) return razorpayError(400, 'receipt: the length must be no more than 40.');
    const id = `order_${crypto.randomUUID().replaceAll('-', '').slice(0, 14)}`;
    return Response.json({
      id,
      entity: 'order',
      amount: body.amount,
      amount_paid: 0,
      amount_due: body.amount,
      currency: body.currency,
      receipt: body.receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: body.notes,
      created_at: Math.floor(Date.now() / 1000),
    });
  });
  return {
    calls,
    spy,
    failNext: (status, description) => {
      failure = { status, description };
    },
  };
}

function razorpayError(status: number, description: string): Response {
  return Response.json(
    { error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} } },
    { status },
  );
}
