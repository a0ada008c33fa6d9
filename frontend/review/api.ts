/**
 * The review calls. A reviewer's go without the access token (no sign-in, nothing renewed); the
 * owner's go through the app's authenticated client.
 */
import type { ReviewDecision } from '#shared/review-types';
import { api, ok, withoutToken } from '../api/client';

export function fetchReview(token: string) {
  return ok(api.review[':token'].$get({ param: { token } }, withoutToken));
}

/** A later page of the link's comments (the page carries the first). */
export function fetchReviewComments(token: string, cursor: string) {
  return ok(api.review[':token'].comments.$get({ param: { token }, query: { cursor } }, withoutToken));
}

export interface CommentDraft {
  generationId: string;
  imageIndex: number;
  body: string;
  name: string;
  x?: number;
  y?: number;
}

export function postReviewComment(token: string, draft: CommentDraft) {
  return ok(api.review[':token'].comments.$post({ param: { token }, json: draft }, withoutToken));
}

export function postReviewDecision(token: string, decision: { generationId: string; status: ReviewDecision; name: string }) {
  return ok(api.review[':token'].approvals.$post({ param: { token }, json: decision }, withoutToken));
}

export function createReviewLink(projectId: string, options: { expiresInDays: number; allowDownload: boolean }) {
  return ok(api.projects[':id']['review-links'].$post({ param: { id: projectId }, json: options }));
}

export function fetchReviewLinks(projectId: string) {
  return ok(api.projects[':id']['review-links'].$get({ param: { id: projectId } }));
}

export async function revokeReviewLink(linkId: string): Promise<void> {
  await ok(api['review-links'][':id'].$delete({ param: { id: linkId } }));
}

/** One page of the project's comments (the first without a cursor) and every decision. */
export function fetchFeedback(projectId: string, cursor: string | null) {
  return ok(api.projects[':id'].feedback.$get({ param: { id: projectId }, query: cursor ? { cursor } : {} }));
}

export function postReply(commentId: string, body: string) {
  return ok(api['review-comments'][':id'].replies.$post({ param: { id: commentId }, json: { body } }));
}

export function setCommentResolved(commentId: string, resolved: boolean) {
  return ok(api['review-comments'][':id'].$patch({ param: { id: commentId }, json: { resolved } }));
}
