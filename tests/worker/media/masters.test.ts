/**
 * Lossless masters (docs/decisions/0084-region-edit.md): every new view keeps a PNG of its pixels
 * before the watermark; /media never serves one; the master route serves it to its owner on a
 * paid plan only; an image saved before masters gets one from its JPEG; deleting a generation
 * deletes its masters and its edit's mask.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { GenerateSuccessResponse } from '#shared/api-types';
import { mediaKeys, signedMediaUrl } from '../../../worker/media';
import { call, json } from '../helpers';
import { decodeImage, generate, meanDifference, setPlan, userWith } from '../studio/helpers';
import { ended, keysUnderPrefix, maskBase64, postEdit, source, storedImages, storedPixels } from '../generation/edit-helpers';

const PROMPT = 'A timber pavilion in a park at golden hour';

async function made(token: string): Promise<GenerateSuccessResponse> {
  const response = await generate(token, { prompt: PROMPT, model: 'fast', numberOfViews: 1, seed: 42 });
  expect(response.status).toBe(200);
  return json<GenerateSuccessResponse>(response);
}

describe('a view’s master', () => {
  it('is a PNG of the pixels before the watermark: the same for a free and a paid plan, while their JPEGs differ in the mark', async () => {
    const free = await userWith();
    const pro = await userWith({ plan: 'pro', credits: 10 });
    const [freeImage] = await storedImages((await made(free.token)).generationId);
    const [proImage] = await storedImages((await made(pro.token)).generationId);
    expect(freeImage?.masterKey).toMatch(/\/0-master\.png$/);
    const freeMaster = await storedPixels(freeImage!.masterKey!);
    const proMaster = await storedPixels(proImage!.masterKey!);
    expect(freeMaster.pixels).toEqual(proMaster.pixels);
    const freeJpeg = await storedPixels(freeImage!.key);
    const proJpeg = await storedPixels(proImage!.key);
    const corner = { x: freeJpeg.width - 70, y: freeJpeg.height - 60, width: 50, height: 40 };
    expect(meanDifference(freeJpeg, proJpeg, corner)).toBeGreaterThan(5);
    // The paid JPEG is the master's pixels, through JPEG.
    expect(meanDifference(proJpeg, proMaster, { x: 0, y: 0, width: proJpeg.width, height: proJpeg.height })).toBeLessThan(2);
  });

  it('is never served by /media: not to its owner, not with a signature, not from a public generation', async () => {
    const free = await userWith();
    const { generationId } = await made(free.token);
    const key = mediaKeys.master(free.user.id, generationId, 0);
    expect(await env.MEDIA.head(key)).not.toBeNull();
    expect((await call(`/media/${key}`)).status).toBe(403);
    expect((await call(`/media/${key}`, { token: free.token })).status).toBe(403);
    expect((await call(await signedMediaUrl(env.MEDIA_SIGNING_SECRET, key))).status).toBe(403);
    // Nor may a request name it as a reference.
    const refine = await generate(free.token, { prompt: PROMPT, model: 'concept', referenceImages: [key] });
    expect(refine.status).toBe(403);
  });
});

describe('GET /api/generations/:id/images/:index/master', () => {
  it('serves the PNG to its owner on a paid plan; a free plan, anyone else and a missing image get 404', async () => {
    const owner = await userWith({ plan: 'pro', credits: 10 });
    const other = await userWith({ plan: 'pro', credits: 10 });
    const { generationId } = await made(owner.token);
    const path = `/api/generations/${generationId}/images/0/master`;
    const response = await call(path, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const [image] = await storedImages(generationId);
    expect(decodeImage(new Uint8Array(await response.arrayBuffer())).pixels).toEqual((await storedPixels(image!.masterKey!)).pixels);
    expect((await call(path, { token: other.token })).status).toBe(404);
    expect((await call(`/api/generations/${generationId}/images/1/master`, { token: owner.token })).status).toBe(404);
    expect((await call(path)).status).toBe(401);
    await setPlan(owner.user.id, 'free');
    expect((await call(path, { token: owner.token })).status).toBe(404);
  });

  it('makes the master of an image saved before masters from its JPEG, once, and records it', async () => {
    const owner = await userWith({ plan: 'pro', credits: 10 });
    const { generationId } = await made(owner.token);
    const [image] = await storedImages(generationId);
    // As rows were before masters: no key in the row, no object.
    await env.MEDIA.delete(image!.masterKey!);
    await env.DB.prepare("update generations set images = json_remove(images, '$[0].masterKey') where id = ?").bind(generationId).run();
    expect((await storedImages(generationId))[0]?.masterKey).toBeUndefined();
    const response = await call(`/api/generations/${generationId}/images/0/master`, { token: owner.token });
    expect(response.status).toBe(200);
    expect(decodeImage(new Uint8Array(await response.arrayBuffer())).pixels).toEqual((await storedPixels(image!.key)).pixels);
    expect((await storedImages(generationId))[0]?.masterKey).toBe(image!.masterKey);
  });

  it('lets an edit start from such an image, its decoded JPEG standing for its master', async () => {
    const owner = await userWith({ plan: 'pro', credits: 10 });
    const made = await source(owner.token);
    const [image] = await storedImages(made.id);
    await env.MEDIA.delete(image!.masterKey!);
    await env.DB.prepare("update generations set images = json_remove(images, '$[0].masterKey') where id = ?").bind(made.id).run();
    const response = await postEdit(owner.token, made.id, 0, { instruction: 'make the door blue', mask: maskBase64(made.width, made.height, (x, y) => x > 400 && x < 500 && y > 600 && y < 800) });
    const { jobId } = await json<{ jobId: string }>(response);
    expect((await ended(owner.token, jobId)).status).toBe('done');
    const jpeg = await storedPixels(image!.key);
    const result = await storedPixels((await storedImages(jobId))[0]!.masterKey!);
    // Far from the mask, the result's master is the source's JPEG, pixel for pixel.
    expect(result.pixels.subarray(0, 4 * jpeg.width * 100)).toEqual(jpeg.pixels.subarray(0, 4 * jpeg.width * 100));
    expect((await storedImages(made.id))[0]?.masterKey).toBe(image!.masterKey);
  });
});

describe('deleting a generation', () => {
  it('deletes its masters and its edit’s mask', async () => {
    const owner = await userWith({ plan: 'pro', credits: 10 });
    const made = await source(owner.token);
    const response = await postEdit(owner.token, made.id, 0, { instruction: 'add a green hedge', mask: maskBase64(made.width, made.height, (x, y) => y > 900 && x < 300) });
    const { jobId } = await json<{ jobId: string }>(response);
    expect((await ended(owner.token, jobId)).status).toBe('done');
    for (const id of [jobId, made.id]) {
      const prefix = mediaKeys.generationPrefix(owner.user.id, id);
      expect((await keysUnderPrefix(prefix)).some((key) => key.endsWith('-master.png'))).toBe(true);
      expect((await call(`/api/generations/${id}`, { method: 'DELETE', token: owner.token })).status).toBe(204);
      expect(await keysUnderPrefix(prefix)).toEqual([]);
    }
    expect(await env.MEDIA.head(mediaKeys.editMask(owner.user.id, jobId))).toBeNull();
  });
});
