import type { QueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/store';

/**
 * Nothing of one user outlives their session in this tab: when the signed-in user goes (sign-out,
 * a revoked session) or another signs in, every cached list is dropped, so the next person starts
 * clean. The studio's draft is dropped by the studio's store itself (studio/store.ts), so the
 * query client never loads the studio. Returns the unsubscribe function.
 */
export function forgetUserOnChange(client: QueryClient): () => void {
  return useAuth.subscribe((state, previous) => {
    const left = previous.user;
    if (!left || state.user?.id === left.id) return;
    client.clear();
  });
}
