/** The owner replies in a client's thread: owner only, shown on the link the comment came through, signed as the practice. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { BoardData } from '#shared/board-types';
import type { ProjectFeedback, ReviewComment, ReviewPage, ReviewReply } from '#shared/review-types';
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
});
