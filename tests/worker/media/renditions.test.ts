import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import type { GenerateSuccessResponse, ImageRendition } from '#shared/api-types';
import type { GenerationsPage } from '#shared/generations-types';
import type { StoredImage } from '#shared/generation-types';
import { call, json } from '../helpers';
import { generate, userWith } from '../studio/helpers';

type Generated = GenerateSuccessResponse & { owner: Awaited<ReturnType<typeof userWith>> };

async function generated(plan: 'free' | 'pro' = 'free', resolution: '1K' | '2K' = '1K'): Promise<Generated> {
  const owner = await userWith({ plan, credits: 100 });
  const response = await generate(owner.token, { prompt: 'A timber pavilion by a lake', model: 'standard', numberOfViews: 1, aspectRatio: '16:9', resolution });
  expect(response.status).toBe(200);
  return { ...(await json<GenerateSuccessResponse>(response)), owner };
}

async function storedImages(generationId: string): Promise<StoredImage[]> {
  const row = await env.DB.prepare('select images from generations where id = ?').bind(generationId).first<{ images: string }>();
  return JSON.parse(row?.images ?? '[]') as StoredImage[];
}

async function keysUnder(generationId: string, userId: string): Promise<string[]> {
  const listing = await env.MEDIA.list({ prefix: `generations/${userId}/${generationId}/` });
  return listing.objects.map((object) => object.key);
}

async function sha16(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest.slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function isWebp(bytes: ArrayBuffer): boolean {
  const text = new TextDecoder('latin1').decode(new Uint8Array(bytes).slice(0, 12));
  return text.startsWith('RIFF') && text.endsWith('WEBP');
}

/** Width of a lossy or lossless WebP from its header. */
function webpWidth(bytes: ArrayBuffer): number {
  const view = new DataView(bytes);
  const chunk = new TextDecoder('latin1').decode(new Uint8Array(bytes).slice(12, 16));
  if (chunk === 'VP8 ') return view.getUint16(26, true) & 0x3fff;
  if (chunk === 'VP8L') return (view.getUint32(21, true) & 0x3fff) + 1;
  return (view.getUint32(24, true) & 0xffffff) + 1; // VP8X: 24-bit width minus one
}

describe('rendition ladder', () => {
  it('is named at save by the JPEG it comes from, at the ladder widths below the original, then the original width', async () => {
    const body = await generated('free', '2K');
    const [image] = body.images;
    expect(image?.width).toBe(2048);
    expect(image?.renditions.map((r) => r.width)).toEqual([200, 320, 512, 800, 1280, 2048]);
    const [stored] = await storedImages(body.generationId);
    expect(stored?.renditions).toHaveLength(6);
    const jpeg = (await (await env.MEDIA.get(stored?.key ?? ''))?.arrayBuffer()) ?? new ArrayBuffer(0);
    for (const rendition of image?.renditions ?? []) {
      expect(rendition.url).toMatch(/^\/media\/generations\/[^/]+\/[^/]+\/0-\d+w-[0-9a-f]{16}\.webp$/);
      expect(rendition.url).toContain(`-${rendition.width}w-${await sha16(jpeg)}.webp`);
      expect(rendition.height).toBe(Math.round((rendition.width * (image?.height ?? 0)) / 2048));
    }
    // Nothing is encoded until a rung is asked for.
    expect((await keysUnder(body.generationId, body.owner.user.id)).filter((key) => key.endsWith('.webp'))).toEqual([]);
  });

  it('makes a rung on its first request, stores it, and serves the stored one after', async () => {
    const body = await generated('free', '2K');
    const [stored] = await storedImages(body.generationId);
    const rung = body.images[0]?.renditions[2];
    expect(rung?.width).toBe(512);
    const first = await call(rung?.url ?? '');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    const bytes = await first.arrayBuffer();
    expect(isWebp(bytes)).toBe(true);
    expect(webpWidth(bytes)).toBe(512);
    // Only the asked rung was made, under the key the row names.
    expect((await keysUnder(body.generationId, body.owner.user.id)).filter((key) => key.endsWith('.webp'))).toEqual([stored?.renditions?.[2]?.key]);
    const again = await call(rung?.url ?? '');
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await sha16(await again.arrayBuffer())).toBe(await sha16(bytes));
  });

  it('makes no rung the row does not name', async () => {
    const body = await generated('free');
    const url = body.images[0]?.renditions[0]?.url ?? '';
    expect((await call(url.replace('-200w-', '-640w-'))).status).toBe(404);
    expect((await call(url.replace(/-[0-9a-f]{16}\.webp$/, '-0123456789abcdef.webp'))).status).toBe(404);
    expect((await keysUnder(body.generationId, body.owner.user.id)).filter((key) => key.endsWith('.webp'))).toEqual([]);
  });

  it('serves a public rendition immutable, and refuses it once the generation turns private', async () => {
    const body = await generated('free');
    const url = body.images[0]?.renditions[0]?.url ?? '';
    const response = await call(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=3600, immutable');
    const hidden = await call(`/api/generations/${body.generationId}`, { method: 'PATCH', token: body.owner.token, body: { visibility: 'private' } });
    expect(hidden.status).toBe(200);
    expect((await call(url)).status).toBe(403);
    // The owner's listing now hands out signed rendition URLs, which work.
    const page = await json<GenerationsPage>(await call('/api/generations', { token: body.owner.token }));
    const signed = page.items.find((item) => item.id === body.generationId)?.images[0]?.renditions[0]?.url ?? '';
    expect(signed).toMatch(/\?exp=\d+&sig=[0-9a-f]+$/);
    const again = await call(signed);
    expect(again.status).toBe(200);
    expect(again.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
  });

  it('signs the renditions of a private generation', async () => {
    const body = await generated('pro');
    for (const rendition of body.images[0]?.renditions ?? []) {
      expect(rendition.url).toMatch(/\?exp=\d+&sig=/);
      expect((await call(rendition.url.split('?')[0] ?? '')).status).toBe(403);
    }
    expect((await call(body.images[0]?.renditions[0]?.url ?? '')).status).toBe(200);
  });
});

/** Turns a fresh generation into one saved before the ladder: only key and thumbKey. */
async function makeOld(body: Generated): Promise<void> {
  const images = await storedImages(body.generationId);
  const old = images.map(({ renditions: _renditions, ...rest }) => rest);
  await env.DB.prepare('update generations set images = ? where id = ?').bind(JSON.stringify(old), body.generationId).run();
}

async function listed(body: Generated): Promise<ImageRendition[]> {
  const page = await json<GenerationsPage>(await call('/api/generations', { token: body.owner.token }));
  return page.items.find((item) => item.id === body.generationId)?.images[0]?.renditions ?? [];
}

describe('lazy backfill of an older row', () => {
  it('hands out pending rendition URLs, names the ladder on the first request and makes the asked rung', async () => {
    const body = await generated('free');
    await makeOld(body);
    const pending = await listed(body);
    expect(pending.map((r) => r.width)).toEqual([200, 320, 512, 800, 1024]);
    expect(pending[1]?.url).toMatch(/\/0-320w\.webp$/);
    const response = await call(pending[1]?.url ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(webpWidth(await response.arrayBuffer())).toBe(320);
    const [stored] = await storedImages(body.generationId);
    expect(stored?.renditions?.map((r) => r.width)).toEqual([200, 320, 512, 800, 1024]);
    // Another rung of the same image is made under the recorded ladder's key; listings now name it.
    expect((await call(pending[0]?.url ?? '')).status).toBe(200);
    const now = await listed(body);
    expect(now[0]?.url).toMatch(/-200w-[0-9a-f]{16}\.webp$/);
    const webps = (await keysUnder(body.generationId, body.owner.user.id)).filter((key) => key.endsWith('.webp'));
    expect(webps.sort()).toEqual([stored?.renditions?.[0]?.key, stored?.renditions?.[1]?.key].sort());
    expect((await call(now[0]?.url ?? '')).status).toBe(200);
  });

  it('refuses a pending rendition of a private generation without a signature', async () => {
    const body = await generated('pro');
    await makeOld(body);
    const [first] = await listed(body);
    expect((await call(first?.url.split('?')[0] ?? '')).status).toBe(403);
    expect((await call(first?.url ?? '')).status).toBe(200);
  });
});

describe('deleting a generation', () => {
  it('removes every rendition made, and makes none after', async () => {
    const body = await generated('free');
    const userId = body.owner.user.id;
    expect((await call(body.images[0]?.renditions[0]?.url ?? '')).status).toBe(200);
    expect((await keysUnder(body.generationId, userId)).filter((key) => key.endsWith('.webp'))).toHaveLength(1);
    const deleted = await call(`/api/generations/${body.generationId}`, { method: 'DELETE', token: body.owner.token });
    expect(deleted.status).toBe(204);
    expect(await keysUnder(body.generationId, userId)).toEqual([]);
    // The folder of a generation that is gone is not there for anyone (docs/decisions/0083).
    expect((await call(body.images[0]?.renditions[0]?.url ?? '')).status).toBe(404);
    expect((await call(body.images[0]?.renditions[1]?.url ?? '')).status).toBe(404);
    expect(await keysUnder(body.generationId, userId)).toEqual([]);
  });
});
