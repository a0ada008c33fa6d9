/** What a reviewer holding a link receives: the project's work and nothing else of the owner's. */
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReviewPage } from '#shared/review-types';
import { call, json, signUp, type SignedUp } from '../helpers';
import { bytesOf, createLink, insertProject, insertVersion } from './review-helpers';
import { mediaKeys } from '../../../worker/media/urls';

async function page(token: string): Promise<ReviewPage> {
  const response = await call(`/api/review/${token}`);
  expect(response.status).toBe(200);
  return json<ReviewPage>(response);
}

async function bytes(path: string): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await call(path);
  return { status: response.status, body: new TextDecoder().decode(await response.arrayBuffer()), headers: response.headers };
}

describe('GET /api/review/:token', () => {
  let owner: SignedUp;
  let projectId: string;
  let root: string;
  let child: string;
  let outsideParent: string;
  let elsewhere: string;

  beforeEach(async () => {
    owner = await signUp();
    projectId = await insertProject(owner.user.id, 'Lakeside Pavilion');
    const otherProject = await insertProject(owner.user.id, 'Secret Tower');
    outsideParent = await insertVersion({ userId: owner.user.id, projectId: null, prompt: 'outside any project' });
    root = await insertVersion({ userId: owner.user.id, projectId, imageCount: 2, visibility: 'public' });
    child = await insertVersion({ userId: owner.user.id, projectId, parentId: root });
    await insertVersion({ userId: owner.user.id, projectId, parentId: outsideParent, prompt: 'refined from outside' });
    elsewhere = await insertVersion({ userId: owner.user.id, projectId: otherProject, prompt: 'in the secret tower' });
  });

  it('answers the project’s name, brief and generations (private ones too), oldest first, uncached and without a referrer', async () => {
    const link = await createLink(owner.token, projectId);
    const response = await call(`/api/review/${link.token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
    const body = await json<ReviewPage>(response);
    expect(body.project).toEqual({ name: 'Lakeside Pavilion', brief: { materials: 'board-formed concrete' } });
    expect(body.allowDownload).toBe(false);
    // A free owner's work carries the watermark, and so does a board made from it on the page.
    expect(body.watermarked).toBe(true);
    await env.DB.prepare(`update users set plan = 'pro' where id = ?`).bind(owner.user.id).run();
    expect((await page(link.token)).watermarked).toBe(false);
    expect(body.generations).toHaveLength(3);
    expect(body.generations.slice(0, 2).map((generation) => [generation.id, generation.parentId])).toEqual([
      [root, null],
      [child, root],
    ]);
    // Its parent is outside the project: here it is a root, and the outside id is not named.
    expect(body.generations[2]?.parentId).toBeNull();
    expect(body.generations[0]?.images).toHaveLength(2);
    expect(body.comments).toEqual([]);
    expect(body.approvals).toEqual([]);
  });

  it('carries nothing of the owner’s: no email, no user id, no other project, no generation outside it', async () => {
    const link = await createLink(owner.token, projectId, { allowDownload: true });
    const text = await (await call(`/api/review/${link.token}`)).text();
    for (const secret of [owner.email, owner.user.id, 'Secret Tower', 'in the secret tower', elsewhere, outsideParent, 'outside any project']) {
      expect(text).not.toContain(secret);
    }
    const body = JSON.parse(text) as ReviewPage;
    const keys = new Set(body.generations.flatMap((generation) => Object.keys(generation)));
    for (const field of ['userId', 'isOwn', 'liked', 'likeCount', 'visibility', 'referenceImages', 'email']) expect(keys.has(field)).toBe(false);
  });

  it('hands out image URLs that work signed out, private or not, and only for this project', async () => {
    const link = await createLink(owner.token, projectId);
    const body = await page(link.token);
    const privateImage = body.generations[1]?.images[0];
    expect(privateImage?.url).toBeUndefined();
    const thumb = await bytes(privateImage?.thumbnailUrl ?? '');
    expect(thumb.status).toBe(200);
    expect(thumb.body).toBe(new TextDecoder().decode(bytesOf(mediaKeys.thumbnail(owner.user.id, child, 0))));
    expect(thumb.headers.get('Cache-Control')).toBe('private, no-cache');
    expect(thumb.headers.get('Referrer-Policy')).toBe('no-referrer');
    // Without downloads the widest rung is the one below the original's 1024 px.
    const widest = privateImage?.renditions.at(-1);
    expect(widest?.width).toBe(800);
    expect((await bytes(widest?.url ?? '')).status).toBe(200);
    // The original is not handed out without downloads, and cannot be asked for either.
    expect((await bytes(`/api/review/${link.token}/images/${child}/0/original`)).status).toBe(404);
    // Another project's generation, an image past the last, an unknown variant: 404.
    for (const path of [`${elsewhere}/0/thumb`, `${root}/2/thumb`, `${child}/0/w777`, `${child}/0/key`]) {
      expect((await bytes(`/api/review/${link.token}/images/${path}`)).status).toBe(404);
    }
  });

  it('hands out the originals only when the link allows downloads', async () => {
    const link = await createLink(owner.token, projectId, { allowDownload: true });
    const body = await page(link.token);
    expect(body.allowDownload).toBe(true);
    const original = body.generations[1]?.images[0]?.url ?? '';
    expect(original).toMatch(/\/original$/);
    const read = await bytes(original);
    expect(read.status).toBe(200);
    expect(read.body).toBe(new TextDecoder().decode(bytesOf(mediaKeys.image(owner.user.id, child, 0))));
  });

  it('leaves out generations without images, and generations moved out of the project', async () => {
    const link = await createLink(owner.token, projectId);
    await env.DB.prepare('update generations set image_count = 0, images = ? where id = ?').bind('[]', child).run();
    await env.DB.prepare('update generations set project_id = null where id = ?').bind(root).run();
    const body = await page(link.token);
    expect(body.generations.map((generation) => generation.id)).not.toContain(child);
    expect(body.generations.map((generation) => generation.id)).not.toContain(root);
    expect(body.generations).toHaveLength(1);
  });
});
