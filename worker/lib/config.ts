/** Decisions the configuration makes: which engine runs and whether payments are live. */

export function imageEngineName(env: Pick<Env, 'GEMINI_API_KEY'>): 'gemini' | 'preview' {
  return env.GEMINI_API_KEY ? 'gemini' : 'preview';
}

/**
 * Test mode exists only while no Razorpay key id is configured
 * (docs/decisions/0010-payment-test-mode.md).
 */
export function paymentsMode(env: Pick<Env, 'RAZORPAY_KEY_ID'>): 'live' | 'test' {
  return env.RAZORPAY_KEY_ID ? 'live' : 'test';
}
