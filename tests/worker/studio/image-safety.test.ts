/**
 * Images are checked by content: the header's size is read before any decode, images
 * over MAX_IMAGE_PIXELS are refused for uploads and provider output alike, uploads that do not
 * decode are refused, and large references are downscaled once at upload.
 */
import { PhotonImage } from '@cf-wasm/photon';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadResponse } from '#shared/api-types';
import { MAX_HISTORY_PARTS_PER_TURN, MAX_UPLOADS_PER_DAY, REFERENCE_MAX_SIDE } from '../../../worker/platform/limits';
import { generationRequestMessages } from '#shared/messages';
import { checkImageHeader, imageSize } from '../../../worker/studio/image-header';
import { processImage } from '../../../worker/studio/image-processing';
import { uploadDay } from '../../../worker/studio/uploads';
import { json } from '../helpers';
import { balance, decodeImage, generate, pngBytes, upload, userWith } from './helpers';

interface ErrorBody {
  error: { code: string; message: string };
}

/** A PNG signature and an IHDR declaring width × height, then junk: no valid CRC, no real pixels. */
function craftedPng(width: number, height: number, junk = 4096): Uint8Array {
  const bytes = new Uint8Array(33 + junk);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24); // 8-bit RGBA
  bytes.fill(0x78, 33);
  return bytes;
}

function noisePng(width: number, height: number): Uint8Array {
  const pixels = new Uint8Array(width * height * 4);
  let x = 2463534242;
  for (let i = 0; i < pixels.length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    pixels[i] = i % 4 === 3 ? 255 : x & 0xff;
  }
  const image = new PhotonImage(pixels, width, height);
  const bytes = image.get_bytes();
  image.free();
  return bytes;
}

async function referencesOf(userId: string): Promise<number> {
  return (await env.MEDIA.list({ prefix: `references/${userId}/` })).objects.length;
}

afterEach(() => vi.restoreAllMocks());

describe('image headers', () => {
  it('reads the size of real PNG, JPEG and WebP files', () => {
    const image = new PhotonImage(new Uint8Array(37 * 21 * 4).fill(90), 37, 21);
    expect(imageSize(image.get_bytes())).toEqual({ width: 37, height: 21 });
    expect(imageSize(image.get_bytes_jpeg(80))).toEqual({ width: 37, height: 21 });
    expect(imageSize(image.get_bytes_webp())).toEqual({ width: 37, height: 21 });
    image.free();
  });

  it('reads lossy VP8 and extended VP8X WebP headers', () => {
    const vp8 = new Uint8Array(40);
    vp8.set(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '));
    vp8.set([0, 0, 0, 0, 0, 0, 0, 0x9d, 0x01, 0x2a, 0x80, 0x3e, 0x80, 0x3e], 16); // 16000 × 16000 (14 bits at most)
    expect(imageSize(vp8)).toEqual({ width: 16000, height: 16000 });
    expect(checkImageHeader(vp8)).toEqual({ ok: false, reason: 'too_many_pixels' });
    const vp8x = new Uint8Array(40);
    vp8x.set(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8X'));
    vp8x.set([0, 0, 0, 0, 0, 0, 0, 0, 0x1f, 0x4e, 0, 0x1f, 0x4e, 0], 16); // 20000 × 20000
    expect(checkImageHeader(vp8x)).toEqual({ ok: false, reason: 'too_many_pixels' });
  });

  it('finds a JPEG SOF after other segments and refuses one over the pixel limit', () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc2, 0, 11, 8, 0xff, 0xff, 0xff, 0xff, 3, 0, 0, 0]);
    expect(imageSize(jpeg)).toEqual({ width: 65535, height: 65535 });
    expect(checkImageHeader(jpeg)).toEqual({ ok: false, reason: 'too_many_pixels' });
    expect(checkImageHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 4]))).toEqual({ ok: false, reason: 'unreadable' });
  });
});

describe('uploads checked by content', () => {
  it('refuses a 20,000 × 20,000 PNG bomb from its header, before any decode, storing nothing', async () => {
    const user = await userWith();
    const decodes = vi.spyOn(PhotonImage, 'new_from_byteslice');
    const response = await upload(user.token, craftedPng(20_000, 20_000));
    expect(response.status).toBe(400);
    expect(await json<ErrorBody>(response)).toMatchObject({ error: { code: 'invalid_image', message: generationRequestMessages.imageTooManyPixels } });
    expect(decodes).not.toHaveBeenCalled();
    expect(await referencesOf(user.user.id)).toBe(0);
  });

  it('refuses a truncated PNG and one whose header lies about its size', async () => {
    const user = await userWith();
    const real = pngBytes(64, 64);
    const truncated = await upload(user.token, real.subarray(0, Math.floor(real.length / 2)));
    expect(truncated.status).toBe(400);
    expect((await json<ErrorBody>(truncated)).error.message).toBe(generationRequestMessages.imageUnreadable);
    const lying = real.slice();
    new DataView(lying.buffer).setUint32(16, 2000); // IHDR says 2000 px wide; the data is for 64
    const lied = await upload(user.token, lying);
    expect(lied.status).toBe(400);
    expect((await json<ErrorBody>(lied)).error.message).toBe(generationRequestMessages.imageUnreadable);
    expect(await referencesOf(user.user.id)).toBe(0);
    // A failed decode leaves the decoder usable for the next upload.
    expect((await upload(user.token, pngBytes(16, 16))).status).toBe(201);
  });

  it('downscales a large reference once, at upload, to at most 2,048 px as JPEG', async () => {
    const user = await userWith();
    const original = noisePng(2800, 900); // about 10 MB of noise: the worst case for size
    const response = await upload(user.token, original);
    expect(response.status).toBe(201);
    const { path } = await json<UploadResponse>(response);
    expect(path).toMatch(/\.jpg$/);
    const stored = new Uint8Array(await (await env.MEDIA.get(path))!.arrayBuffer());
    const decoded = decodeImage(stored);
    expect(Math.max(decoded.width, decoded.height)).toBe(REFERENCE_MAX_SIDE);
    expect(decoded.width / decoded.height).toBeCloseTo(2800 / 900, 1);
    console.log(`reference: ${original.length} bytes uploaded, ${stored.length} stored`);
    expect(stored.length).toBeLessThan(original.length / 2);
  });

  it('keeps a small reference as it was sent', async () => {
    const user = await userWith();
    const small = pngBytes(100, 80);
    const { path } = await json<UploadResponse>(await upload(user.token, small));
    expect(new Uint8Array(await (await env.MEDIA.get(path))!.arrayBuffer())).toEqual(small);
  });

  it('refuses uploads over the daily quota with 429 and Retry-After', async () => {
    const user = await userWith();
    const prefix = `references/${user.user.id}/${uploadDay(Date.now())}-`;
    await Promise.all(Array.from({ length: MAX_UPLOADS_PER_DAY }, (_, i) => env.MEDIA.put(`${prefix}${i}.png`, pngBytes())));
    const response = await upload(user.token, pngBytes());
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await json<ErrorBody>(response)).error).toEqual({ code: 'rate_limited', message: generationRequestMessages.uploadQuotaReached, field: 'file' });
    expect(await referencesOf(user.user.id)).toBe(MAX_UPLOADS_PER_DAY);
  });
});

describe('provider output checked by its header', () => {
  it('refuses a 20,000 × 20,000 provider image before decoding it', async () => {
    const decodes = vi.spyOn(PhotonImage, 'new_from_byteslice');
    await expect(processImage({ kind: 'encoded', bytes: craftedPng(20_000, 20_000), mimeType: 'image/png' }, { cropTo: null, watermark: false })).rejects.toThrow(/too_many_pixels/);
    await expect(processImage({ kind: 'encoded', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]), mimeType: 'image/png' }, { cropTo: null, watermark: false })).rejects.toThrow(/unreadable/);
    expect(decodes).not.toHaveBeenCalled();
  });
});

describe('conversation history caps', () => {
  const text = (n: number) => ({ text: `turn ${n} `.padEnd(9000, 'x') });

  it('refuses 100 turns of 50 parts (38 MB upstream before) with a clear 400, charging nothing', async () => {
    const user = await userWith({ credits: 12 });
    const history = Array.from({ length: 100 }, (_, i) => ({ role: i % 2 ? 'model' : 'user', parts: Array.from({ length: 50 }, () => text(i)) }));
    const response = await generate(user.token, { prompt: 'a brick library', model: 'concept', numberOfViews: 1, conversationHistory: history });
    expect(response.status).toBe(400);
    expect((await json<ErrorBody>(response)).error).toMatchObject({ code: 'invalid_request', message: generationRequestMessages.historyTooLarge });
    expect(await balance(user.user.id)).toBe(12);
  });

  it('refuses more than 100 turns, a turn of too many parts, and more than 8 MB of history', async () => {
    const user = await userWith({ credits: 12 });
    const turns = Array.from({ length: 101 }, (_, i) => ({ role: 'user', parts: [{ text: `t${i}` }] }));
    const parts = [{ role: 'user', parts: Array.from({ length: MAX_HISTORY_PARTS_PER_TURN + 1 }, () => ({ text: 'x' })) }];
    const image = { inlineData: { mimeType: 'image/jpeg', data: 'A'.repeat(3 * 1024 * 1024) } };
    const bytes = [1, 2, 3].map((i) => ({ role: i % 2 ? 'model' : 'user', parts: [image] }));
    for (const history of [turns, parts, bytes]) {
      const response = await generate(user.token, { prompt: 'a brick library', model: 'concept', numberOfViews: 1, conversationHistory: history });
      expect(response.status).toBe(400);
      expect((await json<ErrorBody>(response)).error.message).toBe(generationRequestMessages.historyTooLarge);
    }
    expect(await balance(user.user.id)).toBe(12);
  });
});
