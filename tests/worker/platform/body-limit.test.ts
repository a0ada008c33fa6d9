/**
 * Bodies are capped on every route before anything reads them. Each test sends what an
 * attacker would: a body far over the route's cap, with an honest Content-Length or streamed
 * chunked without one, and checks the 413 and that nothing was written.
 */
import { env, exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { SMALL_BODY_MAX_BYTES, UPLOAD_BODY_MAX_BYTES } from '../../../worker/platform/limits';
import { testEventBody } from '../../../worker/payments/test-mode';
import { call, json, ORIGIN, signUp } from '../helpers';
import { createTestOrder, deliverWebhook, profileOf } from '../payments/helpers';
import { balance, pngBytes, userWith } from '../studio/helpers';

interface ErrorBody {
  error: { code: string; message: string; field?: string };
}

async function expect413(response: Response): Promise<ErrorBody> {
  expect(response.status).toBe(413);
  const body = await json<ErrorBody>(response);
  expect(body.error.code).toBe('payload_too_large');
  return body;
}

/** A body streamed in 1 MB chunks up to `total` bytes, with no Content-Length; counts what was pulled. */
function streamedBody(prefix: Uint8Array, total: number, suffix: Uint8Array = new Uint8Array(0)) {
  const chunk = new Uint8Array(1024 * 1024).fill(0x41);
  const state = { pulled: 0 };
  let sentPrefix = false;
  let sentSuffix = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sentPrefix) {
        sentPrefix = true;
        state.pulled += prefix.length;
        controller.enqueue(prefix);
        return;
      }
      if (state.pulled < total) {
        state.pulled += chunk.length;
        controller.enqueue(chunk);
        return;
      }
      if (!sentSuffix) {
        sentSuffix = true;
        state.pulled += suffix.length;
        controller.enqueue(suffix);
        return;
      }
      controller.close();
    },
  });
  return { stream, state };
}

async function referencesOf(userId: string): Promise<number> {
  return (await env.MEDIA.list({ prefix: `references/${userId}/` })).objects.length;
}

describe('body limits', () => {
  it('refuses a 1 MB sign-in body with 413 before parsing it', async () => {
    const { email } = await signUp();
    const body = JSON.stringify({ email, password: 'x'.repeat(1024 * 1024) });
    await expect413(await call('/api/auth/login', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } }));
  });

  it('refuses a streamed sign-in body without Content-Length after reading only the cap', async () => {
    const { stream, state } = streamedBody(new TextEncoder().encode('{"email":"a@b.c","password":"'), 150 * 1024 * 1024);
    const request = new Request(`${ORIGIN}/api/auth/login`, { method: 'POST', body: stream, headers: { 'Content-Type': 'application/json' } });
    expect(request.headers.get('Content-Length')).toBeNull();
    await expect413(await exports.default.fetch(request));
    expect(state.pulled).toBeLessThan(SMALL_BODY_MAX_BYTES + 3 * 1024 * 1024);
  });

  it('refuses an oversized, correctly signed webhook and records nothing', async () => {
    const { token, user } = await signUp();
    const { orderId } = await createTestOrder(token, 5);
    const before = await profileOf(user.id);
    const event = { ...testEventBody('payment.captured', { orderId, amount: 5 * 69_900, currency: 'INR' }, 'pay_Huge'), padding: 'x'.repeat(200 * 1024) };
    await expect413(await deliverWebhook(JSON.stringify(event), { eventId: 'evt_huge_body' }));
    const recorded = await env.DB.prepare('select count(*) as n from payment_events where event_id = ?').bind('evt_huge_body').first<{ n: number }>();
    expect(recorded?.n).toBe(0);
    expect(await profileOf(user.id)).toEqual(before);
  });

  it('refuses a generate body over its cap, charging nothing', async () => {
    const user = await userWith({ credits: 12 });
    const body = JSON.stringify({ prompt: 'a villa', model: 'concept', images: Array.from({ length: 6 }, () => 'A'.repeat(14 * 1024 * 1024)) });
    await expect413(await call('/api/generate', { method: 'POST', token: user.token, body, headers: { 'Content-Type': 'application/json' } }));
    expect(await balance(user.user.id)).toBe(12);
  });

  it('refuses an upload over 10 MB with Content-Length, storing nothing', async () => {
    const user = await userWith();
    const big = new Uint8Array(UPLOAD_BODY_MAX_BYTES + 1);
    big.set(pngBytes().subarray(0, 8));
    const form = new FormData();
    form.append('file', new File([big], 'big.png', { type: 'image/png' }));
    const body = await expect413(await call('/api/uploads', { method: 'POST', token: user.token, body: form }));
    expect(body.error.message).toBe('Images can be at most 10 MB.');
    expect(await referencesOf(user.user.id)).toBe(0);
  });

  it('stops reading a chunked 150 MB upload at the cap, storing nothing', async () => {
    const user = await userWith();
    const boundary = 'xxBOUNDARYxx';
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const prefix = new Uint8Array(head.length + 8);
    prefix.set(head);
    prefix.set(pngBytes().subarray(0, 8), head.length);
    const { stream, state } = streamedBody(prefix, 150 * 1024 * 1024, new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
    const request = new Request(`${ORIGIN}/api/uploads`, {
      method: 'POST',
      body: stream,
      headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(request.headers.get('Content-Length')).toBeNull();
    await expect413(await exports.default.fetch(request));
    expect(state.pulled).toBeLessThan(UPLOAD_BODY_MAX_BYTES + 3 * 1024 * 1024);
    expect(await referencesOf(user.user.id)).toBe(0);
  });

  it('still accepts ordinary bodies', async () => {
    const { email, password } = await signUp();
    expect((await call('/api/auth/login', { method: 'POST', body: { email, password } })).status).toBe(200);
  });
});
