import { useAuth } from '../auth/store';

/**
 * Starts live updates (realtime/store.ts) once someone is signed in: a signed-out visitor never
 * downloads their code, which is a chunk of its own, off the entry. Returns the stop function.
 */
export function startRealtimeWhenSignedIn(): () => void {
  let stopRealtime: (() => void) | null = null;
  let stopped = false;
  const load = () => {
    void import('../realtime/store').then(({ startRealtime }) => {
      if (!stopped) stopRealtime = startRealtime();
    });
  };
  let unsubscribe: () => void = () => {};
  if (useAuth.getState().status === 'signedIn') load();
  else {
    unsubscribe = useAuth.subscribe((state) => {
      if (state.status !== 'signedIn') return;
      unsubscribe();
      load();
    });
  }
  return () => {
    stopped = true;
    unsubscribe();
    stopRealtime?.();
  };
}
