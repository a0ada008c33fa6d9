/**
 * The reviewer's side in TanStack Query: the page, and posts that land in its cache at once.
 * The name is asked once and kept on the device.
 */
import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentDecisions } from '#shared/review-rules';
import type { ReviewDecision, ReviewPage } from '#shared/review-types';
import { fetchReview, postReviewComment, postReviewDecision, reviewKeys, type CommentDraft } from './api';
import { readReviewerName, saveReviewerName } from './rules';
import { REVIEW_REVALIDATE_MS } from '../ui/timings';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/**
 * The page's payload, read again every REVIEW_REVALIDATE_MS while the tab is shown and whenever it
 * is shown again: a link revoked meanwhile answers 404, and the page says it is no longer active.
 */
export function useReviewPage(token: string) {
  return useQuery({
    queryKey: reviewKeys.page(token),
    queryFn: () => fetchReview(token),
    refetchInterval: REVIEW_REVALIDATE_MS,
    refetchOnWindowFocus: 'always',
  });
}

export function useReviewPosts(token: string) {
  const client = useQueryClient();
  const update = (change: (page: ReviewPage) => ReviewPage) =>
    client.setQueryData<ReviewPage>(reviewKeys.page(token), (page) => (page ? change(page) : page));
  const comment = useMutation({
    mutationFn: (draft: CommentDraft) => postReviewComment(token, draft),
    onSuccess: (posted) => update((page) => ({ ...page, comments: [...page.comments, posted] })),
  });
  const decide = useMutation({
    mutationFn: (decision: { generationId: string; status: ReviewDecision; name: string }) => postReviewDecision(token, decision),
    onSuccess: (approval) =>
      update((page) => {
        const approvals = [...page.approvals, approval];
        return { ...page, approvals, decisions: currentDecisions(approvals) };
      }),
  });
  return { comment, decide };
}

/** The reviewer's display name, and a way to run an action once there is one. */
export function useReviewerName() {
  const [name, setName] = useState<string | null>(() => readReviewerName(storage()));
  const [asking, setAsking] = useState<{ then: ((name: string) => void) | null } | null>(null);
  const withName = useCallback(
    (then: (name: string) => void) => {
      if (name) then(name);
      else setAsking({ then });
    },
    [name],
  );
  const save = (chosen: string) => {
    saveReviewerName(storage(), chosen);
    setName(chosen);
    const pending = asking?.then;
    setAsking(null);
    pending?.(chosen);
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
