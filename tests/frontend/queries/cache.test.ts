import { describe, expect, it } from 'vitest';
import {
  findGeneration,
  mapGeneration,
  removeGeneration,
  toggledLike,
  uniqueItems,
  withLike,
} from '../../../frontend/queries/cache';

const card = (id: string, liked = false, likeCount = 0) => ({ id, liked, likeCount, images: [{}] });
const paged = (...pages: Array<Array<ReturnType<typeof card>>>) => ({
  pages: pages.map((items, i) => ({ items, nextCursor: i < pages.length - 1 ? `c${i}` : null })),
  pageParams: pages.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
});

describe('the like updater over any cached list', () => {
  it('sets the like in the pages of an infinite query, leaving the other pages and cards untouched', () => {
    const data = paged([card('a'), card('b', false, 2)], [card('c')]);
    const next = withLike(data, 'b', { liked: true, likeCount: 3 });
    expect(next.pages[0]!.items[1]!).toMatchObject({ id: 'b', liked: true, likeCount: 3 });
    expect(next.pages[0]!.items[0]!).toBe(data.pages[0]!.items[0]!);
    expect(next.pages[1]).toBe(data.pages[1]);
    expect(next.pageParams).toBe(data.pageParams);
    expect(data.pages[0]!.items[1]!.liked).toBe(false); // pure: the input is not changed
  });

  it('sets the like in the studio’s flat batch list', () => {
    const batches = [card('a'), card('b', true, 5)];
    expect(withLike(batches, 'b', { liked: false, likeCount: 4 })[1]).toMatchObject({ liked: false, likeCount: 4 });
  });

  it('returns the same data when the generation is not there or nothing changes', () => {
    const data = paged([card('a')]);
    expect(withLike(data, 'zzz', { liked: true, likeCount: 1 })).toBe(data);
    expect(withLike(data, 'a', { liked: false, likeCount: 0 })).toBe(data);
    expect(withLike(undefined, 'a', { liked: true, likeCount: 1 })).toBeUndefined();
  });

  it('guesses optimistically from each list’s own state, never below zero, and not twice', () => {
    expect(toggledLike({ liked: false, likeCount: 2 }, true)).toEqual({ liked: true, likeCount: 3 });
    expect(toggledLike({ liked: true, likeCount: 0 }, false)).toEqual({ liked: false, likeCount: 0 });
    expect(toggledLike({ liked: true, likeCount: 4 }, true)).toEqual({ liked: true, likeCount: 4 });
    const data = paged([card('a', false, 7)]);
    const guessed = withLike(data, 'a', (current) => toggledLike(current, true));
    expect(guessed.pages[0]!.items[0]!).toMatchObject({ liked: true, likeCount: 8 });
  });
});

describe('finding, changing and removing a generation', () => {
  it('finds it in either shape', () => {
    expect(findGeneration(paged([card('a')], [card('b', true, 1)]), 'b')).toMatchObject({ liked: true });
    expect(findGeneration([card('x')], 'x')?.id).toBe('x');
    expect(findGeneration(undefined, 'x')).toBeUndefined();
  });

  it('removes it from every page', () => {
    const next = removeGeneration(paged([card('a'), card('b')], [card('b'), card('c')]), 'b');
    expect(next.pages.map((page) => page.items.map((item) => item.id))).toEqual([['a'], ['c']]);
    expect(removeGeneration([card('a'), card('b')], 'a').map((item) => item.id)).toEqual(['b']);
  });

  it('changes other fields through the same walk', () => {
    const next = mapGeneration([{ ...card('a'), visibility: 'private' }], 'a', (entry) => ({ ...entry, visibility: 'public' }));
    expect(next[0]!.visibility).toBe('public');
  });
});

describe('cards of every page', () => {
  it('drops repeats across pages and cards without images', () => {
    const items = uniqueItems([
      { items: [card('a'), { ...card('b'), images: [] }] },
      { items: [card('a'), card('c')] },
    ]);
    expect(items.map((item) => item.id)).toEqual(['a', 'c']);
    expect(uniqueItems(undefined)).toEqual([]);
  });
});
