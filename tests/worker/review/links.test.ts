/** The owner's review links: created with a token kept only as its hash, listed, expired and revoked. */
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReviewLinkList } from '#shared/review-types';
import { sha256Hex } from '../../../worker/platform/crypto';
import { call, json, ORIGIN, signUp, type SignedUp } from '../helpers';
import { createLink, insertProject, insertVersion, postApproval, postComment } from './review-helpers';

const DAY_MS = 86_400_000;

describe('review links', () => {
  let owner: SignedUp;
  let other: SignedUp;
  let projectId: string;

  beforeEach(async () => {
    owner = await signUp();
    other = await signUp();
    projectId = await insertProject(owner.user.id);
  });

  it('creates a link whose token is 32 random bytes in base64url, kept in D1 only as its SHA-256', async () => {
    const before = Date.now();
    const link = await createLink(owner.token, projectId);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`${ORIGIN}/review/${link.token}`);
    expect(link.allowDownload).toBe(false);
    const expiresAt = Date.parse(link.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 14 * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 14 * DAY_MS);

    const row = await env.DB.prepare('select * from review_links where id = ?').bind(link.id).first<Record<string, unknown>>();
    expect(row?.token_hash).toBe(await sha256Hex(link.token));
    expect(Object.values(row ?? {}).map(String)).not.toContain(link.token);
    expect(JSON.stringify(row)).not.toContain(link.token);
    const second = await createLink(owner.token, projectId);
    expect(second.token).not.toBe(link.token);
  });

  it('takes 1 to 90 days and the download switch; anything else is a 400 naming the field', async () => {
    const one = await createLink(owner.token, projectId, { expiresInDays: 1, allowDownload: true });
    expect(Date.parse(one.expiresAt) - Date.now()).toBeLessThanOrEqual(DAY_MS);
    expect(one.allowDownload).toBe(true);
    const ninety = await createLink(owner.token, projectId, { expiresInDays: 90 });
    expect(Date.parse(ninety.expiresAt) - Date.now()).toBeGreaterThan(89 * DAY_MS);
    for (const expiresInDays of [0, 91, 1.5]) {
      const response = await call(`/api/projects/${projectId}/review-links`, { method: 'POST', token: owner.token, body: { expiresInDays } });
      expect(response.status).toBe(400);
      expect((await json<{ error: { field: string } }>(response)).error.field).toBe('expiresInDays');
    }
  });

  it('is the owner’s only: another user, a missing project and no sign-in are refused', async () => {
    const path = `/api/projects/${projectId}/review-links`;
    expect((await call(path, { method: 'POST', token: other.token, body: {} })).status).toBe(404);
    expect((await call(path, { token: other.token })).status).toBe(404);
    expect((await call(`/api/projects/${crypto.randomUUID()}/review-links`, { method: 'POST', token: owner.token, body: {} })).status).toBe(404);
    expect((await call(path, { method: 'POST', body: {} })).status).toBe(401);
    const count = await env.DB.prepare('select count(*) as n from review_links where project_id = ?').bind(projectId).first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it('lists the project’s links newest first with state and comment counts, never a token', async () => {
    const generationId = await insertVersion({ userId: owner.user.id, projectId });
    const older = await createLink(owner.token, projectId);
    const newer = await createLink(owner.token, projectId, { allowDownload: true });
    const expired = await createLink(owner.token, projectId);
    const setCreated = (id: string, ago: number) =>
      env.DB.prepare('update review_links set created_at = ? where id = ?').bind(Date.now() - ago, id).run();
    await Promise.all([setCreated(older.id, 3000), setCreated(newer.id, 1000), setCreated(expired.id, 2000)]);
    await env.DB.prepare('update review_links set expires_at = ? where id = ?').bind(Date.now() - 1, expired.id).run();
    for (const body of ['Lighter timber?', 'Love the roof']) {
      expect((await postComment(older.token, { generationId, body, name: 'Anna' })).status).toBe(201);
    }
    expect((await postApproval(older.token, { generationId, status: 'approved', name: 'Anna' })).status).toBe(201);
    expect((await call(`/api/review-links/${newer.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);

    const response = await call(`/api/projects/${projectId}/review-links`, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const text = await response.text();
    for (const link of [older, newer, expired]) expect(text).not.toContain(link.token);
    const list = JSON.parse(text) as ReviewLinkList;
    expect(list.items.map((item) => [item.id, item.state, item.commentCount, item.approvalCount, item.allowDownload])).toEqual([
      [newer.id, 'revoked', 0, 0, true],
      [expired.id, 'expired', 0, 0, false],
      [older.id, 'active', 2, 1, false],
    ]);
    expect(list.items[0]?.revokedAt).not.toBeNull();
  });

  it('stops working at once when revoked, for the page, its images and its posts', async () => {
    const generationId = await insertVersion({ userId: owner.user.id, projectId });
    const link = await createLink(owner.token, projectId);
    const page = await call(`/api/review/${link.token}`);
    expect(page.status).toBe(200);
    const thumb = (await json<{ generations: { images: { thumbnailUrl: string }[] }[] }>(page)).generations[0]?.images[0]?.thumbnailUrl ?? '';
    expect((await call(thumb)).status).toBe(200);

    expect((await call(`/api/review-links/${link.id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
    expect((await call(`/api/review/${link.token}`)).status).toBe(200);
    expect((await call(`/api/review-links/${link.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);

    const unknown = await call(`/api/review/${'A'.repeat(43)}`);
    const revoked = await call(`/api/review/${link.token}`);
    expect(revoked.status).toBe(404);
    expect(await revoked.json()).toEqual(await unknown.json());
    expect((await call(thumb)).status).toBe(404);
    expect((await postComment(link.token, { generationId, body: 'Too late', name: 'Anna' })).status).toBe(404);
    expect((await postApproval(link.token, { generationId, status: 'approved', name: 'Anna' })).status).toBe(404);
  });

  it('is a 404 once past its expiry, the same as an unknown or malformed token', async () => {
    const link = await createLink(owner.token, projectId);
    expect((await call(`/api/review/${link.token}`)).status).toBe(200);
    await env.DB.prepare('update review_links set expires_at = ? where id = ?').bind(Date.now() - 1000, link.id).run();
    const expired = await call(`/api/review/${link.token}`);
    expect(expired.status).toBe(404);
    const bodies = await Promise.all(
      [`/api/review/${link.token.slice(0, -1)}B`, '/api/review/not-a-token', `/api/review/${link.token}x`].map(async (path) => {
        const response = await call(path);
        expect(response.status).toBe(404);
        return response.json();
      }),
    );
    const expected = await expired.json();
    for (const body of bodies) expect(body).toEqual(expected);
  });
});
