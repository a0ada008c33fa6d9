/**
 * One name per version and per image of a project (docs/decisions/0087-version-names.md), the same
 * for the owner, the client and the files: each version tree of a project has a letter by age
 * (A, B, … Z, AA, AB …), each version a number in its tree by age (B3), an image of a version with
 * several views adds its view (B3-2), and a version made from an earlier one than the newest of its
 * tree names its parent ("B4 ← B2"). The Worker stores the tree and number when a generation enters
 * a project and never issues them again; these functions only format them.
 */

/** A version's stored place in its project: its tree (0 is A) and its number in that tree (from 1). */
export interface VersionRef {
  tree: number;
  number: number;
}

/** A, B, … Z, AA, AB …: the letters of tree `index` (0-based). */
export function treeLetters(index: number): string {
  let n = Math.max(0, Math.floor(index));
  let letters = '';
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return letters;
}

/** "B3": the version's tree letters and number. */
export function versionName(version: VersionRef): string {
  return `${treeLetters(version.tree)}${version.number}`;
}

/** "B3-2" for the second view of a version with several views; "B3" when it has one. */
export function imageName(version: VersionRef, imageIndex: number, imageCount: number): string {
  return imageCount > 1 ? `${versionName(version)}-${imageIndex + 1}` : versionName(version);
}

/**
 * The parent a version names beside its own name, or null when there is nothing to say: no parent
 * in the project, or the parent is the version just before it in the same tree (B3 from B2).
 */
export function branchParent(version: VersionRef, parent: VersionRef | null | undefined): VersionRef | null {
  if (!parent) return null;
  const previous = parent.tree === version.tree && parent.number === version.number - 1;
  return previous ? null : parent;
}

/** "B4 ← B2" for a branch, else the plain name. */
export function versionTitle(version: VersionRef, parent?: VersionRef | null): string {
  const from = branchParent(version, parent);
  return from ? `${versionName(version)} ← ${versionName(from)}` : versionName(version);
}

/** Lower-case ASCII words joined by hyphens, at most `max` characters: safe in any file name. */
export function fileSlug(text: string, max = 60): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

/**
 * A downloaded image's file name: `riverside-library-B3-2.jpg` — the project, then the image's
 * name (imageName). An image without a name, or whose project is not known here, keeps `fallback`
 * (its id), so two files of different projects never share a name.
 */
export function imageFileName(projectName: string | null, name: string | null, fallback: string, extension = 'jpg'): string {
  const project = fileSlug(projectName ?? '');
  return name && project ? `${project}-${name}.${extension}` : `${fallback}.${extension}`;
}
