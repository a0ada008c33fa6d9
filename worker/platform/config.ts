import type { PaymentsMode } from '#shared/payments';

/** Decisions the configuration makes: which engine runs and whether payments are live. */

export function imageEngineName(env: Pick<Env, 'GEMINI_API_KEY'>): 'gemini' | 'preview' {
  return env.GEMINI_API_KEY ? 'gemini' : 'preview';
}

/**
 * Names that can never be a deployment's host: loopback, and the `.localhost` and `.test`
 * top-level names that DNS reserves for local use and testing (RFC 6761).
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '127.0.0.1' || host === '::1' || host.endsWith('.localhost') || host.endsWith('.test');
}

/**
 * Live with a Razorpay key id. Without one, test mode needs two things a deployment cannot have
 * by accident: `PAYMENTS_TEST_MODE=on` (set in .dev.vars, which `wrangler deploy` never uploads)
 * and a request to a local host. Anything else has no payments at all, rather than payments that
 * anybody could complete for free (docs/decisions/0010-payment-test-mode.md).
 */
export function paymentsMode(env: Pick<Env, 'RAZORPAY_KEY_ID' | 'PAYMENTS_TEST_MODE'>, requestUrl: string): PaymentsMode {
  if (env.RAZORPAY_KEY_ID) return 'live';
  return env.PAYMENTS_TEST_MODE === 'on' && isLocalHost(new URL(requestUrl).hostname) ? 'test' : 'unavailable';
}
