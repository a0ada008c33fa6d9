import { describe, expect, it, vi } from 'vitest';
import { reloadingForStaleChunk, reloadOnStaleChunks, shouldReloadForChunk, STALE_RELOAD_WINDOW_MS } from '../../../frontend/app/stale-chunks';

describe('a chunk that fails to load after a deploy', () => {
  it('is worth a reload unless the page reloaded for one within the window', () => {
    expect(shouldReloadForChunk(null, 1_000_000)).toBe(true);
    expect(shouldReloadForChunk(1_000_000, 1_000_000 + STALE_RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(shouldReloadForChunk(1_000_000, 1_000_000 + STALE_RELOAD_WINDOW_MS)).toBe(true);
    // A clock set back is no reason to loop.
    expect(shouldReloadForChunk(1_000_000, 999_000)).toBe(true);
  });

  it('reloads the page once, saying so to the error boundary; a second failure soon after is left alone', () => {
    expect(reloadingForStaleChunk()).toBe(false);
    const listeners: ((event: Event) => void)[] = [];
    const stored = new Map<string, string>();
    const reload = vi.fn();
    let now = 5_000_000;
    reloadOnStaleChunks(
      {
        addEventListener: (_type, listener) => listeners.push(listener),
        location: { reload },
        sessionStorage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => stored.set(key, value) },
      },
      () => now,
    );
    const first = new Event('vite:preloadError', { cancelable: true });
    listeners.forEach((listener) => listener(first));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadingForStaleChunk()).toBe(true);

    now += 2_000;
    const second = new Event('vite:preloadError', { cancelable: true });
    listeners.forEach((listener) => listener(second));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
