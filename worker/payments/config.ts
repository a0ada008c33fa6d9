/** Payment configuration, read from the environment once and injectable in tests. */
import type { PaymentsMode } from '#shared/payments';
import { paymentsMode } from '../platform/config';

export interface PaymentsConfig {
  /** See paymentsMode: live with a key id, test only when switched on locally, else unavailable. */
  mode: PaymentsMode;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Razorpay's API origin; tests point it at a fake that speaks the Orders API. */
  apiBaseUrl: string;
}

export const RAZORPAY_API_BASE_URL = 'https://api.razorpay.com';

export function paymentsConfigFromEnv(env: Env, requestUrl: string): PaymentsConfig {
  return {
    mode: paymentsMode(env, requestUrl),
    keyId: env.RAZORPAY_KEY_ID ?? '',
    keySecret: env.RAZORPAY_KEY_SECRET ?? '',
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? '',
    apiBaseUrl: (env.RAZORPAY_API_BASE_URL || RAZORPAY_API_BASE_URL).replace(/\/+$/, ''),
  };
}
