/**
 * The review screens' rules as pure functions: pins from a click, numbered threads, decision
 * summaries and the reviewer's stored name (version trees are ./version-trees.ts).
 */
import { REVIEWER_NAME_MAX_CHARS } from '#shared/limits';
import { hasVisibleLetter, normaliseCommentBody, normaliseReviewerName, reviewerKey, versionStanding } from '#shared/review-rules';
import type { ReviewApproval, ReviewComment, ReviewDecision, ReviewPage } from '#shared/review-types';

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
 * Comments (or the owner's replies) read so far and newly read or posted ones as one list in the
 * order they were made: each once, by creation time (a stable sort keeps the server's order within
 * a millisecond).
 */
export function mergeComments<C extends { id: string; createdAt: string }>(held: readonly C[], added: readonly C[]): C[] {
  const known = new Set(held.map((comment) => comment.id));
  const merged = [...held, ...added.filter((comment) => !known.has(comment.id))];
  return merged.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/**
 * The review page read again (every minute, to learn of a revoke and of replies) over the one the
 * tab holds: the fresh payload carries only the first page of comments, so the later pages the
 * reviewer already read, their replies and the comments they posted there stay, and Show more goes
 * on from where it was.
 */
export function keepLaterComments(held: ReviewPage | undefined, fresh: ReviewPage): ReviewPage {
  if (!held || fresh.commentsCursor === null) return fresh;
  return {
    ...fresh,
    comments: mergeComments(fresh.comments, held.comments),
    replies: mergeComments(fresh.replies, held.replies),
    commentsCursor: held.commentsCursor,
  };
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
