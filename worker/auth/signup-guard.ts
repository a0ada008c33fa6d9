/**
 * What stands between a script and a farm of free accounts (docs/decisions/0001): a per-address
 * rate limit on sign-ups (the SIGNUP_LIMITER binding) and, when configured, Cloudflare Turnstile.
 */
import { TURNSTILE_TIMEOUT_MS } from '../platform/limits';
import { authMessages } from '#shared/messages';
import { AppError } from '../platform/errors';
import { addressKey } from './throttle';

export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** Loopback is never a visitor's address behind Cloudflare: only local runs (npm start, seeding) are exempt. */
export function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip === '::ffff:127.0.0.1';
}

/** Refuses the sign-up with 429 once this address has made SIGNUPS_PER_ADDRESS_PER_MINUTE (the binding's limit) this minute. */
export async function limitSignUps(limiter: RateLimit | undefined, ip: string | null): Promise<void> {
  if (!limiter || !ip || isLoopback(ip)) return;
  const { success } = await limiter.limit({ key: `signup:${addressKey(ip)}` });
  if (!success) {
    throw new AppError('rate_limited', authMessages.signUpRateLimited, { headers: { 'Retry-After': '60' } });
  }
}

interface SiteverifyAnswer {
  success?: boolean;
  'error-codes'?: string[];
}

/**
 * With a secret configured, the sign-up must carry a Turnstile token that siteverify accepts.
 * Without one Turnstile is off (the offline default). A siteverify that does not answer in time
 * refuses the sign-up: a check that fails open is no check.
 */
export async function verifyTurnstile(
  secret: string | undefined,
  token: string | undefined,
  ip: string | null,
): Promise<void> {
  if (!secret) return;
  if (!token) throw new AppError('captcha_failed', authMessages.captchaFailed, { field: 'turnstile_token' });
  const form = new FormData();
  form.set('secret', secret);
  form.set('response', token);
  if (ip) form.set('remoteip', ip);
  let answer: SiteverifyAnswer;
  try {
    const response = await fetch(TURNSTILE_VERIFY_URL, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(TURNSTILE_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    answer = await response.json();
  } catch (error) {
    console.error('Turnstile siteverify failed', error);
    throw new AppError('upstream_failed', authMessages.captchaUnavailable);
  }
  if (answer.success !== true) {
    console.warn('Turnstile refused a sign-up', answer['error-codes']);
    throw new AppError('captcha_failed', authMessages.captchaFailed, { field: 'turnstile_token' });
  }
}
