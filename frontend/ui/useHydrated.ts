import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False on the server and while the browser hydrates its HTML, true from then on (and in any
 * render the browser does alone): what only the browser knows is shown once this is true, so
 * hydration renders exactly what the server did.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noChanges, () => true, () => false);
}
