/**
 * Caps on what a link holder or a user can multiply (issue 22, item 6): comments and decisions per
 * link and per project, working links per project, links per user per day, projects per user; and
 * comments read a page at a time. Rows up to a cap are written straight to D1, then the API is asked.
 */
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { projectMessages, reviewRequestMessages } from '#shared/messages';
import type { ProjectFeedback, ReviewCommentPage, ReviewPage } from '#shared/review-types';
import {
  MAX_ACTIVE_REVIEW_LINKS_PER_PROJECT,
  MAX_PROJECTS_PER_USER,
  MAX_REVIEW_COMMENTS_PER_LINK,
  MAX_REVIEW_COMMENTS_PER_PROJECT,
  MAX_REVIEW_DECISIONS_PER_LINK,
  MAX_REVIEW_LINKS_PER_USER_PER_DAY,
  REVIEW_COMMENTS_PAGE_SIZE,
} from '../../../worker/platform/caps';
import { call, json, signUp, type SignedUp } from '../helpers';
import { createLink, insertProject, insertVersion, postApproval, postComment } from './review-helpers';

type ErrorBody = { error: { code: string; field?: string; message: string } };

/** `count` comments through a link, one a millisecond from `since`, in one statement. */
async function seedComments(link: { id: string; projectId: string; generationId: string }, count: number, since = Date.now() - 60_000): Promise<void> {
  await env.DB.prepare(
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
     insert into review_comments (id, link_id, project_id, generation_id, body, author_name, created_at)
     select lower(hex(randomblob(16))), ?, ?, ?, 'Note ' || i, 'Seeder', ? + i from n`,
  )
    .bind(count, link.id, link.projectId, link.generationId, since)
    .run();
}

async function seedDecisions(link: { id: string; projectId: string; generationId: string }, count: number): Promise<void> {
  await env.DB.prepare(
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
     insert into review_approvals (id, link_id, project_id, generation_id, status, reviewer_name, created_at)
     select lower(hex(randomblob(16))), ?, ?, ?, 'approved', 'Seeder ' || i, ? + i from n`,
  )
    .bind(count, link.id, link.projectId, link.generationId, Date.now() - 60_000)
    .run();
}

async function expectFull(response: Response, message: string): Promise<void> {
  expect(response.status).toBe(409);
  expect((await json<ErrorBody>(response)).error).toEqual({ code: 'limit_reached', message });
}

describe('review caps', () => {
  let owner: SignedUp;
  let projectId: string;
  let generationId: string;

  beforeEach(async () => {
    owner = await signUp();
    projectId = await insertProject(owner.user.id);
    generationId = await insertVersion({ userId: owner.user.id, projectId });
  });

  it('takes comments through a link up to its cap, then answers 409 with the cap, while another link still works', async () => {
    const full = await createLink(owner.token, projectId);
    await seedComments({ id: full.id, projectId, generationId }, MAX_REVIEW_COMMENTS_PER_LINK - 1);
    expect((await postComment(full.token, { generationId, body: 'The last one', name: 'Anna' })).status).toBe(201);
    await expectFull(
      await postComment(full.token, { generationId, body: 'One too many', name: 'Anna' }),
      reviewRequestMessages.linkCommentsFull(MAX_REVIEW_COMMENTS_PER_LINK),
    );
    const other = await createLink(owner.token, projectId);
    expect((await postComment(other.token, { generationId, body: 'Through my own link', name: 'Ben' })).status).toBe(201);
  });

  it('caps a project’s comments across all its links', async () => {
    const links = await Promise.all([0, 1, 2, 3].map(() => createLink(owner.token, projectId)));
    for (const link of links) await seedComments({ id: link.id, projectId, generationId }, MAX_REVIEW_COMMENTS_PER_PROJECT / 4 - (link === links[0] ? 1 : 0));
    const fresh = await createLink(owner.token, projectId);
    expect((await postComment(fresh.token, { generationId, body: 'The last one', name: 'Anna' })).status).toBe(201);
    await expectFull(
      await postComment(fresh.token, { generationId, body: 'One too many', name: 'Anna' }),
      reviewRequestMessages.projectCommentsFull(MAX_REVIEW_COMMENTS_PER_PROJECT),
    );
  });

  it('caps the decisions a link keeps', async () => {
    const link = await createLink(owner.token, projectId);
    await seedDecisions({ id: link.id, projectId, generationId }, MAX_REVIEW_DECISIONS_PER_LINK);
    await expectFull(
      await postApproval(link.token, { generationId, status: 'approved', name: 'Anna' }),
      reviewRequestMessages.linkDecisionsFull(MAX_REVIEW_DECISIONS_PER_LINK),
    );
  });

  it('holds a project to a number of working links, freeing a place when one is revoked', async () => {
    const links = [];
    for (let n = 0; n < MAX_ACTIVE_REVIEW_LINKS_PER_PROJECT; n += 1) links.push(await createLink(owner.token, projectId));
    const refused = await call(`/api/projects/${projectId}/review-links`, { method: 'POST', token: owner.token, body: {} });
    await expectFull(refused, reviewRequestMessages.tooManyActiveLinks(MAX_ACTIVE_REVIEW_LINKS_PER_PROJECT));
    // Another project of the same owner is not held back.
    await createLink(owner.token, await insertProject(owner.user.id));
    expect((await call(`/api/review-links/${links[0]?.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    await createLink(owner.token, projectId);
  });

  it('holds a user to a number of links made in a day, revoked ones included', async () => {
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
       insert into review_links (id, project_id, user_id, token_hash, expires_at, revoked_at, created_at)
       select lower(hex(randomblob(16))), ?, ?, lower(hex(randomblob(32))), ?, ?, ? from n`,
    )
      .bind(MAX_REVIEW_LINKS_PER_USER_PER_DAY, projectId, owner.user.id, Date.now() + 86_400_000, Date.now(), Date.now() - 3_600_000)
      .run();
    const refused = await call(`/api/projects/${projectId}/review-links`, { method: 'POST', token: owner.token, body: {} });
    await expectFull(refused, reviewRequestMessages.tooManyLinksToday(MAX_REVIEW_LINKS_PER_USER_PER_DAY));
    // A day later they no longer count.
    await env.DB.prepare('update review_links set created_at = created_at - 86400000 where user_id = ?').bind(owner.user.id).run();
    await createLink(owner.token, projectId);
  });

  it('reads a link’s thread a page at a time, oldest first, with every generation’s count', async () => {
    const link = await createLink(owner.token, projectId);
    const total = REVIEW_COMMENTS_PAGE_SIZE + 30;
    await seedComments({ id: link.id, projectId, generationId }, total);
    const page = await json<ReviewPage>(await call(`/api/review/${link.token}`));
    expect(page.comments.map((comment) => comment.body)).toEqual(Array.from({ length: REVIEW_COMMENTS_PAGE_SIZE }, (_, n) => `Note ${n + 1}`));
    expect(page.generations[0]?.commentCount).toBe(total);
    expect(page.commentsCursor).toEqual(expect.any(String));

    const response = await call(`/api/review/${link.token}/comments?cursor=${encodeURIComponent(page.commentsCursor ?? '')}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const rest = await json<ReviewCommentPage>(response);
    expect(rest.items.map((comment) => comment.body)).toEqual(Array.from({ length: 30 }, (_, n) => `Note ${REVIEW_COMMENTS_PAGE_SIZE + n + 1}`));
    expect(rest.nextCursor).toBeNull();

    const forged = await call(`/api/review/${link.token}/comments?cursor=not-a-cursor`);
    expect(forged.status).toBe(400);
    expect((await json<ErrorBody>(forged)).error.field).toBe('cursor');
    // Another link's cursor reads this link's comments only.
    const other = await createLink(owner.token, projectId);
    const otherPage = await json<ReviewCommentPage>(await call(`/api/review/${other.token}/comments?cursor=${encodeURIComponent(page.commentsCursor ?? '')}`));
    expect(otherPage.items).toEqual([]);
  });

  it('pages the owner’s feedback across links, with every decision on each page', async () => {
    const first = await createLink(owner.token, projectId);
    const second = await createLink(owner.token, projectId);
    await seedComments({ id: first.id, projectId, generationId }, REVIEW_COMMENTS_PAGE_SIZE - 10, Date.now() - 120_000);
    await seedComments({ id: second.id, projectId, generationId }, 20, Date.now() - 60_000);
    expect((await postApproval(second.token, { generationId, status: 'approved', name: 'Chen' })).status).toBe(201);

    const head = await json<ProjectFeedback>(await call(`/api/projects/${projectId}/feedback`, { token: owner.token }));
    expect(head.comments).toHaveLength(REVIEW_COMMENTS_PAGE_SIZE);
    expect(head.comments.at(-1)?.linkId).toBe(second.id);
    expect(head.decisions).toHaveLength(1);
    const tail = await json<ProjectFeedback>(
      await call(`/api/projects/${projectId}/feedback?cursor=${encodeURIComponent(head.nextCursor ?? '')}`, { token: owner.token }),
    );
    expect(tail.comments.map((comment) => comment.body)).toEqual(Array.from({ length: 10 }, (_, n) => `Note ${n + 11}`));
    expect(tail.nextCursor).toBeNull();
    expect(tail.decisions).toEqual(head.decisions);
    const ids = new Set([...head.comments, ...tail.comments].map((comment) => comment.id));
    expect(ids.size).toBe(REVIEW_COMMENTS_PAGE_SIZE + 10);
  });
});

describe('projects per user', () => {
  it('holds a user to MAX_PROJECTS_PER_USER projects; deleting one frees a place', async () => {
    const owner = await signUp();
    await env.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
       insert into projects (id, user_id, name, updated_at) select lower(hex(randomblob(16))), ?, 'Study ' || i, ? from n`,
    )
      .bind(MAX_PROJECTS_PER_USER - 1, owner.user.id, Date.now())
      .run();
    const create = () => call('/api/projects', { method: 'POST', token: owner.token, body: { name: 'One more' } });
    const last = await create();
    expect(last.status).toBe(201);
    await expectFull(await create(), projectMessages.tooManyProjects(MAX_PROJECTS_PER_USER));
    // Another user is not held back.
    expect((await call('/api/projects', { method: 'POST', token: (await signUp()).token, body: { name: 'Mine' } })).status).toBe(201);
    const { id } = await json<{ id: string }>(last);
    expect((await call(`/api/projects/${id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect((await create()).status).toBe(201);
  });
});
