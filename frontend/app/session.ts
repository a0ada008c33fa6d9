import { useAuth } from '../auth/store';
import { queryClient } from '../queries/client';
import { useStudio } from '../studio/store';

/**
 * Nothing of one user outlives their session in this tab: when the signed-in user goes (sign-out,
 * a revoked session) or another signs in, the studio's draft and every cached list are dropped,
 * so the next person starts clean. Returns the unsubscribe function.
 */
export function forgetUserOnChange(): () => void {
  return useAuth.subscribe((state, previous) => {
    const left = previous.user;
    if (!left || state.user?.id === left.id) return;
    useStudio.getState().resetDraft();
    queryClient.clear();
  });
}
