/**
 * What an image is called inside a ZIP (docs/decisions/0089-print-resolution.md): its project, its
 * view — the prompt's words, as the board's title block names a view — its version (its depth in
 * the version tree, "v2" as on the board) and which of the generation's images it is:
 * `riverside-library/brick-library-around-a-courtyard-v2-view1.jpg`. Names are ASCII slugs, so no
 * archiver meets a path separator, a dot segment or an encoding it cannot show, and each is unique
 * in its archive.
 */
import type { ZipEntry } from './zip-stream';

const SLUG_MAX_CHARS = 60;

/** Lower-case ASCII words joined by hyphens, accents dropped, cut at a word within SLUG_MAX_CHARS. */
export function slugOf(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= SLUG_MAX_CHARS) return slug || fallback;
  const cut = slug.slice(0, SLUG_MAX_CHARS + 1);
  const atWord = cut.lastIndexOf('-');
  return (atWord > SLUG_MAX_CHARS / 2 ? cut.slice(0, atWord) : cut.slice(0, SLUG_MAX_CHARS)).replace(/-+$/, '');
}

/** One image to put in an archive, with what names it. */
export interface ArchiveImage {
  /** Null outside any project: the entry sits at the archive's root. */
  projectName: string | null;
  prompt: string;
  version: number;
  /** The image's place among its generation's images, from 0. */
  index: number;
  key: string;
  createdAt: number;
}

/** The archive's entries, in the images' order, each name unique (a repeat gets "-2", "-3"…). */
export function archiveEntries(images: readonly ArchiveImage[]): ZipEntry[] {
  const taken = new Set<string>();
  return images.map((image) => {
    const folder = image.projectName === null ? '' : `${slugOf(image.projectName, 'project')}/`;
    const stem = `${folder}${slugOf(image.prompt, 'image')}-v${image.version}-view${image.index + 1}`;
    let name = `${stem}.jpg`;
    for (let repeat = 2; taken.has(name); repeat += 1) name = `${stem}-${repeat}.jpg`;
    taken.add(name);
    return { name, key: image.key, modified: new Date(image.createdAt) };
  });
}
