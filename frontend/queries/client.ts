/**
 * Server data (gallery pages, the dashboard's lists, the studio's history, the profile) lives in a
 * QueryClient's cache; Zustand keeps only session and UI state. Components reach the client through
 * `useQueryClient()` (QueryScope.tsx provides it), never through a module: on the server each
 * request has its own (frontend/app/server.tsx).
 */
import { QueryClient } from '@tanstack/react-query';
import { followSession } from '../app/session';
import { renderedState } from '../app/rendered-state';
import { seedRenderedData } from './rendered-data';

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

let browserClient: QueryClient | null = null;

/**
 * The browser's one QueryClient, made when the first screen or service that queries loads (a
 * signed-out landing never does): seeded with the data the document carried, holding the
 * session's profile, and emptied whenever the signed-in user changes.
 */
export function appQueryClient(): QueryClient {
  if (!browserClient) {
    browserClient = createQueryClient();
    seedRenderedData(browserClient, renderedState());
    followSession(browserClient);
  }
  return browserClient;
}
