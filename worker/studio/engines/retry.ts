import { RETRY_DELAYS_MS } from '../../platform/limits';
import { sleep } from '../../platform/sleep';

/** What the SDK throws for an HTTP error: it carries the status. */
interface StatusError {
  status: number;
}

function hasStatus(error: unknown): error is StatusError {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number';
}

/** A provider call that did not answer within its time. */
export class ProviderTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = 'ProviderTimeoutError';
  }
}

/**
 * Only a dropped or hung connection, a 429 or a 5xx is worth another try (docs/decisions): a
 * refusal or a bad request would fail the same way again and only cost time.
 */
export function isRetryable(error: unknown): boolean {
  if (hasStatus(error)) return error.status === 429 || error.status >= 500;
  if (error instanceof ProviderTimeoutError) return true;
  // fetch rejects with a TypeError when the connection fails; workerd with a plain Error.
  return error instanceof TypeError || (error instanceof Error && /network connection lost/i.test(error.message));
}

/**
 * Runs one attempt with a deadline: past `timeoutMs` its signal aborts (cancelling the request)
 * and the attempt rejects with ProviderTimeoutError, whatever the attempt itself does.
 */
export async function withTimeout<T>(timeoutMs: number, attempt: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ProviderTimeoutError(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    return await Promise.race([attempt(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
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
      const delay = delays[tries];
      if (delay === undefined || !isRetryable(error)) throw error;
      await wait(delay);
    }
  }
}
