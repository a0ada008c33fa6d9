import { describe, expect, it } from 'vitest';
import type { CardImage } from '#shared/gallery-types';
import { canCompare, compareHref, parseCompareItems } from '../../../frontend/compare/compare-url';
import { compareLabel, resolveItems, type CompareGeneration, type GenerationLoad } from '../../../frontend/compare/items';
import { isPicked, togglePick } from '../../../frontend/compare/picks';

function image(name: string): CardImage {
  return { url: `/o/${name}`, thumbnailUrl: `/t/${name}`, placeholder: '', width: 1024, height: 768, renditions: [{ url: `/r/${name}`, width: 1024, height: 768 }] };
}

function generation(id: string, createdAt: string, images = 1, model = 'Standard'): CompareGeneration {
  return { id, prompt: `prompt ${id}`, model, createdAt, images: Array.from({ length: images }, (_, index) => image(`${id}-${index}`)) };
}

const loaded = (value: CompareGeneration): GenerationLoad => ({ state: 'loaded', generation: value });

describe('compareLabel', () => {
  it('names the letter, the model and the time; the image number when the generation has several', () => {
    expect(compareLabel('B', generation('g', '2026-11-22T14:05:00Z'), 0, false, 'UTC')).toBe('B · Standard · 14:05');
    expect(compareLabel('A', generation('g', '2026-11-21T09:30:00Z', 4, 'Concept'), 1, true, 'UTC')).toBe('A · Concept · Nov 21 09:30 · image 2');
  });
});

describe('resolveItems', () => {
  it('keeps the address order, letters A–D, and adds the day only when the images span days', () => {
    const items = parseCompareItems('?items=b.0,a.1');
    const sameDay = new Map([
      ['a', loaded(generation('a', '2026-11-22T09:00:00Z', 2))],
      ['b', loaded(generation('b', '2026-11-22T10:00:00Z'))],
    ]);
    const { images, missing } = resolveItems(items, sameDay, 'UTC');
    expect(missing).toBe(0);
    expect(images.map((entry) => entry.label)).toEqual(['A · Standard · 10:00', 'B · Standard · 09:00 · image 2']);
    expect(images[1]).toMatchObject({ key: 'a.1', url: '/o/a-1', alt: 'prompt a', width: 1024, height: 768 });
    const twoDays = new Map(sameDay).set('b', loaded(generation('b', '2026-11-23T10:00:00Z')));
    expect(resolveItems(items, twoDays, 'UTC').images[0]?.label).toBe('A · Standard · Nov 23 10:00');
  });

  it('counts a gone generation and an image number it does not have as missing', () => {
    const items = parseCompareItems('?items=a.0,b.0,a.3,c.0');
    const loads = new Map<string, GenerationLoad>([
      ['a', loaded(generation('a', '2026-11-22T09:00:00Z'))],
      ['b', { state: 'gone' }],
      ['c', { state: 'pending' }],
    ]);
    const { images, missing } = resolveItems(items, loads, 'UTC');
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
