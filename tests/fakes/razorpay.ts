/**
 * A fake of Razorpay speaking its HTTP wire format, reached through the Worker's own fetch (the
 * base URL RAZORPAY_API_BASE_URL points here), and builders of the webhook events Razorpay sends.
 * - POST {base}/v1/orders with Basic auth key_id:key_secret → `{ id: 'order_…', entity: 'order',
 *   amount, amount_paid, amount_due, currency, receipt, status: 'created', attempts, notes,
 *   created_at }`; errors → `{ error: { code: 'BAD_REQUEST_ERROR', description, … } }`.
 * - GET {base}/v1/orders/{id}/payments → `{ entity: 'collection', count, items: [payment…] }`, the
 *   payments a test has made for that order (`pay`).
 * - refund events as Razorpay's documentation shows them: `{ entity: 'event', event:
 *   'refund.processed', contains: ['refund', 'payment'], payload: { refund: { entity }, payment: {
 *   entity } }, created_at }`.
 */
import { vi, type MockInstance } from 'vitest';

export const FAKE_RAZORPAY_BASE_URL = 'https://razorpay.fake.test';

export interface FakeOrderCall {
  authorization: string | null;
  body: { amount: number; currency: string; receipt: string; notes: Record<string, string> };
}

export type FakePaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface FakeRazorpay {
  calls: FakeOrderCall[];
  /** Orders whose payments were asked for. */
  paymentLookups: string[];
  spy: MockInstance<typeof fetch>;
  /** Make the next order creation fail the way Razorpay does. */
  failNext: (status: number, description: string) => void;
  /** A payment of `orderId` that Razorpay knows of, with the order's amount. */
  pay: (orderId: string, payment: { id: string; amount: number; status: FakePaymentStatus }) => void;
  /** Every later call answers 503, as Razorpay does when it is down. */
  goDown: () => void;
}

function razorpayError(status: number, description: string): Response {
  return Response.json(
    { error: { code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} } },
    { status },
  );
}

function paymentEntity(orderId: string, payment: { id: string; amount: number; status: FakePaymentStatus }) {
  return {
    id: payment.id,
    entity: 'payment',
    amount: payment.amount,
    currency: 'INR',
    status: payment.status,
    order_id: orderId,
    invoice_id: null,
    international: false,
    method: 'upi',
    amount_refunded: payment.status === 'refunded' ? payment.amount : 0,
    refund_status: payment.status === 'refunded' ? 'full' : null,
    captured: payment.status === 'captured' || payment.status === 'refunded',
    description: null,
    email: 'buyer@example.com',
    contact: '+919000090000',
    fee: 0,
    tax: 0,
    error_code: null,
    error_description: null,
    created_at: Math.floor(Date.now() / 1000),
  };
}

export function fakeRazorpay(credentials: { keyId: string; keySecret: string }): FakeRazorpay {
  const calls: FakeOrderCall[] = [];
  const paymentLookups: string[] = [];
  const payments = new Map<string, { id: string; amount: number; status: FakePaymentStatus }[]>();
  let failure: { status: number; description: string } | null = null;
  let down = false;
  const expectedAuthorization = `Basic ${btoa(`${credentials.keyId}:${credentials.keySecret}`)}`;
  const original = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(FAKE_RAZORPAY_BASE_URL)) return original(input, init);
    if (down) return razorpayError(503, 'Service unavailable');
    const authorization = request.headers.get('Authorization');
    if (authorization !== expectedAuthorization) return razorpayError(401, 'Authentication failed');
    const path = new URL(request.url).pathname;
    const lookup = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
    if (lookup && request.method === 'GET') {
      const orderId = decodeURIComponent(lookup[1] ?? '');
      paymentLookups.push(orderId);
      const items = (payments.get(orderId) ?? []).map((payment) => paymentEntity(orderId, payment));
      return Response.json({ entity: 'collection', count: items.length, items });
    }
    if (path !== '/v1/orders' || request.method !== 'POST') return razorpayError(400, 'The requested URL was not found on the server.');
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
    paymentLookups,
    spy,
    failNext: (status, description) => {
      failure = { status, description };
    },
    pay: (orderId, payment) => {
      payments.set(orderId, [...(payments.get(orderId) ?? []), payment]);
    },
    goDown: () => {
      down = true;
    },
  };
}

export interface RefundEventOptions {
  event?: 'refund.processed' | 'refund.created' | 'refund.failed';
  refundId: string;
  orderId: string;
  paymentId: string;
  /** The payment's whole amount, paise. */
  paymentAmount: number;
  /** This refund's amount, paise (the whole payment by default). */
  amount?: number;
  /** Everything refunded of the payment so far, this refund included. */
  amountRefunded?: number;
  status?: 'processed' | 'pending' | 'failed';
  /** False for Razorpay's automatic refund of a payment that was authorised but never captured. */
  captured?: boolean;
  /** Unix seconds. */
  createdAt?: number;
}

/** A refund webhook's body, as Razorpay sends it. */
export function refundEvent(options: RefundEventOptions): string {
  const amount = options.amount ?? options.paymentAmount;
  const refunded = options.amountRefunded ?? amount;
  const createdAt = options.createdAt ?? Math.floor(Date.now() / 1000);
  const captured = options.captured ?? true;
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_FakeAccount01',
    event: options.event ?? 'refund.processed',
    contains: ['refund', 'payment'],
    payload: {
      refund: {
        entity: {
          id: options.refundId,
          entity: 'refund',
          amount,
          currency: 'INR',
          payment_id: options.paymentId,
          notes: [],
          receipt: null,
          acquirer_data: { arn: null },
          created_at: createdAt,
          batch_id: null,
          status: options.status ?? 'processed',
          speed_processed: 'normal',
          speed_requested: 'normal',
        },
      },
      payment: {
        entity: {
          ...paymentEntity(options.orderId, { id: options.paymentId, amount: options.paymentAmount, status: refunded >= options.paymentAmount ? 'refunded' : 'captured' }),
          amount_refunded: refunded,
          refund_status: refunded >= options.paymentAmount ? 'full' : 'partial',
          captured,
        },
      },
    },
    created_at: createdAt,
  });
}
