/**
 * The rules of review links both sides apply: which decisions count, a link's state, and how
 * many days a new link may live.
 */
import { REVIEW_LINK_DEFAULT_DAYS, REVIEW_LINK_MAX_DAYS, REVIEW_LINK_MIN_DAYS } from './limits';
import type { ReviewApproval, ReviewLinkState } from './review-types';

const DAY_MS = 86_400_000;

/** Reviewers are told apart by name only: "Anna" and " anna" are one reviewer. */
export function reviewerKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

/**
 * The decisions that count, from a history in the order they were made: the latest per
 * generation and reviewer. The result keeps the history's order of those latest decisions.
 */
export function currentDecisions<T extends ReviewApproval>(history: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const approval of history) {
    const key = `${approval.generationId}\n${reviewerKey(approval.reviewerName)}`;
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
