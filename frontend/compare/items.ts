/**
 * From the compare address's items and the loaded generations to what CompareView shows: a
 * letter each (A–D, in the address's order), the model and the time (and the day when the images
 * span several), the image's number when its generation has more than one; and which items are
 * gone (deleted, someone else's, or an image number the generation does not have).
 */
import type { CardImage } from '#shared/gallery-types';
import type { CompareItem } from './compare-url';
import type { CompareImage } from './ImageLayer';

/** What the compare page needs of a generation (GET /api/generations/:id answers more). */
export interface CompareGeneration {
  id: string;
  prompt: string;
  model: string;
  createdAt: string;
  images: CardImage[];
}

/** A generation's load: loaded, gone (404), or still on its way / failed otherwise. */
export type GenerationLoad = { state: 'loaded'; generation: CompareGeneration } | { state: 'gone' } | { state: 'pending' };

export interface ResolvedItems {
  images: CompareImage[];
  /** Items whose generation or image no longer exists for the caller. */
  missing: number;
}

const LETTERS = 'ABCD';

function dayKey(iso: string, timeZone: string | undefined): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(time);
}

function when(iso: string, withDay: boolean, timeZone: string | undefined): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const clock = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(time);
  if (!withDay) return clock;
  return `${new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric' }).format(time)} ${clock}`;
}

/** "B · Standard · 14:05", "A · Concept · Nov 21 09:30 · image 2". */
export function compareLabel(letter: string, generation: CompareGeneration, imageIndex: number, withDay: boolean, timeZone?: string): string {
  const parts = [letter, generation.model, when(generation.createdAt, withDay, timeZone)];
  if (generation.images.length > 1) parts.push(`image ${imageIndex + 1}`);
  return parts.filter((part) => part !== '').join(' · ');
}

/**
 * The images to compare, in the address's order, and how many items are gone. Pending loads are
 * neither: the page waits for them.
 */
export function resolveItems(items: readonly CompareItem[], loads: ReadonlyMap<string, GenerationLoad>, timeZone?: string): ResolvedItems {
  const found: { item: CompareItem; generation: CompareGeneration; image: CardImage }[] = [];
  let missing = 0;
  for (const item of items) {
    const load = loads.get(item.generationId);
    if (!load || load.state === 'pending') continue;
    const image = load.state === 'loaded' ? load.generation.images[item.imageIndex] : undefined;
    if (load.state === 'gone' || !image) {
      missing += 1;
      continue;
    }
    found.push({ item, generation: load.generation, image });
  }
  const days = new Set(found.map(({ generation }) => dayKey(generation.createdAt, timeZone)));
  const images = found.map(({ item, generation, image }, position) => ({
    key: `${item.generationId}.${item.imageIndex}`,
    label: compareLabel(LETTERS[position] ?? String(position + 1), generation, item.imageIndex, days.size > 1, timeZone),
    alt: generation.prompt,
    url: image.url,
    renditions: image.renditions,
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
    ...(image.fidelity
      ? { fidelity: { score: image.fidelity.score, map: { kind: 'owner' as const, generationId: item.generationId, index: item.imageIndex, score: image.fidelity.score } } }
      : {}),
  }));
  return { images, missing };
}
