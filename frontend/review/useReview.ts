/**
 * The reviewer's side in TanStack Query: the page, and posts that land in its cache at once.
 * The name is asked once and kept on the device.
 */
import { useCallback, useState, useSyncExternalStore } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentDecisions } from '#shared/review-rules';
import type { ReviewDecision, ReviewPage } from '#shared/review-types';
import { fetchReview, fetchReviewComments, postReviewComment, postReviewDecision, type CommentDraft } from './api';
import { reviewKeys } from './keys';
import { keepLaterComments, mergeComments, readReviewerName, saveReviewerName } from './rules';
import { REVIEW_REVALIDATE_MS } from '../ui/timings';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/**
 * The page's payload, read again every REVIEW_REVALIDATE_MS while the tab is shown and whenever it
 * is shown again: a link revoked meanwhile answers 404, and the page says it is no longer active.
 * A read again keeps the later pages of comments already shown.
 */
export function reviewPageQuery(token: string) {
  return queryOptions({
    queryKey: reviewKeys.page(token),
    // Over the page held when the read lands, not when it began: a comment posted or a later page
    // read while it was in flight stays.
    queryFn: async ({ client }) => {
      const loaded = await fetchReview(token);
      return keepLaterComments(client.getQueryData<ReviewPage>(reviewKeys.page(token)), loaded);
    },
    refetchInterval: REVIEW_REVALIDATE_MS,
    refetchOnWindowFocus: 'always',
  });
}

export function useReviewPage(token: string) {
  return useQuery(reviewPageQuery(token));
}

export function useReviewPosts(token: string) {
  const client = useQueryClient();
  const update = (change: (page: ReviewPage) => ReviewPage) =>
    client.setQueryData<ReviewPage>(reviewKeys.page(token), (page) => (page ? change(page) : page));
  const comment = useMutation({
    mutationFn: (draft: CommentDraft) => postReviewComment(token, draft),
    onSuccess: (posted) =>
      update((page) => ({
        ...page,
        comments: mergeComments(page.comments, [posted]),
        generations: page.generations.map((generation) =>
          generation.id === posted.generationId ? { ...generation, commentCount: generation.commentCount + 1 } : generation,
        ),
      })),
  });
  /** The next page of the link's comments, merged into the page in order. */
  const more = useMutation({
    mutationFn: (cursor: string) => fetchReviewComments(token, cursor),
    onSuccess: (next) =>
      update((page) => ({
        ...page,
        comments: mergeComments(page.comments, next.items),
        replies: mergeComments(page.replies, next.replies),
        commentsCursor: next.nextCursor,
      })),
  });
  const decide = useMutation({
    mutationFn: (decision: { generationId: string; status: ReviewDecision; name: string }) => postReviewDecision(token, decision),
    onSuccess: (approval) =>
      update((page) => {
        const approvals = [...page.approvals, approval];
        return { ...page, approvals, decisions: currentDecisions(approvals) };
      }),
  });
  return { comment, decide, more };
}

function subscribeToStorage(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** The name this device keeps; null on the server and while hydrating (the HTML asks for one). */
function useStoredReviewerName(): string | null {
  return useSyncExternalStore(subscribeToStorage, () => readReviewerName(storage()), () => null);
}

/** The reviewer's display name, and a way to run an action once there is one. */
export function useReviewerName() {
  const stored = useStoredReviewerName();
  const [chosen, setChosen] = useState<string | null>(null);
  const name = chosen ?? stored;
  const [asking, setAsking] = useState<{ then: ((name: string) => void) | null } | null>(null);
  const withName = useCallback(
    (then: (name: string) => void) => {
      if (name) then(name);
      else setAsking({ then });
    },
    [name],
  );
  const save = (picked: string) => {
    saveReviewerName(storage(), picked);
    setChosen(picked);
    const pending = asking?.then;
    setAsking(null);
    pending?.(picked);
  };
  return {
    name,
    withName,
    asking: asking !== null,
    ask: () => setAsking({ then: null }),
    cancel: () => setAsking(null),
    save,
  };
}
