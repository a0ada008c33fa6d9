/**
 * The board's content as pure rules: which images a project offers, their default texts, the
 * title block's fields and the chosen order (docs/decisions/0074-presentation-board.md).
 */
import type { ImageRendition } from '#shared/api-types';
import type { ProjectBrief } from '#shared/project-types';
import { fileSlug } from '../ui/file-name';
import { boardCopy } from './copy';

/**
 * What the board needs of an image: a project's CardImage, or a review link's image, whose
 * original `url` is there only when the link allows downloads.
 */
export interface BoardSourceImage {
  url?: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  /** The WebP ladder, narrowest first: the preview's srcset. */
  renditions: ImageRendition[];
}

/** An image the board can place: its original is at `url`. */
export interface BoardPlacedImage extends BoardSourceImage {
  url: string;
}

/** What the board needs of a generation: a project's, or a review link's. */
export interface BoardGeneration {
  id: string;
  parentId: string | null;
  prompt: string;
  model: string;
  /** ISO 8601. */
  createdAt: string;
  images: BoardSourceImage[];
  /** How it was made, when the list says (a project's versions do): an upscale names its source. */
  kind?: string;
  upscale?: { sourceId: string; sourceIndex: number } | null;
}

/** One image the board can place. */
export interface BoardImage {
  /** `{generationId}.{imageIndex}`, as compare's addresses name an image. */
  key: string;
  generationId: string;
  /** Its place among its generation's images: the master's address. */
  imageIndex: number;
  image: BoardPlacedImage;
  prompt: string;
  model: string;
  createdAt: string;
  /** Depth in its version tree: a root is 1, a refinement of it 2, … */
  version: number;
  /** The key of the image this one is a ×2 upscale of; null for every other image. */
  upscaledFrom: string | null;
}

/** The board's texts and settings that the PDF and the preview share. */
export interface TitleBlock {
  projectName: string;
  view: string;
  version: string;
  date: string;
  materials: string;
  timeOfDay: string;
}

export interface BoardEntry {
  image: BoardImage;
  caption: string;
}

/** A view's default text: the prompt's start, cut at a word, at most this many characters. */
export const VIEW_MAX_CHARS = 80;

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function formatBoardDate(date: Date | string): string {
  return DATE_FORMAT.format(typeof date === 'string' ? new Date(date) : date);
}

/** Each generation's depth in its tree; a parent outside the list counts as a root's place. */
export function versionDepths(generations: readonly Pick<BoardGeneration, 'id' | 'parentId'>[]): Map<string, number> {
  const parents = new Map(generations.map((generation) => [generation.id, generation.parentId]));
  const depths = new Map<string, number>();
  for (const { id } of generations) {
    let depth = 1;
    const seen = new Set([id]);
    for (let parent = parents.get(id); parent && parents.has(parent) && !seen.has(parent); parent = parents.get(parent)) {
      seen.add(parent);
      depth += 1;
    }
    depths.set(id, depth);
  }
  return depths;
}

/** Every image of every generation whose original may be fetched, in the generations' order. */
export function boardImagesOf(generations: readonly BoardGeneration[]): BoardImage[] {
  const depths = versionDepths(generations);
  return generations.flatMap((generation) =>
    generation.images.flatMap((image, index) => {
      const { url } = image;
      if (!url) return [];
      return [{
        key: `${generation.id}.${index}`,
        generationId: generation.id,
        imageIndex: index,
        image: { ...image, url },
        prompt: generation.prompt,
        model: generation.model,
        createdAt: generation.createdAt,
        version: depths.get(generation.id) ?? 1,
        upscaledFrom: generation.kind === 'upscale' && generation.upscale ? `${generation.upscale.sourceId}.${generation.upscale.sourceIndex}` : null,
      }];
    }),
  );
}

/** The prompt trimmed to a title-block line: whitespace collapsed, cut at a word with an ellipsis. */
export function defaultView(prompt: string): string {
  const text = prompt.replace(/\s+/g, ' ').trim();
  if (text.length <= VIEW_MAX_CHARS) return text;
  const cut = text.slice(0, VIEW_MAX_CHARS - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > VIEW_MAX_CHARS / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

export function defaultCaption(image: BoardImage): string {
  return `${image.model} · ${formatBoardDate(image.createdAt)}`;
}

/** The title block's defaults from the first chosen image, the brief and today's date. */
export function defaultTitleBlock(projectName: string, brief: ProjectBrief, first: BoardImage | undefined, today: Date): TitleBlock {
  return {
    projectName,
    view: first ? defaultView(first.prompt) : '',
    version: first ? boardCopy.versionLabel(first.version) : '',
    date: formatBoardDate(today),
    materials: brief.materials?.trim() ?? '',
    timeOfDay: brief.timeOfDay?.trim() ?? '',
  };
}

/** The list with the item at `index` moved one place (-1 earlier, +1 later); unchanged at an end. */
export function moveEntry<T>(list: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  const item = list[index];
  if (item === undefined || target < 0 || target >= list.length) return [...list];
  const next = list.filter((_, position) => position !== index);
  next.splice(target, 0, item);
  return next;
}

/** Adds the image at the end of the board, or takes it off when it is already there. */
export function toggleEntry(entries: readonly BoardEntry[], image: BoardImage): BoardEntry[] {
  if (entries.some((entry) => entry.image.key === image.key)) return entries.filter((entry) => entry.image.key !== image.key);
  return [...entries, { image, caption: defaultCaption(image) }];
}

/**
 * The board after upscales asked for from it have landed: each entry whose image was sent for an
 * upscale (`requested`, by key) takes the newest upscale of it, keeping its caption and place.
 * Returns the same list when nothing changed.
 */
export function withUpscaled(entries: BoardEntry[], images: readonly BoardImage[], requested: ReadonlySet<string>): BoardEntry[] {
  let changed = false;
  const next = entries.map((entry) => {
    if (!requested.has(entry.image.key)) return entry;
    const upscaled = images.filter((image) => image.upscaledFrom === entry.image.key).at(-1);
    if (!upscaled || entries.some((other) => other.image.key === upscaled.key)) return entry;
    changed = true;
    return { ...entry, image: upscaled };
  });
  return changed ? next : entries;
}

/** `riverside-library-board.pdf`: the project's name as a safe file name. */
export function boardFileName(projectName: string): string {
  return `${fileSlug(projectName)}-board.pdf`;
}
