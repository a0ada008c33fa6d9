/**
 * Review links (docs/decisions/0071-review-links.md): the owner creates, lists and revokes them and
 * reads the feedback — in a workspace, its members by role (docs/decisions/0096-workspaces.md); a
 * reviewer holding a token reads the project and comments and decides. An unknown, expired or
 * revoked token, and anything outside the link's project, is the same 404.
 */
import { generalMessages, reviewRequestMessages } from '#shared/messages';
import { currentDecisions, linkExpiry } from '#shared/review-rules';
import type {
  CreatedReviewLink,
  OwnerReviewComment,
  ProjectFeedback,
  ReviewApproval,
  ReviewComment,
  ReviewCommentPage,
  ReviewDecision,
  ReviewLinkList,
  ReviewPage,
  ReviewReply,
} from '#shared/review-types';
import type { Database } from '../db/client';
import { decodeCursor, encodeCursor, isRecord, isSafeInteger } from '../platform/cursor';
import {
  MAX_ACTIVE_REVIEW_LINKS_PER_PROJECT,
  MAX_REVIEW_COMMENTS_PER_LINK,
  MAX_REVIEW_COMMENTS_PER_PROJECT,
  MAX_REVIEW_DECISIONS_PER_LINK,
  MAX_REVIEW_DECISIONS_PER_PROJECT,
  MAX_REVIEW_LINKS_PER_USER_PER_DAY,
  MAX_REVIEW_REPLIES_PER_COMMENT,
  REVIEW_COMMENTS_PAGE_SIZE,
} from '../platform/caps';
import { AppError } from '../platform/errors';
import {
  commentRoom,
  decisionRoom,
  insertApproval,
  insertComment,
  linkApprovals,
  linkCommentCounts,
  linkComments,
  projectApprovals,
  projectComments,
  setCommentResolved,
  type CommentPosition,
  type CommentRow,
  type CommentScope,
} from './feedback-queries';
import {
  activeLink,
  holdsProject,
  insertLink,
  linkProjectInSpace,
  linkRoom,
  linkSpace,
  projectGeneration,
  projectGenerations,
  projectLinks,
  revokeLink,
  type ActiveLink,
} from './queries';
import { requireAction, type Space, type SpaceRef } from '../platform/space';
import { signedMediaUrl } from '../media';
import {
  linkExpiresAt,
  originalFileName,
  parseVariant,
  toApproval,
  toComment,
  toLinkSummary,
  toOwnerApproval,
  toOwnerComment,
  toReviewGeneration,
  variantKey,
} from './present';
import { insertReply, pageReplyRows, presentReplies, replyRoom } from './replies';
import { hashReviewToken, isWellFormedToken, newReviewToken, reviewUrl } from './tokens';
import { projectArchive, type Archive } from '../downloads';

export interface ReviewDeps {
  db: Database;
  /** Signs the practice's logo for the review page. */
  signingSecret: string;
  /** Tells the space's open tabs (every member's, in a workspace) that feedback on a project changed; runs after the answer. */
  notifyReview: (space: SpaceRef, projectId: string) => void;
  now?: () => number;
}

const notFound = () => new AppError('not_found', generalMessages.notFound);
const full = (message: string) => new AppError('limit_reached', message);
const nowOf = (deps: Pick<ReviewDeps, 'now'>) => deps.now?.() ?? Date.now();

function isCommentPosition(value: unknown): value is CommentPosition {
  return isRecord(value) && isSafeInteger(value.createdAt) && isSafeInteger(value.seq);
}

/**
 * Reads one page of the comments in `scope` (asked for one more than a page, to know whether
 * another follows) and the owner's replies to that page's comments; a damaged or forged cursor is a
 * 400 naming `cursor`.
 */
async function commentPage(
  db: Database,
  space: SpaceRef,
  scope: CommentScope,
  cursor?: string,
): Promise<{ rows: CommentRow[]; nextCursor: string | null; replies: ReviewReply[] }> {
  const after = cursor ? decodeCursor(cursor, isCommentPosition) : null;
  const [rows, replyRows] = await Promise.all([
    'linkId' in scope
      ? linkComments(db, scope.linkId, after, REVIEW_COMMENTS_PAGE_SIZE + 1)
      : projectComments(db, scope.projectId, after, REVIEW_COMMENTS_PAGE_SIZE + 1),
    pageReplyRows(db, scope, after, REVIEW_COMMENTS_PAGE_SIZE),
  ]);
  const page = rows.slice(0, REVIEW_COMMENTS_PAGE_SIZE);
  const last = page.at(-1);
  const more = rows.length > REVIEW_COMMENTS_PAGE_SIZE && last;
  return {
    rows: page,
    nextCursor: more ? encodeCursor({ createdAt: last.createdAt, seq: last.seq } satisfies CommentPosition) : null,
    replies: await presentReplies(db, space, replyRows),
  };
}

// ---- The owner's side ----

export async function createLink(
  deps: ReviewDeps,
  space: Space,
  projectId: string,
  request: { expiresInDays?: number; allowDownload?: boolean; origin: string },
): Promise<CreatedReviewLink> {
  if (!(await holdsProject(deps.db, space, projectId))) throw notFound();
  requireAction(space, 'shareProjects');
  const { userId } = space;
  const { token, hash } = await newReviewToken();
  const row = await insertLink(deps.db, space, {
    id: crypto.randomUUID(),
    projectId,
    userId,
    tokenHash: hash,
    allowDownload: request.allowDownload ?? false,
    expiresAt: linkExpiry(nowOf(deps), request.expiresInDays),
  });
  if (!row) {
    if (!(await holdsProject(deps.db, space, projectId))) throw notFound();
    const room = await linkRoom(deps.db, userId, projectId);
    if (room.active >= MAX_ACTIVE_REVIEW_LINKS_PER_PROJECT) throw full(reviewRequestMessages.tooManyActiveLinks(MAX_ACTIVE_REVIEW_LINKS_PER_PROJECT));
    throw full(reviewRequestMessages.tooManyLinksToday(MAX_REVIEW_LINKS_PER_USER_PER_DAY));
  }
  return { id: row.id, token, url: reviewUrl(request.origin, token), expiresAt: linkExpiresAt(row), allowDownload: row.allowDownload };
}

export async function listLinks(deps: ReviewDeps, space: SpaceRef, projectId: string): Promise<ReviewLinkList> {
  if (!(await holdsProject(deps.db, space, projectId))) throw notFound();
  const nowMs = nowOf(deps);
  const rows = await projectLinks(deps.db, projectId);
  return { items: rows.map((row) => toLinkSummary(row, nowMs)) };
}

export async function revoke(deps: ReviewDeps, space: Space, linkId: string): Promise<void> {
  if (!(await linkProjectInSpace(deps.db, space, linkId))) throw notFound();
  requireAction(space, 'shareProjects');
  if (!(await revokeLink(deps.db, space, linkId, nowOf(deps)))) throw notFound();
}

/** One page of the project's comments through every link, and every decision with its link. */
export async function projectFeedback(deps: ReviewDeps, space: SpaceRef, projectId: string, cursor?: string): Promise<ProjectFeedback> {
  if (!(await holdsProject(deps.db, space, projectId))) throw notFound();
  const [comments, approvals] = await Promise.all([
    commentPage(deps.db, space, { projectId }, cursor),
    projectApprovals(deps.db, projectId),
  ]);
  const history = approvals.map(toOwnerApproval);
  return {
    comments: comments.rows.map(toOwnerComment),
    nextCursor: comments.nextCursor,
    replies: comments.replies,
    approvals: history,
    decisions: currentDecisions(history),
  };
}

/**
 * The owner answers a client's comment in its thread (in a workspace, any member who may comment);
 * the reviewer reads it on the link it came through.
 */
export async function addReply(deps: ReviewDeps, space: Space, commentId: string, body: string): Promise<ReviewReply> {
  requireAction(space, 'comment');
  const row = await insertReply(deps.db, space, { id: crypto.randomUUID(), commentId, body });
  if (!row) {
    if ((await replyRoom(deps.db, space, commentId)) >= MAX_REVIEW_REPLIES_PER_COMMENT) {
      throw full(reviewRequestMessages.commentRepliesFull(MAX_REVIEW_REPLIES_PER_COMMENT));
    }
    throw notFound();
  }
  deps.notifyReview(space, row.projectId);
  const [reply] = await presentReplies(deps.db, space, [row]);
  if (!reply) throw new Error('a stored reply could not be presented');
  return reply;
}

export async function resolveComment(
  deps: ReviewDeps,
  space: Space,
  commentId: string,
  resolved: boolean,
): Promise<OwnerReviewComment> {
  requireAction(space, 'comment');
  const row = await setCommentResolved(deps.db, space, commentId, resolved ? nowOf(deps) : null);
  if (!row) throw notFound();
  deps.notifyReview(space, row.projectId);
  return toOwnerComment(row);
}

// ---- The reviewer's side ----

/** The link a token opens while it works; every other token is the same 404 (no oracle). */
async function linkOf(deps: ReviewDeps, token: string): Promise<ActiveLink> {
  if (!isWellFormedToken(token)) throw notFound();
  const link = await activeLink(deps.db, await hashReviewToken(token), nowOf(deps));
  if (!link) throw notFound();
  return link;
}

export async function reviewPage(deps: ReviewDeps, token: string): Promise<ReviewPage> {
  const link = await linkOf(deps, token);
  const [generations, comments, commentCounts, approvals] = await Promise.all([
    projectGenerations(deps.db, link),
    commentPage(deps.db, linkSpace(link), { linkId: link.id }),
    linkCommentCounts(deps.db, link.id),
    linkApprovals(deps.db, link.id),
  ]);
  const inProject = new Set(generations.map((row) => row.id));
  const history = approvals.map(toApproval);
  return {
    project: { name: link.projectName, brief: link.projectBrief },
    practice: link.workspaceId === null ? null : { name: link.practiceName ?? '', logoUrl: link.practiceLogoKey ? await signedMediaUrl(deps.signingSecret, link.practiceLogoKey, nowOf(deps)) : null },
    generations: generations.map((row) => toReviewGeneration(token, row, inProject, { allowDownload: link.allowDownload, commentCounts })),
    comments: comments.rows.map(toComment),
    commentsCursor: comments.nextCursor,
    approvals: history,
    decisions: currentDecisions(history),
    replies: comments.replies,
    allowDownload: link.allowDownload,
    watermarked: link.watermarked,
    expiresAt: linkExpiresAt(link),
  };
}

/** A later page of the link's comments. */
export async function reviewComments(deps: ReviewDeps, token: string, cursor: string | undefined): Promise<ReviewCommentPage> {
  const link = await linkOf(deps, token);
  const page = await commentPage(deps.db, linkSpace(link), { linkId: link.id }, cursor);
  return { items: page.rows.map(toComment), nextCursor: page.nextCursor, replies: page.replies };
}

export interface CommentInput {
  generationId: string;
  imageIndex: number;
  body: string;
  name: string;
  x: number | null;
  y: number | null;
}

export async function addComment(deps: ReviewDeps, token: string, input: CommentInput): Promise<ReviewComment> {
  const link = await linkOf(deps, token);
  const row = await insertComment(deps.db, link, {
    id: crypto.randomUUID(),
    generationId: input.generationId,
    imageIndex: input.imageIndex,
    body: input.body,
    authorName: input.name,
    x: input.x,
    y: input.y,
  });
  if (!row) {
    const room = await commentRoom(deps.db, link);
    if (room.link >= MAX_REVIEW_COMMENTS_PER_LINK) throw full(reviewRequestMessages.linkCommentsFull(MAX_REVIEW_COMMENTS_PER_LINK));
    if (room.project >= MAX_REVIEW_COMMENTS_PER_PROJECT) throw full(reviewRequestMessages.projectCommentsFull(MAX_REVIEW_COMMENTS_PER_PROJECT));
    throw notFound();
  }
  deps.notifyReview(linkSpace(link), link.projectId);
  return toComment(row);
}

export async function addApproval(
  deps: ReviewDeps,
  token: string,
  input: { generationId: string; status: ReviewDecision; name: string },
): Promise<ReviewApproval> {
  const link = await linkOf(deps, token);
  const row = await insertApproval(deps.db, link, {
    id: crypto.randomUUID(),
    generationId: input.generationId,
    status: input.status,
    reviewerName: input.name,
  });
  if (!row) {
    const room = await decisionRoom(deps.db, link);
    if (room.link >= MAX_REVIEW_DECISIONS_PER_LINK) throw full(reviewRequestMessages.linkDecisionsFull(MAX_REVIEW_DECISIONS_PER_LINK));
    if (room.project >= MAX_REVIEW_DECISIONS_PER_PROJECT) throw full(reviewRequestMessages.projectDecisionsFull(MAX_REVIEW_DECISIONS_PER_PROJECT));
    throw notFound();
  }
  deps.notifyReview(linkSpace(link), link.projectId);
  return toApproval(row);
}

/** The project's images as one streamed ZIP, through a link that allows downloads; any other link is the 404 (docs/decisions/0089-print-resolution.md). */
export async function linkDownload(deps: ReviewDeps, token: string): Promise<Archive> {
  const link = await linkOf(deps, token);
  if (!link.allowDownload) throw notFound();
  return projectArchive(deps.db, linkSpace(link), { id: link.projectId, name: link.projectName });
}

/**
 * The R2 key and caching of one image URL of a review link: only images of the link's project,
 * the original only when the link allows downloads, and without downloads only the rungs below it.
 * The browser keeps the bytes but asks again every time (a 304 by the ETag while the link works),
 * so a revoked or expired link stops showing them at once.
 */
export async function reviewImage(
  deps: ReviewDeps,
  token: string,
  request: { generationId: string; index: number; variant: string },
): Promise<{ key: string; cacheControl: string; fileName: string | null }> {
  const variant = parseVariant(request.variant);
  if (!variant) throw notFound();
  const link = await linkOf(deps, token);
  const generation = await projectGeneration(deps.db, link, request.generationId);
  const image = generation?.images[request.index];
  if (!image) throw notFound();
  const key = variantKey({ userId: generation.userId, generationId: request.generationId, index: request.index }, image, variant, link.allowDownload);
  if (!key) throw notFound();
  // A downloaded original is named as the client knows it: project, version and view.
  const fileName = variant.kind === 'original' && generation ? originalFileName(link.projectName, generation, request.index) : null;
  return { key, cacheControl: 'private, no-cache', fileName };
}
