/**
 * The Credits page's server data as queries (docs/decisions/0061-credits-page.md, 0092): the
 * ledger, the purchases with their refunds and receipts, and the billing details receipts print.
 */
import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import {
  fetchBillingDetails,
  fetchLedgerPage,
  fetchPurchasesPage,
  type LedgerItem,
  type LedgerPage,
  type Purchase,
  type PurchasesPage,
} from '../api/credits';

export const ledgerKeys = {
  /** Every space's ledger. */
  all: ['ledger'] as const,
  /** A space's (workspaces/current-space.ts spaceOwner): the user's own, or a workspace's. */
  of: (owner: string) => ['ledger', owner] as const,
};

/**
 * One space's ledger, a page at a time. Read again on every visit (a balance may have moved while
 * the page was closed) and whenever the live connection says the balance changed.
 */
export function ledgerQuery(owner: string) {
  return infiniteQueryOptions({
    queryKey: ledgerKeys.of(owner),
    queryFn: ({ pageParam, signal }) => fetchLedgerPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: LedgerPage) => last.nextCursor,
    staleTime: 0,
  });
}

/** Every loaded row, newest first. */
export function ledgerRows(data: InfiniteData<LedgerPage, unknown> | undefined): LedgerItem[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

const purchaseKeys = {
  /** Every space's purchases. */
  all: ['purchases'] as const,
  /** A space's (workspaces/current-space.ts spaceOwner): the user's own, or a workspace's its owner bought. */
  of: (owner: string) => ['purchases', owner] as const,
};

export const billingKeys = {
  of: (userId: string) => ['billing', userId] as const,
};

/**
 * One space's purchases, a page at a time; read again on every visit, as the ledger is, and when
 * the balance moves (a purchase or a refund). Receipt links are signed for two hours, so a page
 * left open is read again at least hourly.
 */
export function purchasesQuery(owner: string) {
  return infiniteQueryOptions({
    queryKey: purchaseKeys.of(owner),
    queryFn: ({ pageParam, signal }) => fetchPurchasesPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: PurchasesPage) => last.nextCursor,
    staleTime: 0,
    refetchInterval: 60 * 60 * 1000,
  });
}

/** Every loaded purchase, newest first. */
export function purchaseRows(data: InfiniteData<PurchasesPage, unknown> | undefined): Purchase[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

export function billingQuery(userId: string) {
  return queryOptions({ queryKey: billingKeys.of(userId), queryFn: ({ signal }) => fetchBillingDetails(signal) });
}

/** The balance moved: the ledger has a new row, and a purchase may have been made or refunded. */
export async function invalidateLedger(client: QueryClient): Promise<void> {
  await Promise.all([client.invalidateQueries({ queryKey: ledgerKeys.all }), client.invalidateQueries({ queryKey: purchaseKeys.all })]);
}
