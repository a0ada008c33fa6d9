import { describe, expect, it } from 'vitest';
import type { CardImage } from '#shared/gallery-types';
import { canCompare, compareHref, parseCompareItems } from '../../../frontend/compare/compare-url';
import { compareLabel, resolveItems, type CompareGeneration, type GenerationLoad } from '../../../frontend/compare/items';
import { isPicked, togglePick } from '../../../frontend/compare/picks';

function image(name: string): CardImage {
  return { url: `/o/${name}`, thumbnailUrl: `/t/${name}`, placeholder: '', width: 1024, height: 768, renditions: [{ url: `/r/${name}`, width: 1024, height: 768 }] };
}

function generation(id: string, createdAt: string, images = 1, model = 'Standard'): CompareGeneration {
  return { id, prompt: `prompt ${id}`, model, createdAt, images: Array.from({ length: images }, (_, index) => image(`${id}-${index}`)), version: null };
}

const loaded = (value: CompareGeneration): GenerationLoad => ({ state: 'loaded', generation: value });

describe('compareLabel', () => {
  it('names the image by its version and the user’s words, never a model or a clock time', () => {
    const named = { ...generation('g', '2026-11-22T14:05:00Z', 4, 'Concept'), version: { tree: 1, number: 3 }, prompt: 'A timber library at dusk with a deep veranda facing the river and the old mill' };
    expect(compareLabel(named, 1)).toBe('B3-2 · A timber library at dusk with a deep veranda…');
    expect(compareLabel({ ...named, images: named.images.slice(0, 1) }, 0)).toBe('B3 · A timber library at dusk with a deep veranda…');
    // Outside a project: the words, and the view when there are several.
    expect(compareLabel(generation('g', '2026-11-22T14:05:00Z'), 0)).toBe('prompt g');
    expect(compareLabel(generation('g', '2026-11-22T14:05:00Z', 2), 1)).toBe('prompt g · view 2');
  });
});

describe('resolveItems', () => {
  it('keeps the address order and labels each image by its name', () => {
    const items = parseCompareItems('?items=b.0,a.1');
    const loads = new Map([
      ['a', loaded({ ...generation('a', '2026-11-22T09:00:00Z', 2), version: { tree: 0, number: 2 } })],
      ['b', loaded({ ...generation('b', '2026-11-22T10:00:00Z'), version: { tree: 1, number: 1 } })],
    ]);
    const { images, missing } = resolveItems(items, loads);
    expect(missing).toBe(0);
    expect(images.map((entry) => entry.label)).toEqual(['B1 · prompt b', 'A2-2 · prompt a']);
    expect(images[1]).toMatchObject({ key: 'a.1', url: '/o/a-1', alt: 'prompt a', width: 1024, height: 768 });
  });

  it('tells apart images outside a project whose words start alike by their place', () => {
    const alike = (id: string) => ({ ...generation(id, '2026-11-22T09:00:00Z'), prompt: 'A brick house with a flat roof in a walled garden, version ' + id });
    const loads = new Map([['a', loaded(alike('a'))], ['b', loaded(alike('b'))]]);
    expect(resolveItems(parseCompareItems('?items=a.0,b.0'), loads).images.map((entry) => entry.label)).toEqual([
      'A brick house with a flat roof in a walled… (1)',
      'A brick house with a flat roof in a walled… (2)',
    ]);
  });

  it('counts a gone generation and an image number it does not have as missing', () => {
    const items = parseCompareItems('?items=a.0,b.0,a.3,c.0');
    const loads = new Map<string, GenerationLoad>([
      ['a', loaded(generation('a', '2026-11-22T09:00:00Z'))],
      ['b', { state: 'gone' }],
      ['c', { state: 'pending' }],
    ]);
    const { images, missing } = resolveItems(items, loads);
    expect(images.map((entry) => entry.key)).toEqual(['a.0']);
    expect(missing).toBe(2);
  });
});

describe('the address and the pick list', () => {
  it('round-trips through compareHref and parseCompareItems', () => {
    const items = [{ generationId: 'g1', imageIndex: 0 }, { generationId: 'g2', imageIndex: 3 }];
    const href = compareHref(items);
    expect(parseCompareItems(href.slice(href.indexOf('?')))).toEqual(items);
    expect(canCompare(1)).toBe(false);
    expect(canCompare(2)).toBe(true);
    expect(canCompare(4)).toBe(true);
    expect(canCompare(5)).toBe(false);
  });

  it('picks in order, unpicks, and refuses a fifth', () => {
    const pick = (id: string, index = 0) => ({ generationId: id, imageIndex: index });
    let picks = togglePick([], pick('a'));
    picks = togglePick(picks, pick('a', 1));
    expect(picks).toEqual([pick('a'), pick('a', 1)]);
    expect(isPicked(picks, pick('a', 1))).toBe(true);
    picks = togglePick(picks, pick('a'));
    expect(picks).toEqual([pick('a', 1)]);
    const full = ['b', 'c', 'd'].reduce((list, id) => togglePick(list, pick(id)), picks);
    expect(full).toHaveLength(4);
    expect(togglePick(full, pick('e'))).toEqual(full);
  });
});
