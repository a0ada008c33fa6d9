/**
 * What `react` is in the built app (docs/decisions/0057-preact-in-the-build.md): Preact's
 * React-compatible layer plus the one React hook it lacks. `vite dev` and the tests use React.
 */
import { useCallback, useLayoutEffect, useRef } from 'preact/compat';

// Its types are one `export =` namespace, which TypeScript will not re-export with `*`; the
// module itself is ESM with named exports, which is what the bundler reads.
// @ts-expect-error TS2498
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React's useEffectEvent: a stable function that always calls the latest `callback`, for effects
 * to call without listing it as a dependency. The latest callback is kept before any effect runs.
 */
export function useEffectEvent<Args extends unknown[], Result>(callback: (...args: Args) => Result): (...args: Args) => Result {
  const latestRef = useRef(callback);
  useLayoutEffect(() => {
    latestRef.current = callback;
  });
  return useCallback((...args: Args) => latestRef.current(...args), []);
}
