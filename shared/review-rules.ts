/**
 * The rules of review links both sides apply: what a reviewer's name and comment may hold, which
 * decisions count, a link's state, and how many days a new link may live.
 */
import { REVIEW_LINK_DEFAULT_DAYS, REVIEW_LINK_MAX_DAYS, REVIEW_LINK_MIN_DAYS } from './limits';
import type { ReviewApproval, ReviewLinkState } from './review-types';

const DAY_MS = 86_400_000;

/**
 * Characters a reader never sees that change how a name reads or compares: controls, format
 * characters (bidi overrides and isolates, zero-width space, joiner and non-joiner, soft hyphen,
 * BOM), lone surrogates, private-use and unassigned code points.
 */
const INVISIBLE_IN_NAME = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu;
/**
 * In a comment: controls but the line break, format characters but the zero-width joiner and
 * non-joiner (Indic scripts and emoji sequences need those two, and neither reorders text), and
 * lone surrogates. Unassigned code points stay: a newer emoji than the runtime knows is one.
 */
const INVISIBLE_IN_COMMENT = /(?![\n\u200c\u200d])[\p{Cc}\p{Cf}\p{Cs}]/gu;
const LETTER = /\p{L}/u;

/**
 * A reviewer's name as it is kept and shown: NFKC (full-width ＪＡＮＥ is JANE), without invisible
 * characters, spaces collapsed, trimmed. Empty when nothing visible is left.
 */
export function normaliseReviewerName(raw: string): string {
  return raw.normalize('NFKC').replace(INVISIBLE_IN_NAME, '').replace(/\s+/g, ' ').trim();
}

/**
 * Reviewers are told apart by name within a link: " client  JANE " and "Client Jane" are one
 * reviewer, and so are names that differ only by invisible characters.
 */
export function reviewerKey(name: string): string {
  return normaliseReviewerName(name).toLocaleLowerCase('en');
}

/**
 * A comment as it is kept: line breaks as \n, tabs as spaces, no invisible characters (a
 * right-to-left override cannot turn "approve" around), trimmed. Its words are otherwise the writer's.
 */
export function normaliseCommentBody(raw: string): string {
  return raw
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/\t/g, ' ')
    .replace(INVISIBLE_IN_COMMENT, '')
    .trim();
}

/** A name or a comment must carry at least one letter, in any script: two zero-width spaces, "..." or "1234" say nothing. */
export function hasVisibleLetter(text: string): boolean {
  return LETTER.test(text);
}

/**
 * The decisions that count, from a history in the order they were made: the latest per
 * generation, link and reviewer (the owner's history carries each decision's link; a reviewer's
 * is one link's). The result keeps the history's order of those latest decisions.
 */
export function currentDecisions<T extends ReviewApproval & { linkId?: string }>(history: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const approval of history) {
    const key = `${approval.generationId}\n${approval.linkId ?? ''}\n${reviewerKey(approval.reviewerName)}`;
    latest.delete(key);
    latest.set(key, approval);
  }
  return [...latest.values()];
}

export function linkState(link: { expiresAt: number; revokedAt: number | null }, nowMs: number): ReviewLinkState {
  if (link.revokedAt !== null) return 'revoked';
  return link.expiresAt > nowMs ? 'active' : 'expired';
}

export function linkExpiry(nowMs: number, days: number = REVIEW_LINK_DEFAULT_DAYS): number {
  const clamped = Math.min(REVIEW_LINK_MAX_DAYS, Math.max(REVIEW_LINK_MIN_DAYS, Math.round(days)));
  return nowMs + clamped * DAY_MS;
}

/** A version's standing among its current decisions: approved only when nobody asks for changes. */
export function versionStanding(decisions: readonly ReviewApproval[], generationId: string): ReviewApproval['status'] | null {
  const own = decisions.filter((decision) => decision.generationId === generationId);
  if (own.length === 0) return null;
  return own.some((decision) => decision.status === 'changes_requested') ? 'changes_requested' : 'approved';
}
