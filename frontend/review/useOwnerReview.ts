/** The owner's side of review links in TanStack Query: links, feedback, and their writes. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectFeedback } from '#shared/review-types';
import { createReviewLink, fetchFeedback, fetchReviewLinks, postReply, revokeReviewLink, reviewKeys, setCommentResolved } from './api';

export function useReviewLinks(projectId: string) {
  return useQuery({ queryKey: reviewKeys.links(projectId), queryFn: () => fetchReviewLinks(projectId) });
}

/** The project's comments and decisions; the live `review` message re-reads them. */
export function useProjectFeedback(projectId: string) {
  return useQuery({ queryKey: reviewKeys.feedback(projectId), queryFn: () => fetchFeedback(projectId) });
}

export function useCreateReviewLink(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (options: { expiresInDays: number; allowDownload: boolean }) => createReviewLink(projectId, options),
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.links(projectId) }),
  });
}

export function useRevokeReviewLink(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeReviewLink,
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.links(projectId) }),
  });
}

export function useResolveComment(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolved }: { id: string; resolved: boolean }) => setCommentResolved(id, resolved),
    onSuccess: (comment) =>
      client.setQueryData<ProjectFeedback>(reviewKeys.feedback(projectId), (feedback) =>
        feedback ? { ...feedback, comments: feedback.comments.map((entry) => (entry.id === comment.id ? comment : entry)) } : feedback,
      ),
  });
}

/** The owner answers a comment in its thread: the reply joins the feedback at once. */
export function useReplyToComment(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: string }) => postReply(commentId, body),
    onSuccess: (reply) =>
      client.setQueryData<ProjectFeedback>(reviewKeys.feedback(projectId), (feedback) =>
        feedback && !feedback.replies.some((entry) => entry.id === reply.id) ? { ...feedback, replies: [...feedback.replies, reply] } : feedback,
      ),
  });
}
