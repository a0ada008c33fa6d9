import { createElement, use, type ComponentType, type ReactElement } from 'react';

/** A screen whose code is a chunk of its own, fetched when it is first shown. */
export interface LazyScreen<P extends object> {
  (props: P): ReactElement;
  /**
   * Fetches the screen's code. Once it has arrived the screen renders at once, without
   * suspending: the server renders it so, and main.tsx loads it before hydrating.
   */
  preload: () => Promise<unknown>;
}

/** How to clear each screen whose code failed to load, so its next visit fetches it again. */
const failedScreens = new Set<() => void>();

/**
 * Lets every screen whose code failed to load try again when next shown (the route's error
 * boundary calls it on "Try again" and on leaving the route). A failed load is kept until then:
 * a new fetch on every render would keep the screen suspended, never failing, never shown.
 */
export function retryFailedScreens(): void {
  for (const clear of failedScreens) clear();
  failedScreens.clear();
}

/**
 * Like React's `lazy`, with a preload: the Suspense boundary above shows its fallback only while
 * the code is still on its way (docs/decisions/0078-react-on-the-server.md).
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (a network hiccup, a deploy) is tried again on the next visit (retryFailedScreens).
        failedScreens.add(() => (loading = undefined));
        throw error;
      },
    );
    return loading;
  };
  function Screen(props: P): ReactElement {
    return createElement(loaded ?? use(preload()), props);
  }
  return Object.assign(Screen, { preload });
}
