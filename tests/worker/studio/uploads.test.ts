import { PhotonImage } from '@cf-wasm/photon';
import { describe, expect, it } from 'vitest';
import { env } from 'cloudflare:workers';
import type { UploadResponse } from '#shared/api-types';
import { call, json } from '../helpers';
import { pngBytes, upload, userWith } from './helpers';

interface ErrorBody {
  error: { code: string; message: string };
}

describe('POST /api/uploads', () => {
  it('stores a PNG under the caller\'s references folder and answers 201 {path, url}', async () => {
    const user = await userWith();
    const response = await upload(user.token, pngBytes(), 'photo.jpg', 'image/jpeg');
    expect(response.status).toBe(201);
    const body = await json<UploadResponse>(response);
    // The bytes decide the type, not the declared name or type.
    expect(body.path).toMatch(new RegExp(`^references/${user.user.id}/\\d{8}-[0-9a-f-]{36}\\.png$`));
    const stored = await env.MEDIA.get(body.path);
    expect(stored?.httpMetadata?.contentType).toBe('image/png');
    expect((await call(body.url)).status).toBe(200);
  });

  it('recognises JPEG and WebP by their bytes', async () => {
    const user = await userWith();
    const image = new PhotonImage(new Uint8Array(8 * 8 * 4).fill(200), 8, 8);
    const jpeg = image.get_bytes_jpeg(90);
    const webp = image.get_bytes_webp();
    image.free();
    expect((await json<UploadResponse>(await upload(user.token, jpeg, 'a.bin', 'application/octet-stream'))).path).toMatch(/\.jpg$/);
    expect((await json<UploadResponse>(await upload(user.token, webp))).path).toMatch(/\.webp$/);
  });

  it('refuses bytes that are not an image whatever their declared type', async () => {
    const user = await userWith();
    const response = await upload(user.token, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.png', 'image/png');
    expect(response.status).toBe(400);
    expect((await json<ErrorBody>(response)).error.message).toBe('Only PNG, JPEG or WebP images can be uploaded.');
  });

  it('refuses more than 10 MB with 413', async () => {
    const user = await userWith();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(pngBytes().subarray(0, 8));
    const response = await upload(user.token, big);
    expect(response.status).toBe(413);
    expect((await json<ErrorBody>(response)).error.message).toBe('Images can be at most 10 MB.');
  });

  it('needs a file and a signed-in user', async () => {
    const user = await userWith();
    const form = new FormData();
    form.append('other', 'x');
    expect((await call('/api/uploads', { method: 'POST', token: user.token, body: form })).status).toBe(400);
    const anonymous = new FormData();
    anonymous.append('file', new File([pngBytes()], 'a.png'));
    expect((await call('/api/uploads', { method: 'POST', body: anonymous })).status).toBe(401);
  });
});
