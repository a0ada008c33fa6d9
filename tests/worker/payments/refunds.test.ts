/**
 * Refunds are visible (issue 22, item 13): Razorpay's refund webhook, in its own wire format
 * (tests/fakes/razorpay.ts), takes the refunded credits back in one batch with a ledger row, never
 * below zero, once however it is delivered, and the purchases list and the ledger show it.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { LedgerPage } from '#shared/credit-types';
import { refundEvent, type RefundEventOptions } from '../../fakes/razorpay';
import { call, json, signUp } from '../helpers';
import { createTestOrder, deliverWebhook, ledgerSum, orderRow, profileOf } from './helpers';
import { buyInTestMode, purchaseOf, receiptRow } from './receipt-helpers';

let eventCounter = 0;
async function refund(options: Omit<RefundEventOptions, 'paymentAmount'> & { paymentAmount?: number }, eventId = `evt_refund_${(eventCounter += 1)}`) {
  const paymentAmount = options.paymentAmount ?? (await orderRow(options.orderId))?.amount ?? 0;
  const response = await deliverWebhook(refundEvent({ ...options, paymentAmount }), { eventId });
  expect(response.status).toBe(200);
  return (await json<{ outcome: string }>(response)).outcome;
}

async function purchaseRefundRows(userId: string) {
  const rows = await env.DB.prepare("select delta, refund_id from credit_ledger where user_id = ? and reason = 'purchase_refund' order by id")
    .bind(userId)
    .all<{ delta: number; refund_id: string }>();
  return rows.results;
}

/** Spends credits as generations would: the balance and its ledger move together. */
async function spend(userId: string, credits: number): Promise<void> {
  await env.DB.batch([
    env.DB.prepare("insert into credit_ledger (user_id, delta, reason, note) values (?, ?, 'operator', 'spent in a test')").bind(userId, -credits),
    env.DB.prepare('update users set credits = credits - ? where id = ?').bind(credits, userId),
  ]);
}

describe('a refund from Razorpay', () => {
  it('takes the credits back with a purchase_refund ledger row, and the purchase shows as refunded', async () => {
    const { token, user } = await signUp();
    const { orderId, paymentId } = await buyInTestMode(token, 5);
    expect(await profileOf(user.id)).toEqual({ credits: 17, plan: 'pro' });

    expect(await refund({ refundId: 'rfnd_Full0001', orderId, paymentId })).toBe('refunded');
    expect(await profileOf(user.id)).toEqual({ credits: 12, plan: 'pro' });
    expect(await purchaseRefundRows(user.id)).toEqual([{ delta: -5, refund_id: 'rfnd_Full0001' }]);
    expect(await ledgerSum(user.id)).toBe(12);

    const purchase = await purchaseOf(token, orderId);
    expect(purchase).toMatchObject({ status: 'refunded', amount: 349_500, refundedAmount: 349_500 });
    expect(purchase.refunds).toEqual([
      { refundId: 'rfnd_Full0001', amount: 349_500, creditsTaken: 5, creditsAlreadySpent: 0, refundedAt: expect.any(String) as string },
    ]);
    // The receipt stays as it was issued: a refund does not rewrite it.
    expect(await receiptRow(orderId)).toMatchObject({ total: 349_500 });

    const ledger = await json<LedgerPage>(await call('/api/me/ledger', { token }));
    expect(ledger.items[0]).toMatchObject({ reason: 'purchase_refund', delta: -5, balanceAfter: 12, paymentId, refundedAmount: 349_500, creditsAlreadySpent: 0 });
  });

  it('changes nothing the second time, whether redelivered, sent again as another event, or delivered in parallel', async () => {
    const { token, user } = await signUp();
    const { orderId, paymentId } = await buyInTestMode(token, 4);
    const event = refundEvent({ refundId: 'rfnd_Twice001', orderId, paymentId, paymentAmount: 279_600 });
    const deliveries = await Promise.all([
      ...Array.from({ length: 5 }, () => deliverWebhook(event, { eventId: 'evt_same_refund' })),
      ...Array.from({ length: 5 }, (_, index) => deliverWebhook(event, { eventId: `evt_other_${index}` })),
      deliverWebhook(refundEvent({ event: 'refund.created', refundId: 'rfnd_Twice001', orderId, paymentId, paymentAmount: 279_600 }), { eventId: 'evt_created' }),
    ]);
    const outcomes = await Promise.all(deliveries.map(async (response) => (await json<{ outcome: string }>(response)).outcome));
    expect(outcomes.filter((outcome) => outcome === 'refunded')).toHaveLength(1);
    expect(await profileOf(user.id)).toEqual({ credits: 12, plan: 'pro' });
    expect(await purchaseRefundRows(user.id)).toEqual([{ delta: -4, refund_id: 'rfnd_Twice001' }]);
    expect(await ledgerSum(user.id)).toBe(12);
  });

  it('never takes the balance below zero: credits already spent stay spent, and the purchase says how many', async () => {
    const { token, user } = await signUp();
    const { orderId, paymentId } = await buyInTestMode(token, 5);
    await spend(user.id, 14);
    expect(await profileOf(user.id)).toMatchObject({ credits: 3 });

    expect(await refund({ refundId: 'rfnd_Spent001', orderId, paymentId })).toBe('refunded');
    expect(await profileOf(user.id)).toMatchObject({ credits: 0 });
    expect(await purchaseRefundRows(user.id)).toEqual([{ delta: -3, refund_id: 'rfnd_Spent001' }]);
    expect(await ledgerSum(user.id)).toBe(0);
    expect((await purchaseOf(token, orderId)).refunds[0]).toMatchObject({ creditsTaken: 3, creditsAlreadySpent: 2 });

    // Nothing left at all: the refund is still recorded and shown, and no ledger row moves nothing.
    const second = await buyInTestMode(token, 2);
    await spend(user.id, 2);
    expect(await refund({ refundId: 'rfnd_Spent002', orderId: second.orderId, paymentId: second.paymentId })).toBe('refunded');
    expect(await profileOf(user.id)).toMatchObject({ credits: 0 });
    expect(await purchaseRefundRows(user.id)).toHaveLength(1);
    expect(await purchaseOf(token, second.orderId)).toMatchObject({ status: 'refunded', refunds: [{ creditsTaken: 0, creditsAlreadySpent: 2 }] });
    const ledger = await json<LedgerPage>(await call('/api/me/ledger', { token }));
    expect(ledger.items.find((item) => item.reason === 'purchase_refund')).toMatchObject({ creditsAlreadySpent: 2, delta: -3 });
  });

  it('takes back credits in proportion across partial refunds, and the last one completes them', async () => {
    const { token, user } = await signUp();
    const { orderId, paymentId } = await buyInTestMode(token, 3);
    const base = { orderId, paymentId, paymentAmount: 209_700 };
    expect(await refund({ ...base, refundId: 'rfnd_Part0001', amount: 69_900, amountRefunded: 69_900 })).toBe('refunded');
    expect(await purchaseOf(token, orderId)).toMatchObject({ status: 'partially_refunded', refundedAmount: 69_900 });
    expect(await profileOf(user.id)).toMatchObject({ credits: 14 });
    // Half a credit's worth: nothing more is due until the refunds add up to another credit.
    expect(await refund({ ...base, refundId: 'rfnd_Part0002', amount: 34_950, amountRefunded: 104_850 })).toBe('refunded');
    expect(await profileOf(user.id)).toMatchObject({ credits: 14 });
    expect(await refund({ ...base, refundId: 'rfnd_Part0003', amount: 104_850, amountRefunded: 209_700 })).toBe('refunded');
    expect(await profileOf(user.id)).toMatchObject({ credits: 12 });
    expect((await purchaseRefundRows(user.id)).map((row) => row.delta)).toEqual([-1, -2]);
    const purchase = await purchaseOf(token, orderId);
    expect(purchase).toMatchObject({ status: 'refunded', refundedAmount: 209_700 });
    expect(purchase.refunds.map((item) => item.creditsTaken)).toEqual([1, 0, 2]);
  });

  it('grants a payment whose refund overtook its capture, then takes the credits back', async () => {
    const { token, user, email } = await signUp();
    const { orderId, amount } = await createTestOrder(token, 2);
    expect(await refund({ refundId: 'rfnd_Early001', orderId, paymentId: 'pay_Overtaken1', paymentAmount: amount })).toBe('refunded');
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', payment_id: 'pay_Overtaken1' });
    expect(await profileOf(user.id)).toEqual({ credits: 12, plan: 'pro' });
    expect(await ledgerSum(user.id)).toBe(12);
    expect(await receiptRow(orderId)).toMatchObject({ customer_email: email, total: amount });
    expect(await purchaseOf(token, orderId)).toMatchObject({ status: 'refunded' });
  });

  it('ignores refunds that move no credits: automatic refunds of uncaptured payments, unprocessed ones, others\' and mismatched ones', async () => {
    const { token, user } = await signUp();
    const open = await createTestOrder(token, 2);
    const paid = await buyInTestMode(token, 1);
    const ignored: [string, RefundEventOptions][] = [
      ['auto-refund', { refundId: 'rfnd_Auto0001', orderId: open.orderId, paymentId: 'pay_Uncaptured', paymentAmount: open.amount, captured: false }],
      ['pending', { refundId: 'rfnd_Pend0001', orderId: paid.orderId, paymentId: paid.paymentId, paymentAmount: 69_900, status: 'pending', event: 'refund.created' }],
      ['failed', { refundId: 'rfnd_Fail0001', orderId: paid.orderId, paymentId: paid.paymentId, paymentAmount: 69_900, status: 'failed', event: 'refund.failed' }],
      ['unknown order', { refundId: 'rfnd_Unkn0001', orderId: 'order_NotOurs01', paymentId: 'pay_Stranger01', paymentAmount: 69_900 }],
      ['another payment of a paid order', { refundId: 'rfnd_Othr0001', orderId: paid.orderId, paymentId: 'pay_NeverGranted', paymentAmount: 69_900 }],
      ['wrong amount', { refundId: 'rfnd_Amnt0001', orderId: paid.orderId, paymentId: paid.paymentId, paymentAmount: 100 }],
    ];
    for (const [label, options] of ignored) expect(await refund(options), label).toBe('ignored');
    expect(await profileOf(user.id)).toEqual({ credits: 13, plan: 'pro' });
    expect(await orderRow(open.orderId)).toMatchObject({ status: 'created' });
    expect(await purchaseRefundRows(user.id)).toEqual([]);
    expect(await env.DB.prepare('select count(*) as n from payment_refunds where user_id = ?').bind(user.id).first('n')).toBe(0);
  });
});
