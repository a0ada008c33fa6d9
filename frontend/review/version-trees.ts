/**
 * A project's versions as the review screens show them: one option per stored version tree, its
 * versions by the names the Worker issued (shared/version-names.ts, docs/decisions/0087-version-names.md),
 * so the client's "B3" is the owner's, the board's and the file's. The owner's starred versions lead
 * their option, marked as current.
 */
import { branchParent, treeLetters, versionName, type VersionRef } from '#shared/version-names';

export interface VersionLike {
  id: string;
  parentId: string | null;
  /** The stored name; null only for a row that was never named (then it stands alone). */
  version: VersionRef | null;
  parentVersion?: VersionRef | null;
  starred?: boolean;
}

export interface VersionNode<T extends VersionLike> {
  generation: T;
  /** "B3". */
  label: string;
  /** The parent's name, only for a branch (made from an earlier version than the one before it). */
  parentLabel: string | null;
  /** The name of the version it was made from, whenever that is in the project: before / after sets the two side by side. */
  sourceLabel: string | null;
  /** Depth under its option's first version, for the indent. */
  depth: number;
  /** Starred by the owner: the current version of its option. */
  current: boolean;
}

export interface VersionTree<T extends VersionLike> {
  letter: string;
  /** The starred versions first, then every other depth first, each level by number. */
  versions: VersionNode<T>[];
}

/** Every generation's name; one never named gets a tree of its own after the named ones. */
function namesOf<T extends VersionLike>(generations: readonly T[]): Map<string, VersionRef> {
  let next = Math.max(-1, ...generations.flatMap((generation) => (generation.version ? [generation.version.tree] : []))) + 1;
  return new Map(generations.map((generation) => [generation.id, generation.version ?? { tree: next++, number: 1 }]));
}

/** The review screens' version trees, trees by letter. */
export function versionTrees<T extends VersionLike>(generations: readonly T[]): VersionTree<T>[] {
  const names = namesOf(generations);
  const refOf = (generation: T) => names.get(generation.id) ?? { tree: 0, number: 0 };
  const byTree = new Map<number, T[]>();
  for (const generation of generations) byTree.set(refOf(generation).tree, [...(byTree.get(refOf(generation).tree) ?? []), generation]);
  return [...byTree.entries()]
    .sort(([a], [b]) => a - b)
    .map(([tree, members]) => {
      const sorted = [...members].sort((a, b) => refOf(a).number - refOf(b).number);
      const inTree = new Set(sorted.map((generation) => generation.id));
      const isTop = (generation: T) => generation.parentId === null || generation.parentId === generation.id || !inTree.has(generation.parentId);
      const walked: VersionNode<T>[] = [];
      const walk = (generation: T, depth: number) => {
        const ref = refOf(generation);
        const parent = branchParent(ref, generation.parentVersion);
        walked.push({
          generation,
          label: versionName(ref),
          parentLabel: parent ? versionName(parent) : null,
          sourceLabel: generation.parentVersion ? versionName(generation.parentVersion) : null,
          depth,
          current: generation.starred === true,
        });
        for (const child of sorted.filter((candidate) => candidate.parentId === generation.id && !isTop(candidate))) walk(child, depth + 1);
      };
      for (const top of sorted.filter(isTop)) walk(top, 0);
      const current = walked.filter((node) => node.current).map((node) => ({ ...node, depth: 0 }));
      return { letter: treeLetters(tree), versions: [...current, ...walked.filter((node) => !node.current)] };
    });
}
