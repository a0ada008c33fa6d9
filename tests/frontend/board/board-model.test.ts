import { describe, expect, it } from 'vitest';
import type { VersionRef } from '#shared/version-names';
import {
  boardData,
  boardFileName,
  boardFromData,
  boardImagesOf,
  defaultCaption,
  defaultSettings,
  defaultView,
  moveEntry,
  sheetNumberFor,
  titleBlockOf,
  toggleEntry,
  VIEW_MAX_CHARS,
  type BoardGeneration,
} from '../../../frontend/board/board-model';

const image = (name: string) => ({ url: `/media/${name}.jpg`, thumbnailUrl: `/media/${name}-t.webp`, placeholder: '', width: 1024, height: 768, renditions: [] });
const generation = (id: string, version: VersionRef | null, images = 1): BoardGeneration => ({
  id,
  prompt: `Prompt of ${id}`,
  createdAt: '2026-11-20T09:30:00.000Z',
  images: Array.from({ length: images }, (_, index) => image(`${id}-${index}`)),
  version,
});

describe('board images', () => {
  it('offers every image of every generation, keyed like compare addresses', () => {
    const images = boardImagesOf([generation('a', { tree: 0, number: 1 }, 2), generation('b', { tree: 0, number: 2 }, 1), generation('c', null)]);
    expect(images.map((entry) => [entry.key, entry.name])).toEqual([['a.0', 'A1-1'], ['a.1', 'A1-2'], ['b.0', 'A2'], ['c.0', null]]);
    expect(images[1]?.image.url).toBe('/media/a-1.jpg');
  });

  it('leaves out images whose original may not be fetched (a review link without downloads)', () => {
    const review = { ...generation('r', null, 2), images: [{ ...image('r-0'), url: undefined }, image('r-1')] };
    expect(boardImagesOf([review]).map((entry) => entry.key)).toEqual(['r.1']);
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

  it('captions an image with its version name and the user’s words, never the model', () => {
    const [named, loose] = boardImagesOf([generation('a', { tree: 1, number: 3 }), generation('b', null)]);
    expect(named && defaultCaption(named)).toBe('B3 · Prompt of a');
    expect(loose && defaultCaption(loose)).toBe('Prompt of b');
    const long = { ...generation('c', { tree: 0, number: 1 }), prompt: 'A riverside library with a folded timber roof, board-formed concrete walls and a reading terrace' };
    expect(defaultCaption(boardImagesOf([long])[0]!)).toBe('A1 · A riverside library with a folded timber roof…');
  });

  it('fills the title block from the settings, the project, the first image and today', () => {
    const [, child] = boardImagesOf([generation('a', null), generation('b', null)]);
    const settings = { ...defaultSettings({ name: ' Studio North ', logoKey: 'references/u/logo.png' }), sheetNumber: 'A-101', revision: 'P2' };
    const project = { name: 'Riverside Library', brief: { materials: ' oak, zinc ', timeOfDay: 'dusk', palette: 'warm' } };
    expect(titleBlockOf(settings, project, child, new Date('2026-11-23T12:00:00Z'), '/media/logo')).toEqual({
      practiceName: 'Studio North', logoUrl: '/media/logo', projectName: 'Riverside Library', view: 'Prompt of b', date: '23 Nov 2026',
      sheetNumber: 'A-101', revision: 'P2', materials: 'oak, zinc', timeOfDay: 'dusk',
    });
    // Typed words win over the defaults.
    const typed = titleBlockOf({ ...settings, view: 'Option B', date: 'Issue 3 Dec' }, project, child, new Date(), null);
    expect([typed.view, typed.date]).toEqual(['Option B', 'Issue 3 Dec']);
    expect(titleBlockOf(defaultSettings(), { name: 'P', brief: {} }, undefined, new Date(), null).view).toBe('');
  });

  it('counts sheet numbers on from the first sheet', () => {
    expect([0, 1, 2].map((page) => sheetNumberFor('A-101', page))).toEqual(['A-101', 'A-102', 'A-103']);
    expect(sheetNumberFor('01', 9)).toBe('10');
    expect(sheetNumberFor('09', 1)).toBe('10');
    expect([0, 1].map((page) => sheetNumberFor('Option', page))).toEqual(['Option', 'Option.2']);
    expect(sheetNumberFor('', 2)).toBe('3');
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
    const [a, b] = boardImagesOf([generation('a', { tree: 0, number: 2 }, 2)]);
    if (!a || !b) throw new Error('two images expected');
    const two = toggleEntry(toggleEntry([], a), b);
    expect(two.map((entry) => [entry.image.key, entry.caption])).toEqual([['a.0', 'A2-1 · Prompt of a'], ['a.1', 'A2-2 · Prompt of a']]);
    expect(toggleEntry(two, a).map((entry) => entry.image.key)).toEqual(['a.1']);
  });
});

describe('the saved document', () => {
  it('round-trips the settings, order and captions; an image no longer in the project drops out', () => {
    const images = boardImagesOf([generation('a', { tree: 0, number: 1 }), generation('b', { tree: 1, number: 1 })]);
    const entries = [...images].reverse().map((image) => ({ image, caption: `Caption of ${image.key}` }));
    const settings = { ...defaultSettings(), paper: 'A4' as const, perPage: 2 as const, fit: 'contain' as const, view: 'Option B', practiceName: 'Studio North' };
    const data = boardData(settings, entries);
    expect(data.entries).toEqual([{ key: 'b.0', caption: 'Caption of b.0' }, { key: 'a.0', caption: 'Caption of a.0' }]);
    expect(boardFromData(data, images)).toEqual({ settings, entries });
    expect(boardFromData(data, images.slice(0, 1)).entries.map((entry) => entry.image.key)).toEqual(['a.0']);
  });
});

describe('boardFileName', () => {
  it('makes a safe file name from the project name', () => {
    expect(boardFileName('Café Nord / Phase 2')).toBe('cafe-nord-phase-2-board.pdf');
    expect(boardFileName('北京')).toBe('parti-board.pdf');
  });
});
