/**
 * Pure updaters over cached list data. Every list that holds generations has one of two shapes:
 * the pages of an infinite query (gallery, dashboard) or the studio's flat array of batches.
 * These functions find a generation by id in either shape and return new data (the same object
 * when nothing changed), so one updater serves every cached list.
 */
import type { InfiniteData } from '@tanstack/react-query';

export interface LikeState {
  liked: boolean;
  likeCount: number;
}

export interface GenerationEntry extends LikeState {
  id: string;
}

interface ItemsPage<T> {
  items: T[];
}

/** The data of any cached list that may hold a generation. */

function isPaged(data: unknown): data is InfiniteData<ItemsPage<GenerationEntry>, unknown> {
  return typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages);
}

function mapItems<T extends GenerationEntry>(items: T[], id: string, change: (entry: T) => T | null): T[] {
  if (!items.some((entry) => entry.id === id)) return items;
  let changed = false;
  const next = items.flatMap((entry) => {
    if (entry.id !== id) return [entry];
    const updated = change(entry);
    if (updated !== entry) changed = true;
    return updated ? [updated] : [];
  });
  return changed ? next : items;
}

/** Applies `change` to the generation `id` wherever `data` holds it; a null answer drops it. */
export function mapGeneration<D>(data: D, id: string, change: (entry: GenerationEntry) => GenerationEntry | null): D {
  if (Array.isArray(data)) {
    const items = mapItems(data as GenerationEntry[], id, change);
    return (items === data ? data : items) as D;
  }
  if (!isPaged(data)) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const items = mapItems(page.items, id, change);
    if (items === page.items) return page;
    changed = true;
    return { ...page, items };
  });
  return changed ? { ...data, pages } : data;
}

/** The generation `id` as `data` holds it, if it does. */
export function findGeneration(data: unknown, id: string): GenerationEntry | undefined {
  if (Array.isArray(data)) return (data as GenerationEntry[]).find((entry) => entry.id === id);
  if (!isPaged(data)) return undefined;
  for (const page of data.pages) {
    const entry = page.items.find((item) => item.id === id);
    if (entry) return entry;
  }
  return undefined;
}

/** Removes the generation `id` from `data`. */
export function removeGeneration<D>(data: D, id: string): D {
  return mapGeneration(data, id, () => null);
}

/** The optimistic guess for a like: the wanted flag, the count moved by one (never below zero). */
export function toggledLike(current: LikeState, wanted: boolean): LikeState {
  if (current.liked === wanted) return current;
  return { liked: wanted, likeCount: Math.max(0, current.likeCount + (wanted ? 1 : -1)) };
}

/**
 * THE like updater: sets the generation's like state in any cached list. `next` is the new
 * state, or a function of the entry's current one (the optimistic guess).
 */
export function withLike<D>(data: D, id: string, next: LikeState | ((current: LikeState) => LikeState)): D {
  return mapGeneration(data, id, (entry) => {
    const state = typeof next === 'function' ? next(entry) : next;
    if (state.liked === entry.liked && state.likeCount === entry.likeCount) return entry;
    return { ...entry, liked: state.liked, likeCount: state.likeCount };
  });
}

/** Items of every page in order, without repeats and without cards that have no image. */
export function uniqueItems<T extends { id: string; images: unknown[] }>(pages: Array<ItemsPage<T>> | undefined): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page.items) {
      if (item.images.length === 0 || seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
