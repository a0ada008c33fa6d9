import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import type { GenerateSuccessResponse, UploadResponse } from '#shared/api-types';
import { checkMediaSignature, signedExpiry, signedMediaUrl } from '../../../worker/media/urls';
import { call, json } from '../helpers';
import { generate, pngBytes, upload, userWith } from '../studio/helpers';

const SECRET = env.MEDIA_SIGNING_SECRET;

async function privateImage() {
  const owner = await userWith({ plan: 'pro' });
  const body = await json<GenerateSuccessResponse>(await generate(owner.token, { prompt: 'A brick courtyard house', model: 'fast', numberOfViews: 1 }));
  return { owner, body, key: body.images[0]!.storagePath };
}

describe('GET /media', () => {
  it('serves a signed private image with ETag, type and private caching', async () => {
    const { body } = await privateImage();
    const response = await call(body.imageUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/);
    expect(response.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    const maxAge = Number(response.headers.get('cache-control')?.split('=')[1]);
    expect(maxAge).toBeGreaterThan(6000);
    expect(maxAge).toBeLessThanOrEqual(7200);
  });

  it('refuses a private image without a signature, and to other users', async () => {
    const { key } = await privateImage();
    expect((await call(`/media/${key}`)).status).toBe(403);
    const stranger = await userWith();
    expect((await call(`/media/${key}`, { token: stranger.token })).status).toBe(403);
  });

  it('serves a private image to its owner with a Bearer token', async () => {
    const { owner, key } = await privateImage();
    const response = await call(`/media/${key}`, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/^private/);
  });

  it('refuses a tampered signature, a signature moved to another key, and an expired one', async () => {
    const { body, key } = await privateImage();
    const url = new URL(body.imageUrl, 'https://x');
    const sig = url.searchParams.get('sig') ?? '';
    const exp = url.searchParams.get('exp') ?? '';
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    expect((await call(`/media/${key}?exp=${exp}&sig=${flipped}`)).status).toBe(403);
    expect((await call(`/media/${key}?exp=${Number(exp) + 3600}&sig=${sig}`)).status).toBe(403);
    const thumbKey = body.images[0]!.thumbnailUrl.split('?')[0]!.replace('/media/', '');
    expect((await call(`/media/${thumbKey}?exp=${exp}&sig=${sig}`)).status).toBe(403);
    const expired = await signedMediaUrl(SECRET, key, Date.now() - 3 * 3600 * 1000);
    const response = await call(expired);
    expect(response.status).toBe(403);
    expect((await json<{ error: { message: string } }>(response)).error.message).toBe('This link has expired or is not valid.');
  });

  it('serves images of public generations to anyone, cached an hour, and stops once they turn private', async () => {
    const free = await userWith();
    const body = await json<GenerateSuccessResponse>(await generate(free.token, { prompt: 'A bamboo pavilion', model: 'fast', numberOfViews: 1 }));
    for (const url of [body.imageUrl, body.images[0]!.thumbnailUrl]) {
      const response = await call(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    }
    const hidden = await call(`/api/generations/${body.generationId}`, {
      method: 'PATCH',
      token: free.token,
      body: { visibility: 'private' },
    });
    expect(hidden.status).toBe(200);
    for (const url of [body.imageUrl, body.images[0]!.thumbnailUrl]) expect((await call(url)).status).toBe(403);
  });

  it('answers 304 to a matching If-None-Match and 206 to a range', async () => {
    const { body } = await privateImage();
    const first = await call(body.imageUrl);
    const etag = first.headers.get('etag') ?? '';
    const size = (await first.arrayBuffer()).byteLength;
    const again = await call(body.imageUrl, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    const part = await call(body.imageUrl, { headers: { Range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
  });

  it('refuses keys outside the known folders and answers 404 for a missing own object', async () => {
    const { owner } = await privateImage();
    expect((await call('/media/secrets/file.txt', { token: owner.token })).status).toBe(403);
    expect((await call(`/media/references/${owner.user.id}/../x.png`, { token: owner.token })).status).toBe(403);
    expect((await call(`/media/references/${owner.user.id}/missing.png`, { token: owner.token })).status).toBe(404);
  });

  it('keeps reference uploads to their owner or a signature', async () => {
    const owner = await userWith();
    const { path, url } = await json<UploadResponse>(await upload(owner.token, pngBytes()));
    expect((await call(url)).status).toBe(200);
    expect((await call(`/media/${path}`)).status).toBe(403);
    expect((await call(`/media/${path}`, { token: owner.token })).status).toBe(200);
  });
});

describe('media URL signatures', () => {
  it('expire on a 10-minute grid within 7200 s', () => {
    const now = Date.UTC(2026, 10, 1, 12, 7, 30);
    const exp = signedExpiry(now);
    expect(exp * 1000 - now).toBeLessThanOrEqual(7200 * 1000);
    expect(exp * 1000 - now).toBeGreaterThan(6600 * 1000 - 1);
    expect(signedExpiry(now + 60_000)).toBe(exp);
  });

  it('check key, expiry and signature', async () => {
    const now = Date.now();
    const url = new URL(await signedMediaUrl(SECRET, 'generations/u/g/0.jpg', now), 'https://x');
    const exp = url.searchParams.get('exp') ?? '';
    const sig = url.searchParams.get('sig') ?? '';
    expect(await checkMediaSignature(SECRET, 'generations/u/g/0.jpg', exp, sig, now)).toBe('valid');
    expect(await checkMediaSignature(SECRET, 'generations/u/g/1.jpg', exp, sig, now)).toBe('invalid');
    expect(await checkMediaSignature('another-secret', 'generations/u/g/0.jpg', exp, sig, now)).toBe('invalid');
    expect(await checkMediaSignature(SECRET, 'generations/u/g/0.jpg', exp, sig, Number(exp) * 1000 + 1)).toBe('expired');
    expect(await checkMediaSignature(SECRET, 'generations/u/g/0.jpg', 'abc', sig, now)).toBe('invalid');
  });
});
