import { RETRY_DELAYS_MS } from '../domain/limits';

/** What the SDK throws for an HTTP error: it carries the status. */
interface StatusError {
  status: number;
}

function hasStatus(error: unknown): error is StatusError {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
}

/**
 * decisions.md 25: only a network error, a 429 or a 5xx is worth another try. A refusal or a
 * bad request would fail the same way again and only cost time.
 */
export function isRetryable(error: unknown): boolean {
  if (hasStatus(error)) return error.status === 429 || error.status >= 500;
  // fetch rejects with a TypeError when the connection fails.
  return error instanceof TypeError;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs `attempt`, retrying retryable failures after each delay in turn (1 s, then 2 s). */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  delays: readonly number[] = RETRY_DELAYS_MS,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<T> {
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= delays.length || !isRetryable(error)) throw error;
      await wait(delays[tries]);
    }
  }
}
