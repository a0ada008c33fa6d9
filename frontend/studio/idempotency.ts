/**
 * One Idempotency-Key per press of Generate (docs/decisions/0052-studio-on-generation-jobs.md):
 * every attempt of that submit sends the same key, so a retry after a lost answer, or a double
 * submit, names one job; the next press makes a new key.
 */
import { ApiError } from '../api/client';

/** Waits between the attempts of one submit: 2 retries after the first, 1 s then 2 s. */
const SUBMIT_RETRY_DELAYS_MS = [1000, 2000] as const;

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** Worth another attempt with the same key: the answer was lost (network) or the Worker stumbled (5xx). */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends one submit: `send(key)` and, while it fails retryably, again with the same key. */
export async function sendOnce<T>(
  send: (key: string) => Promise<T>,
  key: string,
  delays: readonly number[] = SUBMIT_RETRY_DELAYS_MS,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send(key);
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || !isRetryable(error)) throw error;
      await wait(delay);
    }
  }
}
