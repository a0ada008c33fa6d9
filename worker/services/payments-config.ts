/** Payment configuration, read from the environment once and injectable in tests. */
import type { PaymentsMode } from '../domain/payments';
import { paymentsMode } from '../lib/config';

export interface PaymentsConfig {
  /** 'test' exactly while no Razorpay key id is set (decisions.md 11). */
  mode: PaymentsMode;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Razorpay's API origin; tests point it at a fake that speaks the Orders API. */
  apiBaseUrl: string;
}

export const RAZORPAY_API_BASE_URL = 'https://api.razorpay.com';

export function paymentsConfigFromEnv(env: Env): PaymentsConfig {
  return {
    mode: paymentsMode(env),
    keyId: env.RAZORPAY_KEY_ID ?? '',
    keySecret: env.RAZORPAY_KEY_SECRET ?? '',
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? '',
    apiBaseUrl: (env.RAZORPAY_API_BASE_URL || RAZORPAY_API_BASE_URL).replace(/\/+$/, ''),
  };
}
