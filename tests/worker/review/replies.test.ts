/**
 * The owner replies in a client's thread: owner only, shown on the link the comment came through
 * with the page of comments it answers, signed as the practice, and capped per comment.
 */
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BoardData } from '#shared/board-types';
import { reviewRequestMessages } from '#shared/messages';
import type { ProjectFeedback, ReviewComment, ReviewCommentPage, ReviewPage, ReviewReply } from '#shared/review-types';
import { MAX_REVIEW_REPLIES_PER_COMMENT, REVIEW_COMMENTS_PAGE_SIZE } from '../../../worker/platform/caps';
import { call, json, signUp, type SignedUp } from '../helpers';
import { closeSocketsAfterEach, connect } from '../realtime/sockets';
import { createLink, insertProject, insertVersion, postComment } from './review-helpers';

closeSocketsAfterEach();

let owner: SignedUp;
let other: SignedUp;
let projectId: string;
let version: string;
beforeEach(async () => {
  owner = await signUp();
  other = await signUp();
  projectId = await insertProject(owner.user.id);
  version = await insertVersion({ userId: owner.user.id, projectId });
});

const reply = (token: string, commentId: string, body: unknown) => call(`/api/review-comments/${commentId}/replies`, { method: 'POST', token, body: { body } });

async function comment(linkToken: string, body = 'Can the roof be lower?'): Promise<ReviewComment> {
  return json<ReviewComment>(await postComment(linkToken, { generationId: version, body, name: 'Anna' }));
}

describe('the owner’s reply to a client comment', () => {
  it('appears under the comment on the link it came through, and in the owner’s feedback', async () => {
    const first = await createLink(owner.token, projectId);
    const second = await createLink(owner.token, projectId);
    const question = await comment(first.token);
    const tab = await connect(owner.token);
    const response = await reply(owner.token, question.id, '  Yes — by 600 mm in the next version.  ');
    expect(response.status).toBe(201);
    const answer = await json<ReviewReply>(response);
    expect(answer).toMatchObject({ commentId: question.id, body: 'Yes — by 600 mm in the next version.', authorName: null });
    await tab.next(1);
    expect(tab.received).toContainEqual({ type: 'review', projectId });

    const onFirst = await json<ReviewPage>(await call(`/api/review/${first.token}`));
    expect(onFirst.replies).toEqual([answer]);
    // Another link's reviewer sees neither the comment nor the reply.
    const onSecond = await json<ReviewPage>(await call(`/api/review/${second.token}`));
    expect(onSecond.replies).toEqual([]);
    const feedback = await json<ProjectFeedback>(await call(`/api/projects/${projectId}/feedback`, { token: owner.token }));
    expect(feedback.replies).toEqual([answer]);
  });

  it('is signed as the practice the owner last named on a board', async () => {
    const link = await createLink(owner.token, projectId);
    const question = await comment(link.token);
    const board: BoardData = {
      paper: 'A3', perPage: 4, fit: 'cover', entries: [],
      title: { practiceName: 'Studio North', logoKey: null, view: null, date: null, sheetNumber: '01', revision: '' },
    };
    expect((await call(`/api/projects/${projectId}/board`, { method: 'PUT', token: owner.token, body: board })).status).toBe(200);
    expect((await json<ReviewReply>(await reply(owner.token, question.id, 'Noted.'))).authorName).toBe('Studio North');
    expect((await json<ReviewPage>(await call(`/api/review/${link.token}`))).replies[0]?.authorName).toBe('Studio North');
  });

  it('is the owner’s alone: anyone else, or a comment that does not exist, is a 404; the body is checked', async () => {
    const link = await createLink(owner.token, projectId);
    const question = await comment(link.token);
    expect((await reply(other.token, question.id, 'Mine now')).status).toBe(404);
    expect((await reply(owner.token, crypto.randomUUID(), 'Lost')).status).toBe(404);
    expect((await call(`/api/review-comments/${question.id}/replies`, { method: 'POST', body: { body: 'Anonymous' } })).status).toBe(401);
    for (const body of ['   ', 'a'.repeat(2001), 42]) {
      const response = await reply(owner.token, question.id, body);
      expect(response.status).toBe(400);
      expect((await json<{ error: { field: string } }>(response)).error.field).toBe('body');
    }
    expect((await json<ReviewPage>(await call(`/api/review/${link.token}`))).replies).toEqual([]);
  });

  it('comes with the page of comments it answers: the first page on the link and in the feedback, a later one with its own', async () => {
    const link = await createLink(owner.token, projectId);
    // One comment past the first page, a millisecond apart, oldest first.
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
       insert into review_comments (id, link_id, project_id, generation_id, body, author_name, created_at)
       select lower(hex(randomblob(16))), ?, ?, ?, 'Note ' || i, 'Seeder', ? + i from n`,
    )
      .bind(REVIEW_COMMENTS_PAGE_SIZE + 1, link.id, projectId, version, Date.now() - 60_000)
      .run();
    const ids = await env.DB.prepare('select id from review_comments where link_id = ? order by created_at').bind(link.id).all<{ id: string }>();
    const [first, last] = [ids.results.at(0)?.id ?? '', ids.results.at(-1)?.id ?? ''];
    const early = await json<ReviewReply>(await reply(owner.token, first, 'On the first page.'));
    const late = await json<ReviewReply>(await reply(owner.token, last, 'On the second page.'));

    const page = await json<ReviewPage>(await call(`/api/review/${link.token}`));
    expect(page.replies).toEqual([early]);
    const rest = await json<ReviewCommentPage>(await call(`/api/review/${link.token}/comments?cursor=${encodeURIComponent(page.commentsCursor ?? '')}`));
    expect(rest.items.map((item) => item.id)).toEqual([last]);
    expect(rest.replies).toEqual([late]);

    const head = await json<ProjectFeedback>(await call(`/api/projects/${projectId}/feedback`, { token: owner.token }));
    expect(head.replies).toEqual([early]);
    const tail = await json<ProjectFeedback>(
      await call(`/api/projects/${projectId}/feedback?cursor=${encodeURIComponent(head.nextCursor ?? '')}`, { token: owner.token }),
    );
    expect(tail.replies).toEqual([late]);
  });

  it(`takes up to ${MAX_REVIEW_REPLIES_PER_COMMENT} replies under one comment, then answers 409 with the cap`, async () => {
    const link = await createLink(owner.token, projectId);
    const question = await comment(link.token);
    const eaves = await comment(link.token, 'And the eaves?');
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
       insert into review_replies (id, comment_id, project_id, user_id, body)
       select lower(hex(randomblob(16))), ?, ?, ?, 'Reply ' || i from n`,
    )
      .bind(MAX_REVIEW_REPLIES_PER_COMMENT - 1, question.id, projectId, owner.user.id)
      .run();
    expect((await reply(owner.token, question.id, 'The last one.')).status).toBe(201);
    const refused = await reply(owner.token, question.id, 'One too many.');
    expect(refused.status).toBe(409);
    expect((await json<{ error: { code: string; message: string } }>(refused)).error).toEqual({
      code: 'limit_reached',
      message: reviewRequestMessages.commentRepliesFull(MAX_REVIEW_REPLIES_PER_COMMENT),
    });
    // Another comment still takes replies; someone else's reply to the full one is still a 404.
    expect((await reply(owner.token, eaves.id, 'Yes.')).status).toBe(201);
    expect((await reply(other.token, question.id, 'Mine now')).status).toBe(404);
  });
});
