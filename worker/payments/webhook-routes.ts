import { Hono } from 'hono';
import type { AppEnv } from '../platform/context';
import { paymentDeps } from './deps';
import { handleWebhook } from './webhook';

/**
 * Razorpay's webhook. It retries any non-2xx for 24 h and gives up on a call after 5 s, so the
 * handler does only D1 work (the receipt email goes out after the answer) and answers 200 for
 * everything it handled, already handled or does not know; 400 only for a bad signature (or a
 * signed body that is not JSON).
 */
export const webhookRoutes = new Hono<AppEnv>().post('/razorpay', async (c) => {
  const rawBody = new Uint8Array(await c.req.arrayBuffer());
  const outcome = await handleWebhook(paymentDeps(c), {
    rawBody,
    signature: c.req.header('X-Razorpay-Signature') ?? '',
    eventId: c.req.header('X-Razorpay-Event-Id'),
  });
  return c.json({ ok: true, outcome }, 200);
});
