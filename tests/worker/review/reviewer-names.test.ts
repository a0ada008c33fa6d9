/**
 * Decisions across links and what a name or a comment may hold (issue 22, item 4): a decision is
 * kept per link and reviewer name, and invisible characters never make or hide a reviewer.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { reviewRequestMessages } from '#shared/messages';
import type { ProjectFeedback, ReviewApproval, ReviewComment, ReviewPage } from '#shared/review-types';
import { call, json, signUp, type SignedUp } from '../helpers';
import { createLink, insertProject, insertVersion, postApproval, postComment } from './review-helpers';

type ErrorBody = { error: { code: string; field?: string; message: string } };

describe('reviewers across links', () => {
  let owner: SignedUp;
  let projectId: string;
  let version: string;

  beforeEach(async () => {
    owner = await signUp();
    projectId = await insertProject(owner.user.id);
    version = await insertVersion({ userId: owner.user.id, projectId });
  });

  it('keeps a decision per link: the same name on another link does not override it', async () => {
    const first = await createLink(owner.token, projectId);
    const second = await createLink(owner.token, projectId);
    expect((await postApproval(first.token, { generationId: version, status: 'approved', name: 'Client Jane' })).status).toBe(201);
    expect((await postApproval(second.token, { generationId: version, status: 'changes_requested', name: ' client  JANE ' })).status).toBe(201);

    const feedback = await json<ProjectFeedback>(await call(`/api/projects/${projectId}/feedback`, { token: owner.token }));
    expect(feedback.decisions.map((decision) => [decision.linkId, decision.reviewerName, decision.status])).toEqual([
      [first.id, 'Client Jane', 'approved'],
      [second.id, 'client JANE', 'changes_requested'],
    ]);
    // Each decision names its link by the link's creation time, the owner's way to tell links apart.
    const links = await json<{ items: { id: string; createdAt: string }[] }>(await call(`/api/projects/${projectId}/review-links`, { token: owner.token }));
    for (const decision of feedback.decisions) {
      expect(decision.linkCreatedAt).toBe(links.items.find((link) => link.id === decision.linkId)?.createdAt);
    }
    // Each reviewer sees their own link's decision.
    const firstPage = await json<ReviewPage>(await call(`/api/review/${first.token}`));
    expect(firstPage.decisions.map((decision) => [decision.reviewerName, decision.status])).toEqual([['Client Jane', 'approved']]);
    const secondPage = await json<ReviewPage>(await call(`/api/review/${second.token}`));
    expect(secondPage.decisions.map((decision) => [decision.reviewerName, decision.status])).toEqual([['client JANE', 'changes_requested']]);
  });

  it('on one link, names that differ by case, spacing, width or invisible characters are one reviewer', async () => {
    const { token } = await createLink(owner.token, projectId);
    const spellings = ['Jane Doe', 'ＪＡＮＥ ＤＯＥ', 'jane\u00a0doe', 'Ja\u200bne\u2060 Doe', '\u202ejane doe\u202c'];
    for (const [index, name] of spellings.entries()) {
      expect((await postApproval(token, { generationId: version, status: index % 2 === 0 ? 'approved' : 'changes_requested', name })).status).toBe(201);
    }
    const page = await json<ReviewPage>(await call(`/api/review/${token}`));
    expect(page.approvals.map((approval) => approval.reviewerName)).toEqual(['Jane Doe', 'JANE DOE', 'jane doe', 'Jane Doe', 'jane doe']);
    expect(page.decisions).toHaveLength(1);
    expect(page.decisions[0]).toMatchObject({ reviewerName: 'jane doe', status: 'approved' });
  });

  it('strips direction overrides, zero-width and control characters from names and comments, keeping line breaks', async () => {
    const { token } = await createLink(owner.token, projectId);
    const response = await postComment(token, {
      generationId: version,
      name: '\u202eAnna\u200b \u0007K\u2066',
      body: 'Roof \u202elooks\u202c good\u200b\r\nsecond\u0000 line\u2028third\tline',
    });
    expect(response.status).toBe(201);
    const comment = await json<ReviewComment>(response);
    expect(comment.authorName).toBe('Anna K');
    expect(comment.body).toBe('Roof looks good\nsecond line\nthird line');
    // Scripts that need the zero-width joiner and non-joiner keep them in comments.
    const hindi = await json<ReviewComment>(await postComment(token, { generationId: version, name: 'Anna K', body: 'क्‍ष और 👩‍👩‍👧' }));
    expect(hindi.body).toBe('क्‍ष और 👩‍👩‍👧');
    const approval = await json<ReviewApproval>(await postApproval(token, { generationId: version, status: 'approved', name: 'Anna\u200d K' }));
    expect(approval.reviewerName).toBe('Anna K');
  });

  it('refuses a name or a comment without a visible letter with a 400 that says so', async () => {
    const { token } = await createLink(owner.token, projectId);
    for (const name of ['\u200b\u200b\u200b', '\u202e\u202c', '1234', '...', '  ']) {
      for (const response of [
        await postComment(token, { generationId: version, body: 'Fine', name }),
        await postApproval(token, { generationId: version, status: 'approved', name }),
      ]) {
        expect(response.status).toBe(400);
        expect((await json<ErrorBody>(response)).error).toEqual({ code: 'invalid_request', field: 'name', message: reviewRequestMessages.nameNeedsLetter });
      }
    }
    for (const body of ['\u200b', '\u202e\u202d\u2066', '!!!', '12 34', '\u0007\u0008']) {
      const response = await postComment(token, { generationId: version, body, name: 'Anna' });
      expect(response.status).toBe(400);
      expect((await json<ErrorBody>(response)).error).toEqual({ code: 'invalid_request', field: 'body', message: reviewRequestMessages.commentNeedsLetter });
    }
    // Invisible characters do not count against the length: 80 letters and a few of them fit.
    expect((await postComment(token, { generationId: version, body: 'Fine', name: `${'n'.repeat(80)}\u200b\u200b` })).status).toBe(201);
    const page = await json<ReviewPage>(await call(`/api/review/${token}`));
    expect(page.comments.map((comment) => comment.body)).toEqual(['Fine']);
  });
});
