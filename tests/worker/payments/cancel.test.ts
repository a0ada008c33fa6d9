/**
 * A cancel that arrives too late says so (issue 22, item 13): checkout closed after the payment
 * was captured, while the bank was still confirming it, or after the order expired. An order
 * closed in time stays open, so a payment still on its way grants when it lands.
 */
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutCancelResponse } from '#shared/payments';
import { housekeeping } from '../../../worker/housekeeping';
import { createDatabase } from '../../../worker/db/client';
import { testEventBody } from '../../../worker/payments/test-mode';
import { hmacSha256Hex } from '../../../worker/platform/crypto';
import { call, json, signUp } from '../helpers';
import { callLive, createTestOrder, deliverWebhook, errorOf, fakeRazorpay, ledgerSum, orderRow, profileOf, WEBHOOK_SECRET } from './helpers';
import { buyInTestMode, receiptEmailsTo, receiptRow } from './receipt-helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

async function cancel(token: string, orderId: string, live = false): Promise<CheckoutCancelResponse> {
  const send = live ? callLive : call;
  const response = await send(`/api/payments/orders/${orderId}/cancel`, { method: 'POST', token });
  expect(response.status).toBe(200);
  return json(response);
}

async function liveOrder(token: string, credits: number): Promise<string> {
  const response = await callLive('/api/payments/orders', { method: 'POST', token, body: { credits, amount: credits * 699 } });
  return (await json<{ orderId: string }>(response)).orderId;
}

describe('POST /api/payments/orders/:orderId/cancel', () => {
  it('leaves an open order open, so a payment that still lands afterwards grants', async () => {
    const { token, user } = await signUp();
    const { orderId, amount } = await createTestOrder(token, 3);
    expect(await cancel(token, orderId)).toEqual({ outcome: 'cancelled', orderId });
    expect(await orderRow(orderId)).toMatchObject({ status: 'created' });
    const late = JSON.stringify(testEventBody('payment.captured', { orderId, amount, currency: 'INR' }, 'pay_AfterClose1'));
    expect((await deliverWebhook(late, { eventId: 'evt_after_close' })).status).toBe(200);
    expect(await profileOf(user.id)).toEqual({ credits: 15, plan: 'pro' });
  });

  it('says the payment had gone through when checkout closed after it was granted', async () => {
    const { token, user } = await signUp();
    const { orderId, paymentId } = await buyInTestMode(token, 4);
    expect(await cancel(token, orderId)).toEqual({ outcome: 'paid', orderId, paymentId, credits: 16, plan: 'pro', added: 4, granted: false });
    expect(await profileOf(user.id)).toEqual({ credits: 16, plan: 'pro' });
    expect(await ledgerSum(user.id)).toBe(16);
  });

  it('says the order had expired when the housekeeping closed it first', async () => {
    const { token } = await signUp();
    const { orderId } = await createTestOrder(token, 2);
    await env.DB.prepare('update payments set created_at = created_at - ? where order_id = ?').bind(2 * 24 * 60 * 60 * 1000, orderId).run();
    await housekeeping(createDatabase(env.DB));
    expect(await cancel(token, orderId)).toEqual({ outcome: 'expired', orderId });
  });

  it('is a 404 for an order that is not the caller\'s, and needs a signed-in user', async () => {
    const owner = await signUp();
    const { orderId } = await createTestOrder(owner.token, 1);
    const stranger = await signUp();
    const response = await call(`/api/payments/orders/${orderId}/cancel`, { method: 'POST', token: stranger.token });
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: 'not_found', message: 'Payment order not found.' });
    expect((await call(`/api/payments/orders/${orderId}/cancel`, { method: 'POST' })).status).toBe(401);
    expect(await orderRow(orderId)).toMatchObject({ status: 'created' });
  });

  describe('in live mode, where Razorpay is asked before answering', () => {
    it('grants at once a payment Razorpay captured before checkout closed, once, with its receipt, though the webhook follows', async () => {
      const razorpay = fakeRazorpay();
      const { token, user, email } = await signUp();
      const orderId = await liveOrder(token, 5);
      razorpay.pay(orderId, { id: 'pay_FailedFirst', amount: 349_500, status: 'failed' });
      razorpay.pay(orderId, { id: 'pay_CapturedUPI', amount: 349_500, status: 'captured' });

      expect(await cancel(token, orderId, true)).toMatchObject({ outcome: 'paid', paymentId: 'pay_CapturedUPI', added: 5, granted: true, credits: 17 });
      expect(razorpay.paymentLookups).toEqual([orderId]);
      expect(await receiptRow(orderId)).toMatchObject({ payment_id: 'pay_CapturedUPI' });
      expect(await receiptEmailsTo(email)).toHaveLength(1);

      const hook = JSON.stringify(testEventBody('payment.captured', { orderId, amount: 349_500, currency: 'INR' }, 'pay_CapturedUPI'));
      const delivered = await callLive('/api/webhooks/razorpay', {
        method: 'POST',
        body: hook,
        headers: { 'X-Razorpay-Signature': await hmacSha256Hex(WEBHOOK_SECRET, hook), 'X-Razorpay-Event-Id': 'evt_live_after_cancel' },
      });
      expect(await json(delivered)).toMatchObject({ outcome: 'already_handled' });
      expect(await profileOf(user.id)).toEqual({ credits: 17, plan: 'pro' });
      expect(await ledgerSum(user.id)).toBe(17);
    });

    it('says the bank is still confirming while Razorpay holds the payment authorised, and grants nothing yet', async () => {
      const razorpay = fakeRazorpay();
      const { token, user } = await signUp();
      const orderId = await liveOrder(token, 2);
      razorpay.pay(orderId, { id: 'pay_Authorised1', amount: 139_800, status: 'authorized' });
      expect(await cancel(token, orderId, true)).toEqual({ outcome: 'processing', orderId });
      expect(await profileOf(user.id)).toEqual({ credits: 12, plan: 'free' });
    });

    it('grants nothing for a captured payment of another amount, and falls back on its own records when Razorpay is down', async () => {
      const razorpay = fakeRazorpay();
      const { token, user } = await signUp();
      const orderId = await liveOrder(token, 2);
      razorpay.pay(orderId, { id: 'pay_ShortAmount', amount: 100, status: 'captured' });
      expect(await cancel(token, orderId, true)).toEqual({ outcome: 'cancelled', orderId });
      razorpay.goDown();
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(await cancel(token, orderId, true)).toEqual({ outcome: 'cancelled', orderId });
      expect(await profileOf(user.id)).toEqual({ credits: 12, plan: 'free' });
    });
  });
});
