/** The review screens' options and versions, by the names the Worker stored (docs/decisions/0087-version-names.md). */
import { describe, expect, it } from 'vitest';
import type { VersionRef } from '#shared/version-names';
import { versionTrees, type VersionLike } from '../../../frontend/review/version-trees';

const v = (tree: number, number: number): VersionRef => ({ tree, number });
const at = (id: string, parentId: string | null, version: VersionRef | null, parentVersion: VersionRef | null = null, starred = false): VersionLike =>
  ({ id, parentId, version, parentVersion, starred });

const rows = (trees: ReturnType<typeof versionTrees>) =>
  trees.map((tree) => [tree.letter, tree.versions.map((node) => [node.generation.id, node.label, node.parentLabel, node.depth, node.current])]);

describe('version trees on the review screens', () => {
  it('groups by the stored tree and labels by the stored name, depth first, branches naming their parent', () => {
    const trees = versionTrees([
      at('r1', null, v(0, 1)),
      at('r2', null, v(1, 1)),
      at('a', 'r1', v(0, 2), v(0, 1)),
      at('b', 'r1', v(0, 3), v(0, 1)),
      at('a1', 'a', v(0, 4), v(0, 2)),
    ]);
    expect(rows(trees)).toEqual([
      ['A', [['r1', 'A1', null, 0, false], ['a', 'A2', null, 1, false], ['a1', 'A4', 'A2', 2, false], ['b', 'A3', 'A1', 1, false]]],
      ['B', [['r2', 'B1', null, 0, false]]],
    ]);
  });

  it('names the version each was made from for before / after, branch or not', () => {
    const trees = versionTrees([at('r1', null, v(0, 1)), at('a', 'r1', v(0, 2), v(0, 1)), at('b', 'r1', v(0, 3), v(0, 1)), at('c', 'gone', v(0, 4))]);
    expect(trees[0]?.versions.map((node) => [node.label, node.sourceLabel])).toEqual([['A1', null], ['A2', 'A1'], ['A3', 'A1'], ['A4', null]]);
  });

  it('keeps a gap where a version was deleted: names never move', () => {
    const trees = versionTrees([at('r1', null, v(0, 1)), at('c', 'gone', v(0, 3)), at('d', null, v(3, 1))]);
    expect(rows(trees)).toEqual([
      ['A', [['r1', 'A1', null, 0, false], ['c', 'A3', null, 0, false]]],
      ['D', [['d', 'D1', null, 0, false]]],
    ]);
  });

  it('puts the owner’s starred version first in its option, marked current', () => {
    const trees = versionTrees([at('r1', null, v(0, 1)), at('a', 'r1', v(0, 2), v(0, 1), true), at('b', 'a', v(0, 3), v(0, 2))]);
    expect(rows(trees)).toEqual([['A', [['a', 'A2', null, 0, true], ['r1', 'A1', null, 0, false], ['b', 'A3', null, 2, false]]]]);
  });

  it('gives a version that was never named an option of its own after the named ones', () => {
    const trees = versionTrees([at('x', null, null), at('r1', null, v(1, 1))]);
    expect(trees.map((tree) => [tree.letter, tree.versions[0]?.label])).toEqual([['B', 'B1'], ['C', 'C1']]);
  });
});
