/** The one formatter of version names (shared/version-names.ts), as the app and the Worker use it. */
import { describe, expect, it } from 'vitest';
import { branchParent, fileSlug, imageFileName, imageName, treeLetters, versionName, versionTitle } from '#shared/version-names';

describe('version names', () => {
  it('letters trees A to Z, then AA, AB …', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(treeLetters)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('names a version, and an image by its view only when the version has several', () => {
    expect(versionName({ tree: 1, number: 3 })).toBe('B3');
    expect(imageName({ tree: 1, number: 3 }, 1, 4)).toBe('B3-2');
    expect(imageName({ tree: 1, number: 3 }, 0, 1)).toBe('B3');
  });

  it('marks a branch: a parent that is not the version just before it in its tree', () => {
    expect(versionTitle({ tree: 1, number: 4 }, { tree: 1, number: 2 })).toBe('B4 ← B2');
    expect(versionTitle({ tree: 1, number: 4 }, { tree: 1, number: 3 })).toBe('B4');
    expect(versionTitle({ tree: 2, number: 1 }, { tree: 0, number: 5 })).toBe('C1 ← A5');
    expect(branchParent({ tree: 0, number: 1 }, null)).toBeNull();
    expect(versionTitle({ tree: 0, number: 2 })).toBe('A2');
  });

  it('names downloaded files by project and image, and keeps the id outside a project', () => {
    expect(imageFileName('Riverside Library — Phase 2', imageName({ tree: 1, number: 3 }, 1, 4), 'g1-1')).toBe('riverside-library-phase-2-B3-2.jpg');
    expect(imageFileName(null, null, 'g1-0')).toBe('g1-0.jpg');
    // A name without a project (or a project name with no Latin letters) could repeat across projects: the id stays.
    expect(imageFileName(null, 'A1', 'g1-0')).toBe('g1-0.jpg');
    expect(imageFileName('東京', 'A1', 'g2-0')).toBe('g2-0.jpg');
    expect(fileSlug('Café  Müller ')).toBe('cafe-muller');
  });
});
