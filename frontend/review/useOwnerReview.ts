/** The owner's side of review links in TanStack Query: links, feedback, and their writes. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { OwnerReviewApproval, OwnerReviewComment, ProjectFeedback, ReviewReply } from '#shared/review-types';
import { createReviewLink, fetchFeedback, fetchReviewLinks, postReply, revokeReviewLink, setCommentResolved } from './api';
import { reviewKeys } from './keys';

export function useReviewLinks(projectId: string) {
  return useQuery({ queryKey: reviewKeys.links(projectId), queryFn: () => fetchReviewLinks(projectId) });
}

/** The pages read so far as one: their comments and replies in order, and the decisions of the newest page read. */
interface LoadedFeedback {
  comments: OwnerReviewComment[];
  replies: ReviewReply[];
  approvals: OwnerReviewApproval[];
  decisions: OwnerReviewApproval[];
}

function mergePages(data: InfiniteData<ProjectFeedback, string | null>): LoadedFeedback {
  const last = data.pages.at(-1);
  return {
    comments: data.pages.flatMap((page) => page.comments),
    replies: data.pages.flatMap((page) => page.replies),
    approvals: last?.approvals ?? [],
    decisions: last?.decisions ?? [],
  };
}

/**
 * The project's comments a page at a time (fetchNextPage reads the next) and every decision; the
 * live `review` message re-reads the pages read so far.
 */
export function useProjectFeedback(projectId: string) {
  return useInfiniteQuery({
    queryKey: reviewKeys.feedback(projectId),
    queryFn: ({ pageParam }) => fetchFeedback(projectId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    select: mergePages,
  });
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
      client.setQueryData<InfiniteData<ProjectFeedback, string | null>>(reviewKeys.feedback(projectId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                comments: page.comments.map((entry) => (entry.id === comment.id ? comment : entry)),
              })),
            }
          : data,
      ),
  });
}

/** The owner answers a comment in its thread: the reply joins the page that holds the comment at once. */
export function useReplyToComment(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: string }) => postReply(commentId, body),
    onSuccess: (reply) =>
      client.setQueryData<InfiniteData<ProjectFeedback, string | null>>(reviewKeys.feedback(projectId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) =>
                page.comments.some((comment) => comment.id === reply.commentId) && !page.replies.some((entry) => entry.id === reply.id)
                  ? { ...page, replies: [...page.replies, reply] }
                  : page,
              ),
            }
          : data,
      ),
  });
}
