/**
 * What an image is called inside a ZIP (docs/decisions/0089-print-resolution.md): its project, its
 * name there — the version name the tree, the review page and a single download use
 * (shared/version-names.ts) — and its view, the prompt's words as the board's title block names a
 * view: `riverside-library/B3-2-brick-library-around-a-courtyard.jpg`. An image outside any project
 * says which of its generation's images it is: `a-bench-view1.jpg`. Names are ASCII slugs and
 * version names, so no archiver meets a path separator, a dot segment or an encoding it cannot
 * show, and each is unique in its archive.
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
  /** "B3-2": the image's name in its project (imageName); null outside any. */
  name: string | null;
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
    const view = slugOf(image.prompt, 'image');
    const stem = `${folder}${image.name === null ? `${view}-view${image.index + 1}` : `${image.name}-${view}`}`;
    let name = `${stem}.jpg`;
    for (let repeat = 2; taken.has(name); repeat += 1) name = `${stem}-${repeat}.jpg`;
    taken.add(name);
    return { name, key: image.key, modified: new Date(image.createdAt) };
  });
}
