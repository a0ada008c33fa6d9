/**
 * The board's content as pure rules: which images a project offers, their default captions (the
 * version's name and the user's own words, never a model), the title block's fields, the chosen
 * order, and the saved document they become (docs/decisions/0074-presentation-board.md,
 * 0088-saved-boards.md).
 */
import type { ImageRendition } from '#shared/api-types';
import type { BoardData, BoardFit, BoardImagesPerPage, BoardPaper, BoardState } from '#shared/board-types';
import type { ProjectBrief } from '#shared/project-types';
import { fileSlug, imageName, type VersionRef } from '#shared/version-names';
import { cutAtWord } from '../ui/words';

/**
 * What the board needs of an image: a project's CardImage, or a review link's image, whose
 * original `url` is there only when the link allows downloads.
 */
interface BoardSourceImage {
  url?: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  /** The WebP ladder, narrowest first: the preview's srcset. */
  renditions: ImageRendition[];
}

/** An image the board can place: its original is at `url`. */
interface BoardPlacedImage extends BoardSourceImage {
  url: string;
}

/** What the board needs of a generation: a project's, or a review link's. */
export interface BoardGeneration {
  id: string;
  prompt: string;
  /** ISO 8601. */
  createdAt: string;
  images: BoardSourceImage[];
  /** How it was made, when the list says (a project's versions do): an upscale names its source. */
  kind?: string;
  upscale?: { sourceId: string; sourceIndex: number } | null;
  /** Its name in the project (shared/version-names.ts). */
  version: VersionRef | null;
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
  createdAt: string;
  /** "B3-2": the image's name in its project; null for one never named. */
  name: string | null;
  /** The key of the image this one is a ×2 upscale of; null for every other image. */
  upscaledFrom: string | null;
}

/** The title block as the preview and the PDF draw it. */
export interface TitleBlock {
  practiceName: string;
  /** A URL the browser may fetch the logo from; null for none. */
  logoUrl: string | null;
  projectName: string;
  view: string;
  date: string;
  /** The first sheet's number; later sheets count on (sheetNumberFor). */
  sheetNumber: string;
  revision: string;
  materials: string;
  timeOfDay: string;
}

export interface BoardEntry {
  image: BoardImage;
  caption: string;
}

/** Everything of a board but its images: what the owner sets and the Worker keeps. */
export interface BoardSettings {
  paper: BoardPaper;
  perPage: BoardImagesPerPage;
  fit: BoardFit;
  /** null: the first image's words. */
  view: string | null;
  practiceName: string;
  logoKey: string | null;
  /** null: the day the board is shown or exported. */
  date: string | null;
  sheetNumber: string;
  revision: string;
}

/** A view's default text: the prompt's start, cut at a word, at most this many characters. */
export const VIEW_MAX_CHARS = 80;
/** How much of the prompt a default caption carries after the version's name. */
const CAPTION_WORDS = 60;

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function formatBoardDate(date: Date): string {
  return DATE_FORMAT.format(date);
}

/** Every image of every generation whose original may be fetched, in the generations' order. */
export function boardImagesOf(generations: readonly BoardGeneration[]): BoardImage[] {
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
        createdAt: generation.createdAt,
        upscaledFrom: generation.kind === 'upscale' && generation.upscale ? `${generation.upscale.sourceId}.${generation.upscale.sourceIndex}` : null,
        name: generation.version ? imageName(generation.version, index, generation.images.length) : null,
      }];
    }),
  );
}

/** The prompt trimmed to a title-block line: whitespace collapsed, cut at a word with an ellipsis. */
export function defaultView(prompt: string): string {
  return cutAtWord(prompt, VIEW_MAX_CHARS);
}

/** "B3-2 · A timber library at dusk…": the image's name and the user's own words. */
export function defaultCaption(image: BoardImage): string {
  const words = cutAtWord(image.prompt, CAPTION_WORDS);
  return image.name ? `${image.name} · ${words}` : words;
}

/** A new board: A3, four up, images filling their cells, the title block from the owner's last practice. */
export function defaultSettings(practice: BoardState['practice'] = { name: '', logoKey: null }): BoardSettings {
  return {
    paper: 'A3',
    perPage: 4,
    fit: 'cover',
    view: null,
    practiceName: practice.name,
    logoKey: practice.logoKey,
    date: null,
    sheetNumber: '01',
    revision: '',
  };
}

/** The title block drawn from the settings, the project, the first image and today. */
export function titleBlockOf(
  settings: BoardSettings,
  project: { name: string; brief: ProjectBrief },
  first: BoardImage | undefined,
  today: Date,
  logoUrl: string | null,
): TitleBlock {
  return {
    practiceName: settings.practiceName.trim(),
    logoUrl,
    projectName: project.name,
    view: settings.view ?? (first ? defaultView(first.prompt) : ''),
    date: settings.date ?? formatBoardDate(today),
    sheetNumber: settings.sheetNumber.trim(),
    revision: settings.revision.trim(),
    materials: project.brief.materials?.trim() ?? '',
    timeOfDay: project.brief.timeOfDay?.trim() ?? '',
  };
}

/**
 * The number of sheet `page` (0-based) of a board whose first sheet is `first`: trailing digits
 * count on in their width ("A-101" → "A-102", "01" → "02"); a number without digits gets ".2", ".3".
 */
export function sheetNumberFor(first: string, page: number): string {
  if (page === 0) return first;
  const match = /^(.*?)(\d+)$/.exec(first);
  if (!match) return first ? `${first}.${page + 1}` : String(page + 1);
  const [, prefix = '', digits = ''] = match;
  return `${prefix}${String(Number(digits) + page).padStart(digits.length, '0')}`;
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

/**
 * The entries with the image an address names placed last ("Add to board": ./add-from-address.ts);
 * unchanged when it is already placed or not the project's.
 */
export function withAddedImage(entries: readonly BoardEntry[], images: readonly BoardImage[], key: string | null): BoardEntry[] {
  const image = key ? images.find((candidate) => candidate.key === key) : undefined;
  if (!image || entries.some((entry) => entry.image.key === image.key)) return [...entries];
  return toggleEntry(entries, image);
}

/** The document the Worker keeps. */
export function boardData(settings: BoardSettings, entries: readonly BoardEntry[]): BoardData {
  const { view, practiceName, logoKey, date, sheetNumber, revision, paper, perPage, fit } = settings;
  return {
    paper,
    perPage,
    fit,
    entries: entries.map((entry) => ({ key: entry.image.key, caption: entry.caption })),
    title: { practiceName, logoKey, view, date, sheetNumber, revision },
  };
}

/** A saved board back to settings and entries; images no longer in the project drop out. */
export function boardFromData(data: BoardData, images: readonly BoardImage[]): { settings: BoardSettings; entries: BoardEntry[] } {
  const byKey = new Map(images.map((image) => [image.key, image]));
  const entries = data.entries.flatMap((entry) => {
    const image = byKey.get(entry.key);
    return image ? [{ image, caption: entry.caption }] : [];
  });
  return { settings: { paper: data.paper, perPage: data.perPage, fit: data.fit, ...data.title }, entries };
}

/** `riverside-library-board.pdf`: the project's name as a safe file name. */
export function boardFileName(projectName: string): string {
  return `${fileSlug(projectName) || 'parti'}-board.pdf`;
}
