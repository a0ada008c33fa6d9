/** Razorpay order creation is metered per user: 200 attempts in a burst, counted. */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call, json, signUp } from '../helpers';

describe('POST /api/payments/orders metering', () => {
  it('creates at most 10 orders a minute for one user out of 200, the rest 429 with Retry-After', async () => {
    const { token, user } = await signUp();
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        call('/api/payments/orders', { method: 'POST', token, headers: { 'CF-Connecting-IP': '192.0.2.44' }, body: { credits: 1, amount: 699 } }),
      ),
    );
    const created = responses.filter((r) => r.status === 200).length;
    expect(created).toBeGreaterThan(0);
    // Fixed windows: a burst straddling a window's end may get two windows' worth.
    expect(created).toBeLessThanOrEqual(2 * 10);
    const limited = responses.filter((r) => r.status === 429);
    expect(limited).toHaveLength(200 - created);
    expect(limited[0]?.headers.get('Retry-After')).toBe('60');
    expect((await json<{ error: { code: string } }>(limited[0] as Response)).error.code).toBe('rate_limited');
    const rows = await env.DB.prepare('select count(*) as n from payments where user_id = ?').bind(user.id).first<{ n: number }>();
    expect(rows?.n).toBe(created);
  });
});
