/** The Idempotency-Key's lifetime: one per press of Generate, the same on every retry of it. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../frontend/api/client';
import { retryAfterSeconds } from '../../../frontend/api/jobs';
import { isRetryable, newIdempotencyKey, sendOnce } from '../../../frontend/studio/idempotency';

const noWait = () => Promise.resolve();

describe('one key per submit', () => {
  it('makes a new key per press', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('sends every attempt of one submit with the same key, waiting 1 s then 2 s', async () => {
    const keys: string[] = [];
    const waits: number[] = [];
    const result = await sendOnce(
      async (key) => {
        keys.push(key);
        if (keys.length < 3) throw new ApiError(0, 'network_error', 'offline');
        return 'job';
      },
      'k1',
      undefined,
      async (ms) => void waits.push(ms),
    );
    expect(result).toBe('job');
    expect(keys).toEqual(['k1', 'k1', 'k1']);
    expect(waits).toEqual([1000, 2000]);
  });

  it('gives up after three attempts, and never retries a refusal', async () => {
    let attempts = 0;
    const failing = (error: ApiError) => () => {
      attempts += 1;
      return Promise.reject(error);
    };
    await expect(sendOnce(failing(new ApiError(503, 'http_error', 'x')), 'k', undefined, noWait)).rejects.toThrow('x');
    expect(attempts).toBe(3);
    attempts = 0;
    await expect(sendOnce(failing(new ApiError(429, 'rate_limited', 'y')), 'k', undefined, noWait)).rejects.toThrow('y');
    expect(attempts).toBe(1);
    expect(isRetryable(new ApiError(400, 'invalid_request', 'z'))).toBe(false);
    expect(isRetryable(new Error('plain'))).toBe(false);
  });
});

describe('Retry-After', () => {
  it('reads seconds or a date, and falls back to a minute', () => {
    expect(retryAfterSeconds('30')).toBe(30);
    expect(retryAfterSeconds('0')).toBe(1);
    expect(retryAfterSeconds(new Date(10_000 + 12_000).toUTCString(), 10_000)).toBe(12);
    expect(retryAfterSeconds(null)).toBe(60);
    expect(retryAfterSeconds('soon')).toBe(60);
  });
});
