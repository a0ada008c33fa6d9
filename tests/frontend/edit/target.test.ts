import { describe, expect, it } from 'vitest';
import type { EditInfo } from '#shared/region-edit';
import { beforeAfterHref, beforeAfterItems, editPair, rgbaMaskBounds, wipeStart, type MaybeEdit } from '../../../frontend/edit/before-after';
import { editTargetOf, pinnedEditTarget, shownCost } from '../../../frontend/edit/target';

const image = (width: number, height: number, renditions = [{ url: '/m/640.webp', width: 640, height: 360 }, { url: '/m/full.webp', width, height }]) => ({
  url: '/m/full.jpg', width, height, renditions,
});
const generation = { id: 'g1', prompt: 'A library by a river', model: 'Standard', images: [image(1376, 768), image(1024, 1024, [])] };

describe('edit targets', () => {
  it('open an image at its own pixel size over its largest rendition, priced at its tier', () => {
    expect(editTargetOf(generation)).toEqual({
      generationId: 'g1', imageIndex: 0, imageUrl: '/m/full.webp', width: 1376, height: 768, prompt: 'A library by a river', cost: 2,
    });
    expect(editTargetOf({ ...generation, model: 'ultra' }, 1)).toMatchObject({ imageIndex: 1, imageUrl: '/m/full.jpg', cost: 3 });
    expect(editTargetOf(generation, 2)).toBeNull();
    expect(editTargetOf({ ...generation, images: [image(0, 0)] })).toBeNull();
  });

  it('turn a pinned comment into the pin and the words, and a comment on the whole image into nothing', () => {
    const comment = { imageIndex: 0, body: '  Make this façade board-marked concrete ', x: 0.3, y: 0.6 };
    expect(pinnedEditTarget(generation, comment)).toMatchObject({ instruction: 'Make this façade board-marked concrete', pin: { x: 0.3, y: 0.6 } });
    expect(pinnedEditTarget(generation, { ...comment, x: null, y: null })).toBeNull();
    expect(pinnedEditTarget(generation, { ...comment, body: 'x'.repeat(600) })?.instruction).toHaveLength(500);
  });

  it('show no price on an unlimited plan', () => {
    expect(shownCost({ cost: 2 }, 'free')).toBe(2);
    expect(shownCost({ cost: 2 }, 'enterprise')).toBeNull();
  });
});

describe('before and after', () => {
  const edit: EditInfo = { sourceId: 'src', sourceIndex: 1, maskUrl: '/media/mask.png', featherPx: 8 };
  const edited = { id: 'e1', kind: 'edit' as const, edit };

  it('pairs an edit with the image it was made from, before first', () => {
    expect(beforeAfterItems(edited)).toEqual([{ generationId: 'src', imageIndex: 1 }, { generationId: 'e1', imageIndex: 0 }]);
    expect(beforeAfterHref(edited)).toBe('/compare?items=src.1%2Ce1.0');
    expect(beforeAfterHref({ id: 'g', kind: 'generate' })).toBeNull();
  });

  it('recognises such a pair in a compare, in either order, and nothing else', () => {
    const generations = new Map<string, MaybeEdit>([['e1', edited], ['src', { id: 'src' }]]);
    expect(editPair([{ generationId: 'src', imageIndex: 1 }, { generationId: 'e1', imageIndex: 0 }], generations)).toBe(edit);
    expect(editPair([{ generationId: 'e1', imageIndex: 0 }, { generationId: 'src', imageIndex: 1 }], generations)).toBe(edit);
    expect(editPair([{ generationId: 'src', imageIndex: 0 }, { generationId: 'e1', imageIndex: 0 }], generations)).toBeNull();
    expect(editPair([{ generationId: 'src', imageIndex: 1 }, { generationId: 'e1', imageIndex: 0 }, { generationId: 'x', imageIndex: 0 }], generations)).toBeNull();
  });

  it('starts the wipe across the middle of the mask’s box', () => {
    expect(wipeStart({ x: 600, y: 0, width: 200, height: 10 }, 1000)).toBe(0.7);
    expect(wipeStart(null, 1000)).toBe(0.5);
  });

  it('reads a decoded mask whichever way it marks "edit": white on clear, white on black, grey and alpha', () => {
    const rgba = (pixels: number[][]) => Uint8ClampedArray.from(pixels.flat());
    // 3 × 1: keep, edit, keep.
    expect(rgbaMaskBounds(rgba([[255, 255, 255, 0], [255, 255, 255, 255], [255, 255, 255, 0]]), 3, 1)).toEqual({ x: 1, y: 0, width: 1, height: 1 });
    expect(rgbaMaskBounds(rgba([[0, 0, 0, 255], [255, 255, 255, 255], [0, 0, 0, 255]]), 3, 1)).toEqual({ x: 1, y: 0, width: 1, height: 1 });
    expect(rgbaMaskBounds(rgba([[200, 200, 200, 200], [20, 20, 20, 20], [0, 0, 0, 0]]), 3, 1)).toEqual({ x: 0, y: 0, width: 1, height: 1 });
    expect(rgbaMaskBounds(rgba([[0, 0, 0, 0]]), 1, 1)).toBeNull();
  });
});
