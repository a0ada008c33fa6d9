import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { appQueryClient } from './client';

/**
 * Gives the screens that query their QueryClient. It comes with those screens' chunks, so a
 * screen that queries nothing (the landing, pricing) never loads TanStack Query. A client
 * provided above wins: the server's per-request one (frontend/app/server.tsx), or a test's.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  if (provided) return children;
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
