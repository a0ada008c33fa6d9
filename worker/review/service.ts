/**
 * Review links (docs/decisions/0071-review-links.md): the owner creates, lists and revokes them and
 * reads the feedback; a reviewer holding a token reads the project and comments and decides.
 * An unknown, expired or revoked token, and anything outside the link's project, is the same 404.
 */
import { generalMessages } from '#shared/messages';
import { currentDecisions, linkExpiry } from '#shared/review-rules';
import type {
  CreatedReviewLink,
  OwnerReviewComment,
  ProjectFeedback,
  ReviewApproval,
  ReviewComment,
  ReviewDecision,
  ReviewLinkList,
  ReviewPage,
  ReviewReply,
} from '#shared/review-types';
import { REVIEW_MEDIA_MAX_AGE_SECONDS } from '../platform/limits';
import type { Database } from '../db/client';
import { AppError } from '../platform/errors';
import {
  activeLink,
  insertApproval,
  insertComment,
  insertLink,
  linkApprovals,
  linkComments,
  ownsProject,
  projectApprovals,
  projectComments,
  projectGeneration,
  projectGenerations,
  projectLinks,
  revokeLink,
  setCommentResolved,
  type ActiveLink,
} from './queries';
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
import { insertReply, linkReplyRows, presentReplies, projectReplyRows } from './replies';
import { hashReviewToken, isWellFormedToken, newReviewToken, reviewUrl } from './tokens';

export interface ReviewDeps {
  db: Database;
  /** Tells the owner's open tabs that feedback on a project changed; runs after the answer. */
  notifyReview: (userId: string, projectId: string) => void;
  now?: () => number;
}

const notFound = () => new AppError('not_found', generalMessages.notFound);
const nowOf = (deps: Pick<ReviewDeps, 'now'>) => deps.now?.() ?? Date.now();

// ---- The owner's side ----

export async function createLink(
  deps: ReviewDeps,
  userId: string,
  projectId: string,
  request: { expiresInDays?: number; allowDownload?: boolean; origin: string },
): Promise<CreatedReviewLink> {
  const { token, hash } = await newReviewToken();
  const row = await insertLink(deps.db, {
    id: crypto.randomUUID(),
    projectId,
    userId,
    tokenHash: hash,
    allowDownload: request.allowDownload ?? false,
    expiresAt: linkExpiry(nowOf(deps), request.expiresInDays),
  });
  if (!row) throw notFound();
  return { id: row.id, token, url: reviewUrl(request.origin, token), expiresAt: linkExpiresAt(row), allowDownload: row.allowDownload };
}

export async function listLinks(deps: ReviewDeps, userId: string, projectId: string): Promise<ReviewLinkList> {
  if (!(await ownsProject(deps.db, userId, projectId))) throw notFound();
  const nowMs = nowOf(deps);
  const rows = await projectLinks(deps.db, userId, projectId);
  return { items: rows.map((row) => toLinkSummary(row, nowMs)) };
}

export async function revoke(deps: ReviewDeps, userId: string, linkId: string): Promise<void> {
  if (!(await revokeLink(deps.db, userId, linkId, nowOf(deps)))) throw notFound();
}

export async function projectFeedback(deps: ReviewDeps, userId: string, projectId: string): Promise<ProjectFeedback> {
  if (!(await ownsProject(deps.db, userId, projectId))) throw notFound();
  const [comments, approvals, replies] = await Promise.all([
    projectComments(deps.db, projectId),
    projectApprovals(deps.db, projectId),
    projectReplyRows(deps.db, projectId).then((rows) => presentReplies(deps.db, userId, rows)),
  ]);
  const history = approvals.map(toOwnerApproval);
  return { comments: comments.map(toOwnerComment), replies, approvals: history, decisions: currentDecisions(history) };
}

/** The owner answers a client's comment in its thread; the reviewer reads it on the link it came through. */
export async function addReply(deps: ReviewDeps, userId: string, commentId: string, body: string): Promise<ReviewReply> {
  const row = await insertReply(deps.db, userId, { id: crypto.randomUUID(), commentId, body });
  if (!row) throw notFound();
  deps.notifyReview(userId, row.projectId);
  const [reply] = await presentReplies(deps.db, userId, [row]);
  if (!reply) throw new Error('a stored reply could not be presented');
  return reply;
}

export async function resolveComment(
  deps: ReviewDeps,
  userId: string,
  commentId: string,
  resolved: boolean,
): Promise<OwnerReviewComment> {
  const row = await setCommentResolved(deps.db, userId, commentId, resolved ? nowOf(deps) : null);
  if (!row) throw notFound();
  deps.notifyReview(userId, row.projectId);
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
  const [generations, comments, approvals, replies] = await Promise.all([
    projectGenerations(deps.db, link),
    linkComments(deps.db, link.id),
    linkApprovals(deps.db, link.id),
    linkReplyRows(deps.db, link.id).then((rows) => presentReplies(deps.db, link.userId, rows)),
  ]);
  const inProject = new Set(generations.map((row) => row.id));
  const history = approvals.map(toApproval);
  return {
    project: { name: link.projectName, brief: link.projectBrief },
    generations: generations.map((row) => toReviewGeneration(token, row, inProject, link.allowDownload)),
    comments: comments.map(toComment),
    approvals: history,
    decisions: currentDecisions(history),
    replies,
    allowDownload: link.allowDownload,
    watermarked: link.watermarked,
    expiresAt: linkExpiresAt(link),
  };
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
  if (!row) throw notFound();
  deps.notifyReview(link.userId, link.projectId);
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
  if (!row) throw notFound();
  deps.notifyReview(link.userId, link.projectId);
  return toApproval(row);
}

/**
 * The R2 key and caching of one image URL of a review link: only images of the link's project,
 * and the original only when the link allows downloads.
 */
export async function reviewImage(
  deps: ReviewDeps,
  token: string,
  request: { generationId: string; index: number; variant: string },
): Promise<{ key: string; cacheControl: string; fileName: string | null }> {
  const variant = parseVariant(request.variant);
  if (!variant) throw notFound();
  const link = await linkOf(deps, token);
  if (variant.kind === 'original' && !link.allowDownload) throw notFound();
  const generation = await projectGeneration(deps.db, link, request.generationId);
  const image = generation?.images[request.index];
  if (!image) throw notFound();
  const key = variantKey({ userId: link.userId, generationId: request.generationId, index: request.index }, image, variant);
  if (!key) throw notFound();
  // A downloaded original is named as the client knows it: project, version and view.
  const fileName = variant.kind === 'original' && generation ? originalFileName(link.projectName, generation, request.index) : null;
  return { key, cacheControl: `private, max-age=${REVIEW_MEDIA_MAX_AGE_SECONDS}`, fileName };
}
