/**
 * An edit beside the image it was made from (docs/decisions/0085-mask-editor.md): the compare
 * address that pairs them (before on the left, after on the right: the wipe shows the second
 * image right of its divider), whether two compared images are such a pair, and where the wipe
 * starts: across the middle of the mask's bounding box, so the first look shows the change.
 */
import type { VersionedItem } from '#shared/generations-types';
import type { EditInfo } from '#shared/region-edit';
import { compareHref, type CompareItem } from '../compare/compare-url';
import { boundingBox, type Rect } from './mask';

/** What the pairing needs of a generation (VersionedItem, GenerationItem). */
export type MaybeEdit = Pick<VersionedItem, 'id' | 'kind' | 'edit'>;

/** The edit's facts when the generation is a region edit. */
export function editInfoOf(generation: MaybeEdit): EditInfo | null {
  return generation.kind === 'edit' && generation.edit ? generation.edit : null;
}

export function beforeAfterItems(generation: MaybeEdit): CompareItem[] | null {
  const edit = editInfoOf(generation);
  if (!edit) return null;
  return [
    { generationId: edit.sourceId, imageIndex: edit.sourceIndex },
    { generationId: generation.id, imageIndex: 0 },
  ];
}

export function beforeAfterHref(generation: MaybeEdit): string | null {
  const items = beforeAfterItems(generation);
  return items ? compareHref(items) : null;
}

/** The edit among two compared images when the other is the very image it was made from. */
export function editPair(items: readonly CompareItem[], generations: ReadonlyMap<string, MaybeEdit>): EditInfo | null {
  if (items.length !== 2) return null;
  for (const [source, result] of [[items[0], items[1]], [items[1], items[0]]] as const) {
    const edit = result && result.imageIndex === 0 ? editInfoOf(generations.get(result.generationId) ?? { id: '' }) : null;
    if (edit && source && edit.sourceId === source.generationId && edit.sourceIndex === source.imageIndex) return edit;
  }
  return null;
}

/** Where the wipe starts over the image, 0–1 across: the box's centre, or the middle without one. */
export function wipeStart(box: Rect | null, width: number): number {
  if (!box || width <= 0) return 0.5;
  return Math.min(1, Math.max(0, (box.x + box.width / 2) / width));
}

/**
 * The bounding box of a decoded mask image (RGBA, as a canvas reads it): a pixel means "edit"
 * when both its alpha and its luminance are above the threshold, which reads a white-on-clear,
 * a white-on-black and a grey-and-alpha mask alike.
 */
export function rgbaMaskBounds(rgba: Uint8ClampedArray, width: number, height: number): Rect | null {
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i += 1) {
    const r = rgba[i * 4] ?? 0;
    const g = rgba[i * 4 + 1] ?? 0;
    const b = rgba[i * 4 + 2] ?? 0;
    const luminance = Math.round((r * 299 + g * 587 + b * 114) / 1000);
    data[i] = Math.min(luminance, rgba[i * 4 + 3] ?? 0);
  }
  return boundingBox({ width, height, data });
}
