/**
 * From the compare address's items and the loaded generations to what CompareView shows: each
 * image's version name and the user's words; and which items are gone (deleted, someone else's, or
 * an image number the generation does not have).
 */
import type { CardImage } from '#shared/gallery-types';
import { imageName, type VersionRef } from '#shared/version-names';
import { cutAtWord } from '../ui/words';
import { compareMessages } from './copy';
import type { CompareItem } from './compare-url';
import type { CompareImage } from './ImageLayer';

/** What the compare page needs of a generation (GET /api/generations/:id answers more). */
export interface CompareGeneration {
  id: string;
  prompt: string;
  model: string;
  createdAt: string;
  images: CardImage[];
  /** Its name in its project; null outside any. */
  version: VersionRef | null;
}

/** A generation's load: loaded, gone (404), or still on its way / failed otherwise. */
export type GenerationLoad = { state: 'loaded'; generation: CompareGeneration } | { state: 'gone' } | { state: 'pending' };

export interface ResolvedItems {
  images: CompareImage[];
  /** Items whose generation or image no longer exists for the caller. */
  missing: number;
}

/** How much of the user's words a label carries beside the version's name. */
const LABEL_WORDS = 48;

/**
 * "B3-2 · timber library at dusk…": the image's version name (docs/decisions/0087-version-names.md)
 * and the user's own words; an image outside any project has only the words, and its view when its
 * generation has several.
 */
export function compareLabel(generation: { prompt: string; version: VersionRef | null; images: readonly unknown[] }, imageIndex: number): string {
  const words = cutAtWord(generation.prompt, LABEL_WORDS);
  const count = generation.images.length;
  if (generation.version) return `${imageName(generation.version, imageIndex, count)} · ${words}`;
  return count > 1 ? `${words} · ${compareMessages.view(imageIndex)}` : words;
}

/**
 * The images to compare, in the address's order, and how many items are gone. Pending loads are
 * neither: the page waits for them.
 */
export function resolveItems(items: readonly CompareItem[], loads: ReadonlyMap<string, GenerationLoad>): ResolvedItems {
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
  const labels = found.map(({ item, generation }) => compareLabel(generation, item.imageIndex));
  // Two images outside any project may start with the same words: their place tells them apart.
  const repeated = (label: string) => labels.filter((other) => other === label).length > 1;
  const images = found.map(({ item, generation, image }, position) => ({
    key: `${item.generationId}.${item.imageIndex}`,
    label: repeated(labels[position] ?? '') ? `${labels[position] ?? ''} (${position + 1})` : (labels[position] ?? ''),
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
