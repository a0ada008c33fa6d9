import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { mediaKeys } from '../../../worker/media/urls';
import { api, bearer, call, json, signUp, type SignedUp } from '../helpers';
import { clearGenerations, insertGeneration, objectExists } from '../gallery/gallery-helpers';

describe('own generations', () => {
  let owner: SignedUp;
  let other: SignedUp;

  beforeEach(async () => {
    await clearGenerations();
    owner = await signUp();
    other = await signUp();
  });

  it('lists only the caller’s generations, newest first, with references and visibility, by cursor', async () => {
    const reference = mediaKeys.reference(owner.user.id, 'ref-1', 'png');
    const oldest = await insertGeneration({ userId: owner.user.id, createdAt: 1_000, visibility: 'private' });
    const middle = await insertGeneration({ userId: owner.user.id, createdAt: 2_000, referenceImages: [reference] });
    const newest = await insertGeneration({ userId: owner.user.id, createdAt: 3_000, visibility: 'private' });
    await insertGeneration({ userId: other.user.id, createdAt: 4_000 });
    const page1 = await (await api.generations.$get({ query: { limit: '2' } }, bearer(owner.token))).json();
    expect(page1.items.map((item) => item.id)).toEqual([newest, middle]);
    expect(page1.items[0]).toMatchObject({ visibility: 'private', isOwn: true, liked: false, likeCount: 0, engine: 'preview' });
    expect(page1.items[0]!.images[0]!.url).toContain('sig='); // private: signed URL
    expect(page1.items[1]!.images[0]!.url).not.toContain('sig=');
    expect(page1.items[1]!.referenceImages).toHaveLength(1);
    expect(page1.items[1]!.referenceImages[0]!).toMatch(/^\/media\/references\/.+\?exp=\d+&sig=[0-9a-f]+$/);
    const cursor = page1.nextCursor ?? undefined;
    const page2 = await (await api.generations.$get({ query: { limit: '2', cursor } }, bearer(owner.token))).json();
    expect(page2.items.map((item) => item.id)).toEqual([oldest]);
    expect(page2.nextCursor).toBeNull();
    expect((await api.generations.$get({ query: {} })).status).toBe(401);
  });

  it('changes visibility for the owner only; the gallery follows', async () => {
    const id = await insertGeneration({ userId: owner.user.id, visibility: 'private' });
    const galleryIds = async () => (await (await api.gallery.$get({ query: {} })).json()).items.map((item) => item.id);
    const byOther = await api.generations[':id'].$patch({ param: { id }, json: { visibility: 'public' } }, bearer(other.token));
    expect(byOther.status).toBe(404);
    expect(await galleryIds()).toEqual([]);
    const response = await api.generations[':id'].$patch({ param: { id }, json: { visibility: 'public' } }, bearer(owner.token));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id, visibility: 'public' });
    expect(await galleryIds()).toEqual([id]);
    const back = await api.generations[':id'].$patch({ param: { id }, json: { visibility: 'private' } }, bearer(owner.token));
    expect(await back.json()).toMatchObject({ visibility: 'private' });
    expect(await galleryIds()).toEqual([]);
  });

  it('refuses a bad visibility with a 400 naming the field', async () => {
    const id = await insertGeneration({ userId: owner.user.id });
    const response = await call(`/api/generations/${id}`, { method: 'PATCH', token: owner.token, body: { visibility: 'friends' } });
    expect(response.status).toBe(400);
    expect((await json<{ error: { field: string } }>(response)).error.field).toBe('visibility');
  });

  it('deletes for the owner only, and removes its images, thumbnails and unshared references from R2', async () => {
    const shared = mediaKeys.reference(owner.user.id, 'shared', 'png');
    const single = mediaKeys.reference(owner.user.id, 'single', 'png');
    const id = await insertGeneration({ userId: owner.user.id, imageCount: 2, referenceImages: [shared, single], withObjects: true });
    const keeper = await insertGeneration({ userId: owner.user.id, referenceImages: [shared], withObjects: true });
    const keys = [mediaKeys.image(owner.user.id, id, 0), mediaKeys.thumbnail(owner.user.id, id, 0), mediaKeys.image(owner.user.id, id, 1), mediaKeys.thumbnail(owner.user.id, id, 1)];
    for (const key of [...keys, shared, single]) expect(await objectExists(key)).toBe(true);

    const byOther = await call(`/api/generations/${id}`, { method: 'DELETE', token: other.token });
    expect(byOther.status).toBe(404);
    for (const key of keys) expect(await objectExists(key)).toBe(true);

    expect((await call(`/api/generations/${id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
    for (const key of [...keys, single]) expect(await objectExists(key)).toBe(false);
    expect(await objectExists(shared)).toBe(true);
    expect(await objectExists(mediaKeys.image(owner.user.id, keeper, 0))).toBe(true);
    const row = await env.DB.prepare('select id from generations where id = ?').bind(id).first();
    expect(row).toBeNull();
    expect((await call(`/api/generations/${id}`, { method: 'DELETE', token: owner.token })).status).toBe(404);
  });

  it('answers 404 to PATCH and DELETE on unknown ids', async () => {
    expect((await call('/api/generations/nope', { method: 'PATCH', token: owner.token, body: { visibility: 'public' } })).status).toBe(404);
    expect((await call('/api/generations/nope', { method: 'DELETE', token: owner.token })).status).toBe(404);
  });
});
