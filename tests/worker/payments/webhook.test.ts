import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { PaymentGrantResponse } from '#shared/payments';
import { app } from '../../../worker/app';
import { hmacSha256Hex } from '../../../worker/platform/crypto';
import { testEventBody } from '../../../worker/payments/test-mode';
import { call, json, signUp } from '../helpers';
import { createTestOrder, deliverWebhook, ledgerOf, ledgerSum, orderRow, profileOf, signedCheckout } from './helpers';

type EventName = 'payment.captured' | 'order.paid' | 'payment.failed';

async function eventBody(event: EventName, orderId: string, paymentId: string, description?: string): Promise<string> {
  const amount = (await orderRow(orderId))?.amount ?? 69_900;
  return JSON.stringify(testEventBody(event, { orderId, amount, currency: 'INR' }, paymentId, description));
}

async function eventRecorded(eventId: string) {
  return env.DB.prepare('select event, order_id, payment_id from payment_events where event_id = ?').bind(eventId).first();
}

describe('POST /api/webhooks/razorpay', () => {
  it('refuses a forged signature with a 400 and grants nothing', async () => {
    const { token, user } = await signUp();
    const { orderId } = await createTestOrder(token, 5);
    const body = await eventBody('payment.captured', orderId, 'pay_Forged');
    const forgeries = [
      deliverWebhook(body, { secret: 'guessed-secret', eventId: 'evt_forged_1' }),
      deliverWebhook(body, { signature: '', eventId: 'evt_forged_2' }),
      // Signed over other bytes (the same JSON re-serialised with spaces).
      deliverWebhook(body, { signature: await hmacSha256Hex(env.RAZORPAY_WEBHOOK_SECRET, JSON.stringify(JSON.parse(body), null, 1)), eventId: 'evt_forged_3' }),
    ];
    for (const response of await Promise.all(forgeries)) {
      expect(response.status).toBe(400);
      expect((await json<{ error: { code: string } }>(response)).error.code).toBe('invalid_signature');
    }
    expect(await profileOf(user.id)).toEqual({ credits: 12, plan: 'free' });
    expect(await eventRecorded('evt_forged_1')).toBeNull();
    expect((await orderRow(orderId))?.status).toBe('created');
  });

  it('checks the signature over the raw bytes, whitespace and all', async () => {
    const { token, user } = await signUp();
    const { orderId } = await createTestOrder(token, 3);
    const body = JSON.stringify(JSON.parse(await eventBody('payment.captured', orderId, 'pay_Raw')), null, 2);
    const response = await deliverWebhook(body, { eventId: 'evt_raw' });
    expect(response.status).toBe(200);
    expect(await profileOf(user.id)).toEqual({ credits: 15, plan: 'pro' });
  });

  it('grants exactly once across verify, ten webhook deliveries, order.paid and a late payment.failed', async () => {
    const { token, user } = await signUp();
    const { orderId } = await createTestOrder(token, 5);
    const paymentId = 'pay_ManyWays';

    const verified = await call('/api/payments/verify', { method: 'POST', token, body: await signedCheckout(orderId, paymentId) });
    expect(await json<PaymentGrantResponse>(verified)).toMatchObject({ credits: 17, plan: 'pro', added: 5 });

    const captured = await eventBody('payment.captured', orderId, paymentId);
    const deliveries = await Promise.all(
      Array.from({ length: 10 }, () => deliverWebhook(captured, { eventId: 'evt_captured_many' })),
    );
    expect(deliveries.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect((await deliverWebhook(await eventBody('order.paid', orderId, paymentId), { eventId: 'evt_paid_many' })).status).toBe(200);

    const late = await deliverWebhook(await eventBody('payment.failed', orderId, 'pay_LateFail', 'Card declined'), { eventId: 'evt_failed_late' });
    expect(late.status).toBe(200);

    expect(await profileOf(user.id)).toEqual({ credits: 17, plan: 'pro' });
    expect((await ledgerOf(user.id)).filter((row) => row.reason === 'purchase')).toEqual([{ delta: 5, reason: 'purchase', payment_id: paymentId }]);
    expect(await ledgerSum(user.id)).toBe(17);
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', payment_id: paymentId });
    expect(await eventRecorded('evt_failed_late')).toMatchObject({ event: 'payment.failed', order_id: orderId });
  });

  it('grants from the webhook alone when checkout never returns, and verify afterwards adds nothing', async () => {
    const { token, user } = await signUp();
    const { orderId } = await createTestOrder(token, 2);
    const response = await deliverWebhook(await eventBody('order.paid', orderId, 'pay_HookFirst'), { eventId: 'evt_hook_first' });
    expect(await json(response)).toMatchObject({ ok: true, outcome: 'granted' });
    expect(await profileOf(user.id)).toEqual({ credits: 14, plan: 'pro' });

    const verified = await call('/api/payments/verify', { method: 'POST', token, body: await signedCheckout(orderId, 'pay_HookFirst') });
    expect(await json<PaymentGrantResponse>(verified)).toMatchObject({ credits: 14, added: 2 });
    expect(await ledgerSum(user.id)).toBe(14);
  });

  it('a failure first, then the capture, still grants', async () => {
    const { token, user } = await signUp();
    const { orderId } = await createTestOrder(token, 1);
    await deliverWebhook(await eventBody('payment.failed', orderId, 'pay_Declined', 'Card declined'), { eventId: 'evt_fail_first' });
    expect(await orderRow(orderId)).toMatchObject({ status: 'failed', failure_reason: 'Card declined' });
    await deliverWebhook(await eventBody('payment.captured', orderId, 'pay_Retried'), { eventId: 'evt_capture_after' });
    expect(await profileOf(user.id)).toEqual({ credits: 13, plan: 'pro' });
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', payment_id: 'pay_Retried', failure_reason: null });
  });

  it('records a webhook for an unknown order and grants it to nobody', async () => {
    const before = await env.DB.prepare('select coalesce(sum(credits), 0) as total from users').first<{ total: number }>();
    const body = JSON.stringify(testEventBody('payment.captured', { orderId: 'order_NotOurs', amount: 69_900, currency: 'INR' }, 'pay_Stranger'));
    const response = await deliverWebhook(body, { eventId: 'evt_unknown_order' });
    expect(response.status).toBe(200);
    expect(await eventRecorded('evt_unknown_order')).toEqual({ event: 'payment.captured', order_id: 'order_NotOurs', payment_id: 'pay_Stranger' });
    const grants = await env.DB.prepare("select count(*) as n from credit_ledger where payment_id = 'pay_Stranger'").first<{ n: number }>();
    expect(grants?.n).toBe(0);
    const after = await env.DB.prepare('select coalesce(sum(credits), 0) as total from users').first<{ total: number }>();
    expect(after?.total).toBe(before?.total);
  });

  it('does not grant a capture whose amount differs from the order', async () => {
    const { token, user } = await signUp();
    const { orderId } = await createTestOrder(token, 10);
    const body = JSON.stringify(testEventBody('payment.captured', { orderId, amount: 100, currency: 'INR' }, 'pay_Short'));
    expect((await deliverWebhook(body, { eventId: 'evt_short' })).status).toBe(200);
    expect(await profileOf(user.id)).toEqual({ credits: 12, plan: 'free' });
  });

  it('answers 200 to events it does not know, and to a redelivery', async () => {
    const body = JSON.stringify({ entity: 'event', event: 'refund.created', contains: ['refund'], payload: { refund: { entity: { id: 'rfnd_1' } } } });
    const first = await deliverWebhook(body, { eventId: 'evt_refund' });
    expect(await json(first)).toMatchObject({ ok: true, outcome: 'ignored' });
    const again = await deliverWebhook(body, { eventId: 'evt_refund' });
    expect(await json(again)).toMatchObject({ ok: true, outcome: 'already_handled' });
    expect(await eventRecorded('evt_refund')).toMatchObject({ event: 'refund.created' });
  });
});

describe('missing secrets', () => {
  it('refuses every webhook and checkout signature, with a 400, when the secrets are not configured', async () => {
    // WebCrypto cannot even make an HMAC with an empty key; any well-formed signature will do.
    const anySignature = 'a'.repeat(64);
    const { token, user } = await signUp();
    const { orderId } = await createTestOrder(token, 5);
    const unconfigured: Env = { ...env, RAZORPAY_KEY_SECRET: '', RAZORPAY_WEBHOOK_SECRET: '' };

    const body = await eventBody('payment.captured', orderId, 'pay_EmptyKey');
    const webhook = await app.fetch(
      new Request('https://parti.test/api/webhooks/razorpay', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': anySignature, 'X-Razorpay-Event-Id': 'evt_empty_key' },
        body,
      }),
      unconfigured,
    );
    expect(webhook.status).toBe(400);

    const verified = await app.fetch(
      new Request('https://parti.test/api/payments/verify', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ razorpay_order_id: orderId, razorpay_payment_id: 'pay_EmptyKey', razorpay_signature: anySignature }),
      }),
      unconfigured,
    );
    expect(verified.status).toBe(400);
    expect(await profileOf(user.id)).toEqual({ credits: 12, plan: 'free' });
  });
});
