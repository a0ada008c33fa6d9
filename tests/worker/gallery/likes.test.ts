import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LikeResponse, LikesPage } from '#shared/gallery-types';
import { galleryMessages } from '#shared/messages';
import { call, json, signUp, type SignedUp } from '../helpers';
import { clearGenerations, insertGeneration, likeCountInDb } from './gallery-helpers';

const like = (id: string, token: string) => call(`/api/generations/${id}/like`, { method: 'PUT', token });
const unlike = (id: string, token: string) => call(`/api/generations/${id}/like`, { method: 'DELETE', token });

async function likeRows(userId: string, generationId: string): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from liked where user_id = ? and generation_id = ?')
    .bind(userId, generationId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe('likes', () => {
  let owner: SignedUp;
  let fan: SignedUp;

  beforeEach(async () => {
    await clearGenerations();
    owner = await signUp();
    fan = await signUp();
  });

  it('likes and unlikes idempotently, one row per user and generation', async () => {
    const id = await insertGeneration({ userId: owner.user.id });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await like(id, fan.token);
      expect(response.status).toBe(200);
      expect(await json<LikeResponse>(response)).toEqual({ liked: true, likeCount: 1 });
    }
    expect(await likeRows(fan.user.id, id)).toBe(1);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(await json<LikeResponse>(await unlike(id, fan.token))).toEqual({ liked: false, likeCount: 0 });
    }
    expect(await likeRows(fan.user.id, id)).toBe(0);
    expect(await likeCountInDb(id)).toBe(0);
  });

  it('lets owners like their own private generations', async () => {
    const id = await insertGeneration({ userId: owner.user.id, visibility: 'private' });
    expect(await json<LikeResponse>(await like(id, owner.token))).toEqual({ liked: true, likeCount: 1 });
  });

  it("answers 404 for other users' private generations and unknown ids, and writes nothing", async () => {
    const privateId = await insertGeneration({ userId: owner.user.id, visibility: 'private' });
    for (const response of [await like(privateId, fan.token), await unlike(privateId, fan.token), await like('no-such-id', fan.token)]) {
      expect(response.status).toBe(404);
      expect((await json<{ error: { code: string } }>(response)).error.code).toBe('not_found');
    }
    expect(await likeRows(fan.user.id, privateId)).toBe(0);
    expect(await likeCountInDb(privateId)).toBe(0);
  });

  it('needs a signed-in user, with the specified text', async () => {
    const id = await insertGeneration({ userId: owner.user.id });
    const response = await call(`/api/generations/${id}/like`, { method: 'PUT' });
    expect(response.status).toBe(401);
    expect((await json<{ error: { message: string } }>(response)).error.message).toBe(galleryMessages.pleaseSignInToLike);
  });

  it('keeps the like count exact under 20 parallel likes, repeats included', async () => {
    const id = await insertGeneration({ userId: owner.user.id });
    const users = await Promise.all(Array.from({ length: 20 }, () => signUp()));
    const responses = await Promise.all(users.flatMap((user) => [like(id, user.token), like(id, user.token)]));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(await likeCountInDb(id)).toBe(20);
    await Promise.all(users.slice(0, 7).flatMap((user) => [unlike(id, user.token), unlike(id, user.token)]));
    expect(await likeCountInDb(id)).toBe(13);
    expect(await json<LikeResponse>(await like(id, fan.token))).toEqual({ liked: true, likeCount: 14 });
  });

  it('lists liked generations that are public or own, newest like first, with a cursor', async () => {
    const first = await insertGeneration({ userId: owner.user.id, prompt: 'first' });
    const second = await insertGeneration({ userId: owner.user.id, prompt: 'second' });
    const own = await insertGeneration({ userId: fan.user.id, visibility: 'private', prompt: 'own private' });
    const turnedPrivate = await insertGeneration({ userId: owner.user.id, prompt: 'later private' });
    for (const id of [first, turnedPrivate, second, own]) {
      await like(id, fan.token);
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct like times
    }
    await env.DB.prepare("update generations set visibility = 'private' where id = ?").bind(turnedPrivate).run();
    const page1 = await json<LikesPage>(await call('/api/likes?limit=2', { token: fan.token }));
    expect(page1.items.map((item) => item.id)).toEqual([own, second]);
    expect(page1.items.every((item) => item.liked)).toBe(true);
    expect(page1.items[0]!.images[0]!.url).toContain('sig='); // own private: signed
    expect(page1.items[1]!.images[0]!.url).not.toContain('sig=');
    const page2 = await json<LikesPage>(await call(`/api/likes?limit=2&cursor=${page1.nextCursor}`, { token: fan.token }));
    expect(page2.items.map((item) => item.id)).toEqual([first]);
    expect(page2.nextCursor).toBeNull();
    expect((await call('/api/likes')).status).toBe(401);
  });

  it('drops likes with their generation', async () => {
    const id = await insertGeneration({ userId: owner.user.id });
    await like(id, fan.token);
    expect((await call(`/api/generations/${id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    expect(await likeRows(fan.user.id, id)).toBe(0);
    expect((await json<LikesPage>(await call('/api/likes', { token: fan.token }))).items).toEqual([]);
  });
});
