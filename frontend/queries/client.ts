/**
 * The app's one QueryClient: server data (gallery pages, the dashboard's lists, the studio's
 * history) lives in its cache; Zustand keeps only session and UI state.
 */
import { QueryClient } from '@tanstack/react-query';

/** Lists stay until something says they changed (a write, a live update): the gallery cache of docs/decisions/0033. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: 30 * 60_000,
        // The stores this replaces never retried and never re-read on focus: errors show at once.
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
