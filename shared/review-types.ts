/**
 * Client review links, pinned comments and approvals (docs/api.md "Review links, comments and
 * approvals"). A reviewer has no account: a link's token is their only key.
 */
import type { ImageRendition } from './api-types';
import type { ImageEngineName } from './generation-types';
import type { ModelLabel } from './models';
import type { ProjectBrief } from './project-types';
import type { VersionRef } from './version-names';

/** A reviewer's decision on a version; the latest per link and reviewer name counts. */
export const REVIEW_DECISIONS = ['approved', 'changes_requested'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** The review page's address for a token (the app's route table re-exports this). */
export function reviewPath(token: string): string {
  return `/review/${encodeURIComponent(token)}`;
}

export type ReviewLinkState = 'active' | 'expired' | 'revoked';

/** POST /api/projects/:id/review-links: the token is shown this once; only its hash is kept. */
export interface CreatedReviewLink {
  id: string;
  token: string;
  /** The request's origin plus reviewPath(token). */
  url: string;
  /** ISO 8601. */
  expiresAt: string;
  allowDownload: boolean;
}

/** One link of GET /api/projects/:id/review-links (never its token: it is not stored). */
export interface ReviewLinkSummary {
  id: string;
  state: ReviewLinkState;
  allowDownload: boolean;
  commentCount: number;
  approvalCount: number;
  /** ISO 8601. */
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

export interface ReviewLinkList {
  items: ReviewLinkSummary[];
}

/** A comment on one image of a generation, pinned at (x, y) in 0–1 of the image, or on the whole image. */
export interface ReviewComment {
  id: string;
  generationId: string;
  imageIndex: number;
  body: string;
  authorName: string;
  /** Both set (a pin) or both null (the whole image). */
  x: number | null;
  y: number | null;
  /** ISO 8601; null while open. */
  resolvedAt: string | null;
  createdAt: string;
}

/**
 * The owner's reply in a comment's thread, signed as the practice: the practice name the owner last
 * put on a saved board (docs/decisions/0088-saved-boards.md), else `authorName` is null and the
 * page says "The architect".
 */
export interface ReviewReply {
  id: string;
  commentId: string;
  body: string;
  authorName: string | null;
  /** ISO 8601. */
  createdAt: string;
}

/** The owner's view of a comment: which link it came through. */
export interface OwnerReviewComment extends ReviewComment {
  linkId: string;
}

export interface ReviewApproval {
  id: string;
  generationId: string;
  status: ReviewDecision;
  reviewerName: string;
  /** ISO 8601. */
  createdAt: string;
}

/** The owner's view of a decision: which link it came through, and when that link was made (its name in the panels). */
export interface OwnerReviewApproval extends ReviewApproval {
  linkId: string;
  /** ISO 8601. */
  linkCreatedAt: string;
}

/** One image as a reviewer receives it: renditions to show; the original only when downloads are allowed. */
export interface ReviewImage {
  index: number;
  width: number;
  height: number;
  /** ThumbHash, base64. */
  placeholder: string;
  thumbnailUrl: string;
  /** The WebP ladder, narrowest first. */
  renditions: ImageRendition[];
  /** The original JPEG; present only when the link allows downloads. */
  url?: string;
  /**
   * Geometry fidelity of a view of the architect's sketch, model view or drawing (no alternate
   * here); its map is at `fidelityMapUrl`.
   */
  fidelity?: { score: number; retried: boolean };
  fidelityMapUrl?: string;
}

/** A version of the project as a reviewer sees it: nothing of the owner's beyond the work itself. */
export interface ReviewGeneration {
  id: string;
  /** The version it came from, when that version is in the project too; else null (a root). */
  parentId: string | null;
  prompt: string;
  model: ModelLabel;
  engine: ImageEngineName;
  starred: boolean;
  images: ReviewImage[];
  /** Comments on it through this link, every page. */
  commentCount: number;
  /** ISO 8601. */
  createdAt: string;
  /** Its name in the project, the owner's own (shared/version-names.ts); null only for a row not yet named. */
  version: VersionRef | null;
  /** The parent's name, when the parent is in the project. */
  parentVersion: VersionRef | null;
}

/** GET /api/review/:token. Comments and decisions are this link's own. */
export interface ReviewPage {
  project: { name: string; brief: ProjectBrief };
  /**
   * The practice sharing the project when it is a team workspace's (docs/decisions/0096-workspaces.md):
   * its name and its logo (a URL through the link, null without one). Null for a personal project:
   * a review page never names a person.
   */
  practice: { name: string; logoUrl: string | null } | null;
  /** Oldest first. */
  generations: ReviewGeneration[];
  /** The first page of this link's comments, oldest first. */
  comments: ReviewComment[];
  /** The next page: GET /api/review/:token/comments?cursor=; null when there is none. */
  commentsCursor: string | null;
  /** Every decision, oldest first. */
  approvals: ReviewApproval[];
  /** The decisions that count: the latest per generation and reviewer name. */
  decisions: ReviewApproval[];
  /** The owner's replies to the comments of this first page, oldest first. */
  replies: ReviewReply[];
  allowDownload: boolean;
  /** The work carries the free plan's watermark, as a board made from it does (what the images already show). */
  watermarked: boolean;
  /** ISO 8601. */
  expiresAt: string;
}

/** GET /api/review/:token/comments?cursor=: a later page of a link's comments, oldest first. */
export interface ReviewCommentPage {
  items: ReviewComment[];
  nextCursor: string | null;
  /** The owner's replies to these comments, oldest first. */
  replies: ReviewReply[];
}

/**
 * GET /api/projects/:id/feedback?cursor=: one page of every link's comments, oldest first, and
 * every decision (owner only).
 */
export interface ProjectFeedback {
  comments: OwnerReviewComment[];
  nextCursor: string | null;
  /** The owner's replies to this page's comments, oldest first. */
  replies: ReviewReply[];
  approvals: OwnerReviewApproval[];
  /** The latest per generation, link and reviewer name. */
  decisions: OwnerReviewApproval[];
}
