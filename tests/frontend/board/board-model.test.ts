import { describe, expect, it } from 'vitest';
import {
  boardFileName,
  boardImagesOf,
  defaultCaption,
  defaultTitleBlock,
  defaultView,
  moveEntry,
  toggleEntry,
  versionDepths,
  VIEW_MAX_CHARS,
  type BoardGeneration,
} from '../../../frontend/board/board-model';

const image = (name: string) => ({ url: `/media/${name}.jpg`, thumbnailUrl: `/media/${name}-t.webp`, placeholder: '', width: 1024, height: 768, renditions: [] });
const generation = (id: string, parentId: string | null, images = 1): BoardGeneration => ({
  id,
  parentId,
  prompt: `Prompt of ${id}`,
  model: 'Ultra',
  createdAt: '2026-11-20T09:30:00.000Z',
  images: Array.from({ length: images }, (_, index) => image(`${id}-${index}`)),
});

describe('board images', () => {
  it('offers every image of every generation, keyed like compare addresses', () => {
    const images = boardImagesOf([generation('a', null, 2), generation('b', 'a', 1)]);
    expect(images.map((entry) => entry.key)).toEqual(['a.0', 'a.1', 'b.0']);
    expect(images[1]?.image.url).toBe('/media/a-1.jpg');
  });

  it('leaves out images whose original may not be fetched (a review link without downloads)', () => {
    const review = { ...generation('r', null, 2), images: [{ ...image('r-0'), url: undefined }, image('r-1')] };
    expect(boardImagesOf([review]).map((entry) => entry.key)).toEqual(['r.1']);
  });

  it('numbers versions by depth in the tree; a parent outside the project makes a root', () => {
    const depths = versionDepths([generation('a', null), generation('b', 'a'), generation('c', 'b'), generation('d', 'elsewhere')]);
    expect(Object.fromEntries(depths)).toEqual({ a: 1, b: 2, c: 3, d: 1 });
  });

  it('survives a cycle in the parents', () => {
    expect(versionDepths([generation('a', 'b'), generation('b', 'a')]).get('a')).toBe(2);
  });
});

describe('default texts', () => {
  it('trims the prompt to a view line at a word, with an ellipsis', () => {
    expect(defaultView('  A  timber\npavilion ')).toBe('A timber pavilion');
    const long = 'A riverside library with a folded timber roof, board-formed concrete walls and a reading terrace over the water at dusk';
    const view = defaultView(long);
    expect(view.length).toBeLessThanOrEqual(VIEW_MAX_CHARS);
    expect(view.endsWith('…')).toBe(true);
    expect(long.startsWith(view.slice(0, -1))).toBe(true);
    expect(view).not.toMatch(/[ ,]…$/);
  });

  it('captions an image with its model and date', () => {
    const [first] = boardImagesOf([generation('a', null)]);
    expect(first && defaultCaption(first)).toBe('Ultra · 20 Nov 2026');
  });

  it('fills the title block from the first image, the brief and today', () => {
    const [, child] = boardImagesOf([generation('a', null), generation('b', 'a')]);
    const title = defaultTitleBlock('Riverside Library', { materials: ' oak, zinc ', timeOfDay: 'dusk', palette: 'warm' }, child, new Date('2026-11-23T12:00:00Z'));
    expect(title).toEqual({ projectName: 'Riverside Library', view: 'Prompt of b', version: 'v2', date: '23 Nov 2026', materials: 'oak, zinc', timeOfDay: 'dusk' });
    expect(defaultTitleBlock('P', {}, undefined, new Date()).view).toBe('');
  });
});

describe('order', () => {
  it('moves an entry one place, and leaves the ends alone', () => {
    expect(moveEntry(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveEntry(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('adds a chosen image at the end with its default caption, and takes it off when chosen again', () => {
    const [a, b] = boardImagesOf([generation('a', null, 2)]);
    if (!a || !b) throw new Error('two images expected');
    const two = toggleEntry(toggleEntry([], a), b);
    expect(two.map((entry) => [entry.image.key, entry.caption])).toEqual([['a.0', 'Ultra · 20 Nov 2026'], ['a.1', 'Ultra · 20 Nov 2026']]);
    expect(toggleEntry(two, a).map((entry) => entry.image.key)).toEqual(['a.1']);
  });
});

describe('boardFileName', () => {
  it('makes a safe file name from the project name', () => {
    expect(boardFileName('Café Nord / Phase 2')).toBe('cafe-nord-phase-2-board.pdf');
    expect(boardFileName('北京')).toBe('parti-board.pdf');
  });
});
