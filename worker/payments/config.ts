/** Payment configuration, read from the environment once and injectable in tests. */
import { gstinStateCode, isValidGstin, normaliseGstin } from '#shared/gst';
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

const RAZORPAY_API_BASE_URL = 'https://api.razorpay.com';

export function paymentsConfigFromEnv(env: Env, requestUrl: string): PaymentsConfig {
  return {
    mode: paymentsMode(env, requestUrl),
    keyId: env.RAZORPAY_KEY_ID ?? '',
    keySecret: env.RAZORPAY_KEY_SECRET ?? '',
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? '',
    apiBaseUrl: (env.RAZORPAY_API_BASE_URL || RAZORPAY_API_BASE_URL).replace(/\/+$/, ''),
  };
}

/** Who sells the credits, as receipts name them (docs/decisions/0092-receipts-and-refunds.md). */
export interface Supplier {
  name: string;
  /** Lines of the postal address. */
  address: string | null;
  gstin: string | null;
  stateCode: string | null;
  /** Registered for GST with name and address given: receipts are tax invoices and charge GST. */
  registered: boolean;
}

/**
 * INVOICE_SUPPLIER_NAME, _ADDRESS and _GSTIN. A GSTIN that fails its check is treated as absent
 * (and logged): a receipt must never carry a number the tax portal would reject.
 */
export function supplierFromEnv(env: Pick<Env, 'APP_NAME' | 'INVOICE_SUPPLIER_NAME' | 'INVOICE_SUPPLIER_ADDRESS' | 'INVOICE_SUPPLIER_GSTIN'>): Supplier {
  const configuredName = (env.INVOICE_SUPPLIER_NAME ?? '').trim();
  const address = (env.INVOICE_SUPPLIER_ADDRESS ?? '').replaceAll('\\n', '\n').trim() || null;
  const typed = normaliseGstin(env.INVOICE_SUPPLIER_GSTIN ?? '');
  const gstin = typed && isValidGstin(typed) ? typed : null;
  if (typed && !gstin) console.error('INVOICE_SUPPLIER_GSTIN is not a valid GSTIN: receipts say they are not tax invoices.');
  return {
    name: configuredName || env.APP_NAME,
    address,
    gstin,
    stateCode: gstin ? gstinStateCode(gstin) : null,
    registered: gstin !== null && configuredName !== '' && address !== null,
  };
}
