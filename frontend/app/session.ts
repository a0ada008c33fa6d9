import type { QueryClient } from '@tanstack/react-query';
import { connectProfileCache } from '../auth/profile-link';
import { useAuth } from '../auth/store';
import { profileCacheOf } from '../queries/profile';

/**
 * The query cache follows the session. It keeps the profile each session answer carries (and the
 * one the session's last answer left waiting, auth/profile-link.ts). Nothing of one user outlives
 * their session in this tab: when the signed-in user goes (sign-out, a revoked session) or another
 * signs in, every cached query is dropped, their profile too, so the next person starts clean.
 * The studio's draft is dropped by the studio's store itself (studio/store.ts), so the query client
 * never loads the studio. Returns the function that stops following.
 */
export function followSession(client: QueryClient): () => void {
  const unsubscribe = useAuth.subscribe((state, previous) => {
    const left = previous.userId;
    if (!left || state.userId === left) return;
    client.clear();
  });
  const disconnect = connectProfileCache(profileCacheOf(client));
  return () => {
    unsubscribe();
    disconnect();
  };
}
