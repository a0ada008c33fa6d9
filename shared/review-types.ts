/**
 * Client review links, pinned comments and approvals (api.md "Review links, comments and
 * approvals"). A reviewer has no account: a link's token is their only key.
 */

/** A reviewer's decision on a version; the latest per reviewer name counts. */
export const REVIEW_DECISIONS = ['approved', 'changes_requested'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
