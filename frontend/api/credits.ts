import type { InferResponseType } from 'hono/client';
import { api, ok } from './client';

/** GET /api/me/ledger's answer: a page of the caller's credit ledger, newest first. */
export type LedgerPage = InferResponseType<typeof api.me.ledger.$get, 200>;
export type LedgerItem = LedgerPage['items'][number];

export function fetchLedgerPage(cursor: string | null, signal?: AbortSignal): Promise<LedgerPage> {
  return ok(api.me.ledger.$get({ query: cursor ? { cursor } : {} }, { init: { signal } }));
}

/** GET /api/payments/purchases's answer: the caller's paid orders, newest first, with refunds and receipt links. */
export type PurchasesPage = InferResponseType<typeof api.payments.purchases.$get, 200>;
export type Purchase = PurchasesPage['items'][number];
export type BillingDetails = InferResponseType<typeof api.payments.billing.$get, 200>;

export function fetchPurchasesPage(cursor: string | null, signal?: AbortSignal): Promise<PurchasesPage> {
  return ok(api.payments.purchases.$get({ query: cursor ? { cursor } : {} }, { init: { signal } }));
}

export function fetchBillingDetails(signal?: AbortSignal): Promise<BillingDetails> {
  return ok(api.payments.billing.$get(undefined, { init: { signal } }));
}

/** Saves what the next receipts print; the Worker answers with the details as it normalised them. */
export function saveBillingDetails(details: BillingDetails): Promise<BillingDetails> {
  return ok(api.payments.billing.$put({ json: details }));
}
