/**
 * The review screens' rules as pure functions: version trees and their labels, pins from a click,
 * numbered threads, decision summaries and the reviewer's stored name.
 */
import { REVIEWER_NAME_MAX_CHARS } from '#shared/limits';
import { hasVisibleLetter, normaliseCommentBody, normaliseReviewerName, reviewerKey, versionStanding } from '#shared/review-rules';
import type { ReviewApproval, ReviewComment, ReviewDecision } from '#shared/review-types';

export interface VersionLike {
  id: string;
  parentId: string | null;
}

export interface VersionNode<T extends VersionLike> {
  generation: T;
  /** "A1", "A2", "B1": the tree's letter and the version's place in it by age. */
  label: string;
  parentLabel: string | null;
  depth: number;
}

export interface VersionTree<T extends VersionLike> {
  letter: string;
  /** Depth first from the root, each level oldest first. */
  versions: VersionNode<T>[];
}

/** A, B, … Z, AA, AB …: the tree's name. */
export function treeLetter(index: number): string {
  let n = index;
  let letters = '';
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return letters;
}

/** A project's generations (oldest first) as version trees; a parent not in the list makes a root. */
export function versionTrees<T extends VersionLike>(generations: readonly T[]): VersionTree<T>[] {
  const present = new Set(generations.map((generation) => generation.id));
  const children = new Map<string, T[]>();
  const roots: T[] = [];
  for (const generation of generations) {
    const parent = generation.parentId;
    if (parent === null || !present.has(parent) || parent === generation.id) roots.push(generation);
    else children.set(parent, [...(children.get(parent) ?? []), generation]);
  }
  return roots.map((root, index) => {
    const letter = treeLetter(index);
    const members: T[] = [];
    const collect = (node: T) => {
      members.push(node);
      for (const child of children.get(node.id) ?? []) collect(child);
    };
    collect(root);
    const byAge = new Map(
      generations.filter((generation) => members.includes(generation)).map((generation, order) => [generation.id, `${letter}${order + 1}`]),
    );
    const versions: VersionNode<T>[] = [];
    const walk = (node: T, depth: number, parentLabel: string | null) => {
      const label = byAge.get(node.id) ?? letter;
      versions.push({ generation: node, label, parentLabel, depth });
      for (const child of children.get(node.id) ?? []) walk(child, depth + 1, label);
    };
    walk(root, 0, null);
    return { letter, versions };
  });
}

/** Every version's label by generation id. */
export function versionLabels<T extends VersionLike>(trees: readonly VersionTree<T>[]): Map<string, string> {
  return new Map(trees.flatMap((tree) => tree.versions.map((node) => [node.generation.id, node.label] as const)));
}

/** Where a click landed on an image, as 0–1 of its width and height (4 decimals, inside the image). */
export function pinFromPoint(point: { x: number; y: number }, rect: { left: number; top: number; width: number; height: number }): { x: number; y: number } {
  const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;
  return {
    x: clamp((point.x - rect.left) / Math.max(1, rect.width)),
    y: clamp((point.y - rect.top) / Math.max(1, rect.height)),
  };
}

export interface NumberedComment<C extends ReviewComment> {
  comment: C;
  /** The pin's number on its image (1, 2, …); null for a comment on the whole image. */
  number: number | null;
}

/** The comments on one image, oldest first, pins numbered in that order. */
export function imageThread<C extends ReviewComment>(comments: readonly C[], generationId: string, imageIndex: number): NumberedComment<C>[] {
  let pins = 0;
  return comments
    .filter((comment) => comment.generationId === generationId && comment.imageIndex === imageIndex)
    .map((comment) => ({ comment, number: comment.x !== null && comment.y !== null ? ++pins : null }));
}

/**
 * Comments read so far and newly read or posted ones as one list in the order they were made:
 * each once, by creation time (a stable sort keeps the server's order within a millisecond).
 */
export function mergeComments<C extends ReviewComment>(held: readonly C[], added: readonly C[]): C[] {
  const known = new Set(held.map((comment) => comment.id));
  const merged = [...held, ...added.filter((comment) => !known.has(comment.id))];
  return merged.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** Who approved a version and who asked for changes, by their current decisions. */
export function decisionSummary(decisions: readonly ReviewApproval[], generationId: string): { approved: string[]; changes: string[]; standing: ReviewDecision | null } {
  const own = decisions.filter((decision) => decision.generationId === generationId);
  return {
    approved: own.filter((decision) => decision.status === 'approved').map((decision) => decision.reviewerName),
    changes: own.filter((decision) => decision.status === 'changes_requested').map((decision) => decision.reviewerName),
    standing: versionStanding(decisions, generationId),
  };
}

/** This reviewer's current decision on a version, if any. */
export function ownDecision(decisions: readonly ReviewApproval[], generationId: string, name: string | null): ReviewDecision | null {
  if (!name) return null;
  const key = reviewerKey(name);
  return decisions.find((decision) => decision.generationId === generationId && reviewerKey(decision.reviewerName) === key)?.status ?? null;
}

export const REVIEWER_NAME_STORAGE_KEY = 'parti.reviewer-name';

/** The name as the Worker will keep it, or null when it has no letter or is too long (the Worker refuses both). */
export function cleanReviewerName(text: string): string | null {
  const name = normaliseReviewerName(text);
  return hasVisibleLetter(name) && name.length <= REVIEWER_NAME_MAX_CHARS ? name : null;
}

/** Whether a comment may be posted: after what the Worker strips, a letter is left. */
export function isPostableComment(text: string): boolean {
  return hasVisibleLetter(normaliseCommentBody(text));
}

export function readReviewerName(storage: Pick<Storage, 'getItem'> | undefined): string | null {
  try {
    return cleanReviewerName(storage?.getItem(REVIEWER_NAME_STORAGE_KEY) ?? '');
  } catch {
    return null;
  }
}

export function saveReviewerName(storage: Pick<Storage, 'setItem'> | undefined, name: string): void {
  try {
    storage?.setItem(REVIEWER_NAME_STORAGE_KEY, name);
  } catch {
    // Storage refused (private mode, full): the name lasts this visit only.
  }
}

/** Adds or removes a version from the comparison, keeping at most `max` (the oldest pick drops). */
export function toggleCompare(selected: readonly string[], id: string, max: number): string[] {
  if (selected.includes(id)) return selected.filter((entry) => entry !== id);
  return [...selected, id].slice(-max);
}
