/**
 * Razorpay's Orders API over fetch: its Node SDK needs axios and Node's crypto, which Workers
 * do not have. Wire format: POST {base}/v1/orders with Basic auth key_id:key_secret.
 */
import { PROVIDER_TIMEOUTS_MS } from '../platform/limits';
import { CURRENCY } from '#shared/payments';
import type { PaymentsConfig } from './config';

export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  currency: string;
  receipt: string | null;
  status: string;
}

interface RazorpayErrorBody {
  error?: { code?: string; description?: string };
}

/** Razorpay answered with an error, or did not answer; `description` is Razorpay's own text. */
export class RazorpayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(`Razorpay ${status} ${code}: ${description}`);
    this.name = 'RazorpayError';
  }
}

function basicAuth(config: PaymentsConfig): string {
  return `Basic ${btoa(`${config.keyId}:${config.keySecret}`)}`;
}

export async function createRazorpayOrder(
  config: PaymentsConfig,
  order: { amount: number; receipt: string; notes: Record<string, string> },
): Promise<RazorpayOrder> {
  let response: Response;
  try {
    response = await fetch(`${config.apiBaseUrl}/v1/orders`, {
      method: 'POST',
      headers: { Authorization: basicAuth(config), 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ amount: order.amount, currency: CURRENCY, receipt: order.receipt, notes: order.notes }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUTS_MS.razorpayOrder),
    });
  } catch (error) {
    throw new RazorpayError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : String(error));
  }
  const body = (await response.json().catch(() => ({}))) as Partial<RazorpayOrder> & RazorpayErrorBody;
  if (!response.ok) {
    throw new RazorpayError(response.status, body.error?.code ?? 'UNKNOWN', body.error?.description ?? response.statusText);
  }
  if (typeof body.id !== 'string' || body.amount !== order.amount || body.currency !== CURRENCY) {
    throw new RazorpayError(response.status, 'UNEXPECTED_RESPONSE', 'The order Razorpay returned does not match the request.');
  }
  return body as RazorpayOrder;
}

/** A payment as Razorpay's API returns it, as far as Parti reads it. */
export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  /** created, authorized, captured, refunded or failed. */
  status: string;
  order_id: string | null;
}

/**
 * GET {base}/v1/orders/{id}/payments → `{ entity: 'collection', count, items: [payment…] }`: every
 * attempt to pay the order, so a checkout closed after its payment was captured can be told so
 * before the webhook arrives.
 */
export async function fetchOrderPayments(config: PaymentsConfig, orderId: string): Promise<RazorpayPayment[]> {
  let response: Response;
  try {
    response = await fetch(`${config.apiBaseUrl}/v1/orders/${encodeURIComponent(orderId)}/payments`, {
      headers: { Authorization: basicAuth(config), Accept: 'application/json' },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUTS_MS.razorpayOrderPayments),
    });
  } catch (error) {
    throw new RazorpayError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : String(error));
  }
  const body = (await response.json().catch(() => ({}))) as { items?: unknown } & RazorpayErrorBody;
  if (!response.ok) {
    throw new RazorpayError(response.status, body.error?.code ?? 'UNKNOWN', body.error?.description ?? response.statusText);
  }
  if (!Array.isArray(body.items)) throw new RazorpayError(response.status, 'UNEXPECTED_RESPONSE', 'The payments Razorpay returned are not a list.');
  return body.items.filter(
    (item): item is RazorpayPayment =>
      typeof item === 'object' && item !== null && typeof (item as RazorpayPayment).id === 'string' && typeof (item as RazorpayPayment).status === 'string',
  );
}
