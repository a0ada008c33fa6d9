/** The Credits page's ledger as a query (docs/decisions/0061-credits-page.md). */
import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { fetchLedgerPage, type LedgerItem, type LedgerPage } from '../api/credits';

export const ledgerKeys = {
  /** Every user's ledger. */
  all: ['ledger'] as const,
  of: (userId: string) => ['ledger', userId] as const,
};

/**
 * One user's ledger, a page at a time. Read again on every visit (a balance may have moved while
 * the page was closed) and whenever the live connection says the balance changed.
 */
export function ledgerQuery(userId: string) {
  return infiniteQueryOptions({
    queryKey: ledgerKeys.of(userId),
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

/** The balance moved: the ledger has a new row. */
export function invalidateLedger(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: ledgerKeys.all });
}
