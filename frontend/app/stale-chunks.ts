/**
 * After a deploy, a tab opened on the previous build asks for chunks that no longer exist. Vite
 * announces such a failed dynamic import as `vite:preloadError`; the page reloads once to get the
 * new build instead of leaving a blank screen. The import still fails (its error reaches the
 * route's error boundary, which shows the empty placeholder while the reload is under way). A second failure soon after is not a stale build
 * (the network, a broken deploy): it is left to the route's error boundary to show.
 */
const RELOADED_AT_KEY = 'parti:stale-chunk-reload';
/** Within this long of the last reload, a failure is not taken for a stale build again. */
export const STALE_RELOAD_WINDOW_MS = 60_000;

/** Whether a failed chunk is worth a reload: not if the page reloaded for one moments ago. */
export function shouldReloadForChunk(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !(now - lastReloadAt >= 0 && now - lastReloadAt < STALE_RELOAD_WINDOW_MS);
}

interface ReloadTarget {
  addEventListener(type: 'vite:preloadError', listener: (event: Event) => void): void;
  location: { reload(): void };
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
}

let reloading = false;

/** True once the page is reloading for a stale chunk: the screen that failed shows nothing meanwhile. */
export function reloadingForStaleChunk(): boolean {
  return reloading;
}

export function reloadOnStaleChunks(target: ReloadTarget, now: () => number = Date.now): void {
  target.addEventListener('vite:preloadError', () => {
    const stored = Number(target.sessionStorage.getItem(RELOADED_AT_KEY));
    if (!shouldReloadForChunk(Number.isFinite(stored) && stored > 0 ? stored : null, now())) return;
    target.sessionStorage.setItem(RELOADED_AT_KEY, String(now()));
    reloading = true;
    target.location.reload();
  });
}
