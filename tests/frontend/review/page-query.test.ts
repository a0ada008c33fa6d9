/** The review page's query: a read again lands over what the tab holds by then. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewComment, ReviewPage } from '#shared/review-types';
import { createQueryClient } from '../../../frontend/queries/client';
import { reviewKeys } from '../../../frontend/review/keys';
import { reviewPageQuery } from '../../../frontend/review/useReview';

const client = createQueryClient();
afterEach(() => {
  client.clear();
  vi.restoreAllMocks();
});

const comment = (id: string, minute: number): ReviewComment => ({
  id,
  generationId: 'g1',
  imageIndex: 0,
  body: id,
  authorName: 'Anna',
  x: null,
  y: null,
  resolvedAt: null,
  createdAt: `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

const page = (comments: ReviewComment[], commentsCursor: string | null): ReviewPage => ({
  project: { name: 'Riverside Library', brief: {} },
  practice: null,
  generations: [],
  comments,
  commentsCursor,
  replies: [],
  approvals: [],
  decisions: [],
  allowDownload: false,
  watermarked: false,
  expiresAt: '2026-12-01T00:00:00.000Z',
});

describe("the review page's query", () => {
  it('keeps a comment posted while a read again was in flight', async () => {
    client.setQueryData(reviewKeys.page('t'), page([comment('a', 1), comment('b', 2), comment('c', 3)], null));
    let answer: (response: Response) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    // Read again now, as the page's interval does, though the held page is fresh.
    const read = client.fetchQuery({ ...reviewPageQuery('t'), staleTime: 0 });
    // The reviewer posts on the second page they had read; the answer lands in the cache at once.
    client.setQueryData<ReviewPage>(reviewKeys.page('t'), (held) => (held ? { ...held, comments: [...held.comments, comment('posted', 4)] } : held));
    answer(Response.json(page([comment('a', 1), comment('b', 2)], 'after-b')));
    await read;
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(client.getQueryData<ReviewPage>(reviewKeys.page('t'))?.comments.map((entry) => entry.id)).toEqual(['a', 'b', 'c', 'posted']);
  });
});
