import type { InferResponseType } from 'hono/client';
import { api, ok } from './client';

/** GET /api/me/ledger's answer: a page of the caller's credit ledger, newest first. */
export type LedgerPage = InferResponseType<typeof api.me.ledger.$get, 200>;
export type LedgerItem = LedgerPage['items'][number];

export function fetchLedgerPage(cursor: string | null, signal?: AbortSignal): Promise<LedgerPage> {
  return ok(api.me.ledger.$get({ query: cursor ? { cursor } : {} }, { init: { signal } }));
}
