/** Pinned comments and approvals through a link, and the owner's feedback, resolution and live message. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { OwnerReviewComment, ProjectFeedback, ReviewApproval, ReviewComment, ReviewPage } from '#shared/review-types';
import { call, json, signUp, type SignedUp } from '../helpers';
import { closeSocketsAfterEach, connect } from '../realtime/sockets';
import { createLink, insertProject, insertVersion, postApproval, postComment } from './review-helpers';

closeSocketsAfterEach();

describe('comments and approvals through a review link', () => {
  let owner: SignedUp;
  let other: SignedUp;
  let projectId: string;
  let version: string;
  let token: string;

  beforeEach(async () => {
    owner = await signUp();
    other = await signUp();
    projectId = await insertProject(owner.user.id);
    version = await insertVersion({ userId: owner.user.id, projectId, imageCount: 2 });
    token = (await createLink(owner.token, projectId)).token;
  });

  it('pins a comment at (x, y) of an image, or on the whole image, and shows both on the page', async () => {
    const pinned = await postComment(token, { generationId: version, imageIndex: 1, body: '  Warmer timber here  ', name: ' Anna ', x: 0.25, y: 0.75 });
    expect(pinned.status).toBe(201);
    const comment = await json<ReviewComment>(pinned);
    expect(comment).toMatchObject({ generationId: version, imageIndex: 1, body: 'Warmer timber here', authorName: 'Anna', x: 0.25, y: 0.75, resolvedAt: null });
    const whole = await json<ReviewComment>(await postComment(token, { generationId: version, body: 'Lovely overall', name: 'Ben' }));
    expect(whole).toMatchObject({ imageIndex: 0, x: null, y: null });
    const page = await json<ReviewPage>(await call(`/api/review/${token}`));
    expect(page.comments.map((c) => c.id)).toEqual([comment.id, whole.id]);
  });

  it('refuses comments on generations outside the project, and images past the last, with a 404', async () => {
    const otherProject = await insertProject(owner.user.id);
    const foreignOwn = await insertVersion({ userId: owner.user.id, projectId: otherProject });
    const loose = await insertVersion({ userId: owner.user.id, projectId: null });
    const someoneElses = await insertVersion({ userId: other.user.id, projectId: await insertProject(other.user.id) });
    for (const generationId of [foreignOwn, loose, someoneElses, crypto.randomUUID()]) {
      expect((await postComment(token, { generationId, body: 'Hmm', name: 'Anna' })).status).toBe(404);
      expect((await postApproval(token, { generationId, status: 'approved', name: 'Anna' })).status).toBe(404);
    }
    expect((await postComment(token, { generationId: version, imageIndex: 2, body: 'Hmm', name: 'Anna' })).status).toBe(404);
    const page = await json<ReviewPage>(await call(`/api/review/${token}`));
    expect(page.comments).toEqual([]);
  });

  it('validates the body, the name and the pin: both coordinates or neither, each within 0–1', async () => {
    const base = { generationId: version, body: 'Note', name: 'Anna' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, x: 0.5 }, 'x'],
      [{ ...base, y: 0.5 }, 'x'],
      [{ ...base, x: 1.5, y: 0.5 }, 'x'],
      [{ ...base, x: 0.5, y: -0.1 }, 'y'],
      [{ ...base, body: '   ' }, 'body'],
      [{ ...base, body: 'a'.repeat(2001) }, 'body'],
      [{ ...base, name: '' }, 'name'],
      [{ ...base, name: 'n'.repeat(81) }, 'name'],
      [{ ...base, imageIndex: -1 }, 'imageIndex'],
      [{ body: 'Note', name: 'Anna' }, 'generationId'],
    ];
    for (const [body, field] of cases) {
      const response = await postComment(token, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await json<{ error: { field: string } }>(response)).error.field).toBe(field);
    }
    expect((await postComment(token, { ...base, body: 'a'.repeat(2000), name: 'n'.repeat(80), x: 0, y: 1 })).status).toBe(201);
    expect((await postApproval(token, { generationId: version, status: 'maybe', name: 'Anna' })).status).toBe(400);
  });

  it('keeps every decision; the latest per reviewer name counts', async () => {
    const second = await insertVersion({ userId: owner.user.id, projectId, parentId: version });
    const decide = async (generationId: string, status: string, name: string) => {
      const response = await postApproval(token, { generationId, status, name });
      expect(response.status).toBe(201);
      return json<ReviewApproval>(response);
    };
    await decide(version, 'changes_requested', 'Anna');
    await decide(version, 'approved', 'Ben');
    const annaLater = await decide(version, 'approved', 'anna ');
    const onSecond = await decide(second, 'changes_requested', 'Anna');
    expect(annaLater).toMatchObject({ generationId: version, status: 'approved', reviewerName: 'anna' });

    const page = await json<ReviewPage>(await call(`/api/review/${token}`));
    expect(page.approvals.map((a) => [a.reviewerName, a.status])).toEqual([
      ['Anna', 'changes_requested'],
      ['Ben', 'approved'],
      ['anna', 'approved'],
      ['Anna', 'changes_requested'],
    ]);
    expect(page.decisions.map((a) => [a.generationId, a.reviewerName, a.status])).toEqual([
      [version, 'Ben', 'approved'],
      [version, 'anna', 'approved'],
      [second, 'Anna', 'changes_requested'],
    ]);
    expect(page.decisions.at(-1)?.id).toBe(onSecond.id);
  });

  it('shows the owner every link’s feedback, lets only them resolve, and tells their tabs at once', async () => {
    const secondLink = await createLink(owner.token, projectId);
    const socket = await connect(owner.token);
    const first = await json<ReviewComment>(await postComment(token, { generationId: version, body: 'Door too narrow', name: 'Anna', x: 0.1, y: 0.2 }));
    expect(await socket.next(1)).toEqual([{ type: 'review', projectId }]);
    await postComment(secondLink.token, { generationId: version, body: 'Roof?', name: 'Chen' });
    await postApproval(secondLink.token, { generationId: version, status: 'approved', name: 'Chen' });
    await socket.next(3);

    const response = await call(`/api/projects/${projectId}/feedback`, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const feedback = await json<ProjectFeedback>(response);
    expect(feedback.comments.map((c) => [c.body, c.linkId, c.x, c.y])).toEqual([
      ['Door too narrow', expect.any(String), 0.1, 0.2],
      ['Roof?', secondLink.id, null, null],
    ]);
    expect(feedback.decisions).toMatchObject([{ generationId: version, status: 'approved', reviewerName: 'Chen', linkId: secondLink.id }]);
    // One link's reviewers do not see another link's comments.
    const reviewerView = await json<ReviewPage>(await call(`/api/review/${token}`));
    expect(reviewerView.comments.map((c) => c.body)).toEqual(['Door too narrow']);

    expect((await call(`/api/projects/${projectId}/feedback`, { token: other.token })).status).toBe(404);
    const resolvePath = `/api/review-comments/${first.id}`;
    expect((await call(resolvePath, { method: 'PATCH', token: other.token, body: { resolved: true } })).status).toBe(404);
    const resolved = await call(resolvePath, { method: 'PATCH', token: owner.token, body: { resolved: true } });
    expect(resolved.status).toBe(200);
    expect((await json<OwnerReviewComment>(resolved)).resolvedAt).not.toBeNull();
    expect(await socket.next(4)).toContainEqual({ type: 'review', projectId });
    const reviewerAfter = await json<ReviewPage>(await call(`/api/review/${token}`));
    expect(reviewerAfter.comments[0]?.resolvedAt).not.toBeNull();
    const reopened = await json<OwnerReviewComment>(await call(resolvePath, { method: 'PATCH', token: owner.token, body: { resolved: false } }));
    expect(reopened.resolvedAt).toBeNull();
    expect((await call(resolvePath, { method: 'PATCH', token: owner.token, body: { resolved: 'yes' } })).status).toBe(400);
  });
});
