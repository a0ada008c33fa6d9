import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GalleryPage } from '#shared/gallery-types';
import { galleryCacheKey } from '../../../worker/gallery/edge-cache';
import { normaliseGalleryQuery as normaliseQuery } from '#shared/edge';
import { call, json, signUp, type SignedUp } from '../helpers';
import { insertGeneration } from './gallery-helpers';

/** A search text no other test uses, so this file's cached pages are its own. */
function uniqueWord(): string {
  return `edge${crypto.randomUUID().slice(0, 8)}`;
}

async function read(path: string, token?: string): Promise<{ response: Response; page: GalleryPage }> {
  const response = await call(path, { token });
  expect(response.status).toBe(200);
  return { response, page: await json<GalleryPage>(response.clone()) };
}

async function storedPage(key: string): Promise<GalleryPage | null> {
  const cached = await caches.default.match(key);
  return cached ? cached.json<GalleryPage>() : null;
}

describe('the normalised cache key', () => {
  it('lowers ASCII, trims and folds white space in q, and keeps non-ASCII as typed', () => {
    expect(normaliseQuery('  Glass \t  PAVILION ')).toBe('glass pavilion');
    expect(normaliseQuery('Ärztehaus')).toBe('Ärztehaus');
    expect(normaliseQuery(undefined)).toBe('');
  });

  it('names only the page parameters, in one order', () => {
    const a = galleryCacheKey({ q: 'villa', seed: 7, limit: 40, cursor: 'abc' });
    const b = galleryCacheKey({ cursor: 'abc', limit: 40, seed: 7, q: 'villa' });
    expect(a).toBe(b);
    expect(new URL(a).search).toBe('?cursor=abc&limit=40&q=villa&seed=7');
    expect(new URL(galleryCacheKey({ q: '', limit: 40 })).search).toBe('?limit=40');
  });
});

describe('GET /api/gallery at the edge', () => {
  let alice: SignedUp;
  let bob: SignedUp;
  let word: string;
  const previous = env.GALLERY_CACHE_SECONDS;

  beforeAll(() => {
    env.GALLERY_CACHE_SECONDS = '30';
  });
  afterAll(() => {
    env.GALLERY_CACHE_SECONDS = previous;
  });
  beforeEach(async () => {
    alice = await signUp();
    bob = await signUp();
    word = uniqueWord();
  });

  it('answers a repeat of the same normalised query from the cache, whatever its case, spacing or order', async () => {
    await insertGeneration({ userId: alice.user.id, prompt: `A ${word} pavilion` });
    const first = await read(`/api/gallery?seed=11&q=${word.toUpperCase()}&limit=10`);
    expect(first.response.headers.get('X-Gallery-Cache')).toBe('miss');
    expect(first.response.headers.get('Cache-Control')).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(first.response.headers.get('Vary')).toBe('Authorization');
    await expect.poll(() => storedPage(galleryCacheKey({ q: word, seed: 11, limit: 10 }))).not.toBeNull();
    const again = await read(`/api/gallery?limit=10&q=%20%20${word}%20&seed=11&utm_source=x`);
    expect(again.response.headers.get('X-Gallery-Cache')).toBe('hit');
    expect(again.page).toEqual(first.page);
    // A hit is answered before the middleware (docs/decisions/0055-edge-hit-before-middleware.md):
    // with the same headers as the route's answer and the security headers, without a D1 session.
    expect(again.response.headers.get('Cache-Control')).toBe(first.response.headers.get('Cache-Control'));
    expect(again.response.headers.get('Vary')).toBe('Authorization');
    expect(again.response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(again.response.headers.get('x-d1-bookmark')).toBeNull();
    // From the isolate's memory the same again.
    expect((await read(`/api/gallery?seed=11&q=${word}&limit=10`)).page).toEqual(first.page);
  });

  it('never stores a signed-in page: the viewer gets their flags per request, the cache holds the anonymous page', async () => {
    const aliceCard = await insertGeneration({ userId: alice.user.id, prompt: `${word} courtyard` });
    const bobCard = await insertGeneration({ userId: bob.user.id, prompt: `${word} tower` });
    expect((await call(`/api/generations/${aliceCard}/like`, { method: 'PUT', token: bob.token })).status).toBe(200);

    const signedIn = await read(`/api/gallery?q=${word}&seed=3`, bob.token);
    expect(signedIn.response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(signedIn.page.items.map((item) => [item.id, item.liked, item.likeCount])).toEqual([[aliceCard, true, 1]]);

    const key = galleryCacheKey({ q: word, seed: 3, limit: 40 });
    await expect.poll(() => storedPage(key)).not.toBeNull();
    const stored = await storedPage(key);
    expect(stored?.items.map((item) => item.id).sort()).toEqual([aliceCard, bobCard].sort());
    expect(stored?.items.every((item) => !item.liked && !item.isOwn)).toBe(true);

    // Another viewer and an anonymous one read the same stored page, with their own flags.
    const anonymous = await read(`/api/gallery?q=${word}&seed=3`);
    expect(anonymous.response.headers.get('X-Gallery-Cache')).toBe('hit');
    expect(anonymous.page.items.every((item) => !item.liked)).toBe(true);
    const asAlice = await read(`/api/gallery?q=${word}&seed=3`, alice.token);
    expect(asAlice.response.headers.get('X-Gallery-Cache')).toBe('hit');
    expect(asAlice.page.items.map((item) => [item.id, item.liked])).toEqual([[bobCard, false]]);
  });

  it('a card made private leaves anonymous pages until the cache lifetime ends, signed-in pages at once', async () => {
    const card = await insertGeneration({ userId: alice.user.id, prompt: `${word} loft` });
    await read(`/api/gallery?q=${word}&seed=5`);
    await expect.poll(() => storedPage(galleryCacheKey({ q: word, seed: 5, limit: 40 }))).not.toBeNull();
    const patched = await call(`/api/generations/${card}`, { method: 'PATCH', token: alice.token, body: { visibility: 'private' } });
    expect(patched.status).toBe(200);
    expect((await read(`/api/gallery?q=${word}&seed=5`)).page.items.map((item) => item.id)).toEqual([card]);
    expect((await read(`/api/gallery?q=${word}&seed=5`, bob.token)).page.items).toEqual([]);
  });
});
