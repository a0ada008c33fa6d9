import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentGrantResponse, PaymentOrderResponse } from '#shared/payments';
import { call, json, signUp } from '../helpers';
import {
  callLive,
  checkoutSignature,
  createTestOrder,
  errorOf,
  fakeRazorpay,
  KEY_SECRET,
  LIVE_KEY_ID,
  ledgerOf,
  ledgerSum,
  orderRow,
  profileOf,
  setPlan,
  signedCheckout,
} from './helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

const order = (token: string | undefined, body: unknown) => call('/api/payments/orders', { method: 'POST', token, body });
const verify = (token: string, body: unknown) => call('/api/payments/verify', { method: 'POST', token, body });

describe('POST /api/payments/orders', () => {
  it('needs a signed-in user, with the specified message', async () => {
    const response = await order(undefined, { credits: 5, amount: 3495 });
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toMatchObject({ code: 'not_authenticated', message: 'Please log in to make a payment.' });
  });

  it('refuses credits that are not an integer from 1 to 100', async () => {
    const { token } = await signUp();
    for (const credits of [0, 101, -3, 1.5, '12', null, undefined]) {
      const response = await order(token, { credits, amount: 699 });
      expect(response.status, String(credits)).toBe(400);
      expect(await errorOf(response)).toMatchObject({
        code: 'invalid_request',
        field: 'credits',
        message: 'Invalid credits amount. Must be between 1 and 100',
      });
    }
  });

  it('refuses an amount other than credits × 699, naming both in Indian number formatting', async () => {
    const { token } = await signUp();
    const cases: [number, unknown, string][] = [
      [5, 3000, 'Invalid amount. Expected ₹3,495 for 5 credits, got ₹3,000'],
      [100, 1, 'Invalid amount. Expected ₹69,900 for 100 credits, got ₹1'],
      [12, 838_800, 'Invalid amount. Expected ₹8,388 for 12 credits, got ₹8,38,800'],
      [1, '699', 'Invalid amount. Expected ₹699 for 1 credits, got ₹699'],
    ];
    for (const [credits, amount, message] of cases) {
      const response = await order(token, { credits, amount });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: 'invalid_request', field: 'amount', message });
    }
  });

  it('in test mode makes a local order at the server\'s price and records it', async () => {
    const { token, user } = await signUp();
    const response = await order(token, { credits: 12, amount: 8388, price: 1 });
    expect(response.status).toBe(200);
    const body = await json<PaymentOrderResponse>(response);
    expect(body).toMatchObject({ amount: 838_800, currency: 'INR', keyId: '', mode: 'test', credits: 12 });
    expect(body.orderId).toMatch(/^order_test_/);
    expect(await orderRow(body.orderId)).toMatchObject({ user_id: user.id, credits: 12, amount: 838_800, mode: 'test', status: 'created', payment_id: null });
    expect(await profileOf(user.id)).toEqual({ credits: 12, plan: 'free' });
  });
});

describe('POST /api/payments/verify', () => {
  it('grants nothing for a forged, misplaced or malformed signature', async () => {
    const { token, user } = await signUp();
    const { orderId } = await createTestOrder(token, 5);
    const forgeries = [
      { razorpay_signature: await checkoutSignature(orderId, 'pay_A', 'not-the-key-secret') },
      { razorpay_signature: await checkoutSignature(orderId, 'pay_B') }, // signed for another payment
      { razorpay_signature: await checkoutSignature('order_other', 'pay_A') },
      { razorpay_signature: 'zz'.repeat(32) },
      { razorpay_signature: (await checkoutSignature(orderId, 'pay_A')).slice(0, 63) },
    ];
    for (const forged of forgeries) {
      const response = await verify(token, { razorpay_order_id: orderId, razorpay_payment_id: 'pay_A', ...forged });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: 'invalid_signature' });
    }
    expect(await profileOf(user.id)).toEqual({ credits: 12, plan: 'free' });
    expect((await orderRow(orderId))?.status).toBe('created');
    expect(await ledgerOf(user.id)).toHaveLength(1);
  });

  it('refuses another user\'s order even with a valid signature, and a missing field', async () => {
    const owner = await signUp();
    const other = await signUp();
    const { orderId } = await createTestOrder(owner.token, 5);
    const response = await verify(other.token, await signedCheckout(orderId, 'pay_stolen'));
    expect(response.status).toBe(404);
    expect(await profileOf(other.user.id)).toEqual({ credits: 12, plan: 'free' });
    expect(await profileOf(owner.user.id)).toEqual({ credits: 12, plan: 'free' });

    const missing = await verify(owner.token, { razorpay_order_id: orderId, razorpay_payment_id: 'pay_x' });
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).field).toBe('razorpay_signature');

    const signedOut = await call('/api/payments/verify', { method: 'POST', body: await signedCheckout(orderId, 'pay_x') });
    expect(signedOut.status).toBe(401);
  });

  it('grants a verified payment once: credits added, free becomes pro, one ledger row', async () => {
    const { token, user } = await signUp();
    const { orderId } = await createTestOrder(token, 5);
    const proof = await signedCheckout(orderId, 'pay_Once1');
    const first = await verify(token, proof);
    expect(first.status).toBe(200);
    expect(await json<PaymentGrantResponse>(first)).toMatchObject({ credits: 17, plan: 'pro', added: 5, orderId, paymentId: 'pay_Once1' });

    const again = await verify(token, proof);
    expect(await json<PaymentGrantResponse>(again)).toMatchObject({ credits: 17, plan: 'pro', added: 5 });
    expect(await profileOf(user.id)).toEqual({ credits: 17, plan: 'pro' });
    expect(await ledgerOf(user.id)).toEqual([
      { delta: 12, reason: 'signup', payment_id: null },
      { delta: 5, reason: 'purchase', payment_id: 'pay_Once1' },
    ]);
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', payment_id: 'pay_Once1' });

    // A second valid payment on the paid order adds nothing.
    const second = await verify(token, await signedCheckout(orderId, 'pay_Twice2'));
    expect(await json<PaymentGrantResponse>(second)).toMatchObject({ credits: 17, added: 0 });
    expect(await ledgerSum(user.id)).toBe(17);
  });

  it('grants once when the same payment is verified ten times in parallel', async () => {
    const { token, user } = await signUp();
    const { orderId } = await createTestOrder(token, 7);
    const proof = await signedCheckout(orderId, 'pay_Parallel');
    const responses = await Promise.all(Array.from({ length: 10 }, () => verify(token, proof)));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(await profileOf(user.id)).toEqual({ credits: 19, plan: 'pro' });
    expect((await ledgerOf(user.id)).filter((row) => row.reason === 'purchase')).toHaveLength(1);
    expect(await ledgerSum(user.id)).toBe(19);
  });

  it('grants once when different payments of one order race', async () => {
    const { token, user } = await signUp();
    const { orderId } = await createTestOrder(token, 3);
    const proofs = await Promise.all(['pay_R1', 'pay_R2', 'pay_R3', 'pay_R4'].map((id) => signedCheckout(orderId, id)));
    await Promise.all(proofs.map((proof) => verify(token, proof)));
    expect(await profileOf(user.id)).toEqual({ credits: 15, plan: 'pro' });
    expect(await ledgerSum(user.id)).toBe(15);
  });
});

describe('plan after a purchase', () => {
  it('free becomes pro, pro stays pro, enterprise stays enterprise', async () => {
    for (const [before, after] of [
      ['free', 'pro'],
      ['pro', 'pro'],
      ['enterprise', 'enterprise'],
    ] as const) {
      const { token, user } = await signUp();
      await setPlan(user.id, before);
      const { orderId } = await createTestOrder(token, 2);
      const response = await verify(token, await signedCheckout(orderId, `pay_plan_${before}`));
      expect(await json<PaymentGrantResponse>(response)).toMatchObject({ plan: after, credits: 14, added: 2 });
      expect(await profileOf(user.id)).toEqual({ credits: 14, plan: after });
    }
  });
});

describe('POST /api/payments/test/complete (test mode)', () => {
  it('completes the caller\'s order through the signature check and the webhook, once', async () => {
    const { token, user } = await signUp();
    const { orderId } = await createTestOrder(token, 5);
    const response = await call('/api/payments/test/complete', { method: 'POST', token, body: { orderId } });
    expect(response.status).toBe(200);
    const body = await json<PaymentGrantResponse & { status: string }>(response);
    expect(body).toMatchObject({ status: 'paid', credits: 17, plan: 'pro', added: 5, orderId });
    expect(body.paymentId).toMatch(/^pay_test_/);
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', payment_id: body.paymentId });
    expect(await ledgerSum(user.id)).toBe(17);

    const again = await call('/api/payments/test/complete', { method: 'POST', token, body: { orderId } });
    expect(await json<PaymentGrantResponse>(again)).toMatchObject({ credits: 17, added: 0 });
    expect(await profileOf(user.id)).toEqual({ credits: 17, plan: 'pro' });
  });

  it('records a failed test payment without credits, and lets a later payment succeed', async () => {
    const { token, user } = await signUp();
    const { orderId } = await createTestOrder(token, 4);
    const failed = await call('/api/payments/test/complete', { method: 'POST', token, body: { orderId, outcome: 'failed' } });
    expect(await json(failed)).toMatchObject({ status: 'failed', message: 'Payment processing failed' });
    expect(await orderRow(orderId)).toMatchObject({ status: 'failed', failure_reason: 'Payment processing failed' });
    expect(await profileOf(user.id)).toEqual({ credits: 12, plan: 'free' });

    const paid = await call('/api/payments/test/complete', { method: 'POST', token, body: { orderId } });
    expect(await json(paid)).toMatchObject({ status: 'paid', credits: 16, plan: 'pro' });
  });

  it('is for the order\'s owner only', async () => {
    const owner = await signUp();
    const other = await signUp();
    const { orderId } = await createTestOrder(owner.token, 5);
    const response = await call('/api/payments/test/complete', { method: 'POST', token: other.token, body: { orderId } });
    expect(response.status).toBe(404);
    expect(await profileOf(owner.user.id)).toEqual({ credits: 12, plan: 'free' });
    expect(await profileOf(other.user.id)).toEqual({ credits: 12, plan: 'free' });
  });
});

describe('live mode (Razorpay keys set)', () => {
  it('creates the order through the Orders API with Basic auth and the server\'s amount', async () => {
    const razorpay = fakeRazorpay();
    const { token, user } = await signUp();
    const response = await callLive('/api/payments/orders', { method: 'POST', token, body: { credits: 12, amount: 8388 } });
    expect(response.status).toBe(200);
    const body = await json<PaymentOrderResponse>(response);
    expect(body).toMatchObject({ amount: 838_800, currency: 'INR', keyId: LIVE_KEY_ID, mode: 'live' });
    expect(body.orderId).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(razorpay.calls).toHaveLength(1);
    expect(razorpay.calls[0]?.body).toMatchObject({ amount: 838_800, currency: 'INR', notes: { userId: user.id, credits: '12' } });
    expect(razorpay.calls[0]?.body.receipt.length).toBeLessThanOrEqual(40);
    expect(await orderRow(body.orderId)).toMatchObject({ user_id: user.id, amount: 838_800, mode: 'live', status: 'created' });

    // Checkout's handler hands back a signature made with the key secret; verify grants.
    const paymentId = 'pay_LiveReal01';
    const verified = await callLive('/api/payments/verify', {
      method: 'POST',
      token,
      body: { razorpay_order_id: body.orderId, razorpay_payment_id: paymentId, razorpay_signature: await checkoutSignature(body.orderId, paymentId, KEY_SECRET) },
    });
    expect(await json<PaymentGrantResponse>(verified)).toMatchObject({ credits: 24, plan: 'pro', added: 12 });
  });

  it('answers Razorpay\'s errors with the specified message and records nothing', async () => {
    const razorpay = fakeRazorpay();
    razorpay.failNext(400, 'Order amount less than minimum amount allowed');
    const { token, user } = await signUp();
    const response = await callLive('/api/payments/orders', { method: 'POST', token, body: { credits: 1, amount: 699 } });
    expect(response.status).toBe(502);
    expect(await errorOf(response)).toMatchObject({ code: 'upstream_failed', message: 'Failed to initiate payment. Please try again.' });
    const rows = await ledgerOf(user.id);
    expect(rows).toHaveLength(1);
    expect(razorpay.calls).toHaveLength(1);
  });

  it('does not pay a test-mode order, and has no test/complete route', async () => {
    fakeRazorpay();
    const { token, user } = await signUp();
    const testOrder = await createTestOrder(token, 5);
    const verified = await callLive('/api/payments/verify', { method: 'POST', token, body: await signedCheckout(testOrder.orderId, 'pay_Mixed') });
    expect(verified.status).toBe(404);

    const complete = await callLive('/api/payments/test/complete', { method: 'POST', token, body: { orderId: testOrder.orderId } });
    expect(complete.status).toBe(404);
    const anonymous = await callLive('/api/payments/test/complete', { method: 'POST', body: { orderId: testOrder.orderId } });
    expect(anonymous.status).toBe(404);
    expect(await profileOf(user.id)).toEqual({ credits: 12, plan: 'free' });
  });
});
