/**
 * 4K renders (docs/decisions/0089-print-resolution.md): paid plans only (a 403 naming the plan,
 * nothing charged), each view priced at the tier's 4K price, the seed's 1K and 2K rules unchanged;
 * a 4K view stored through the path that holds no second raster — its master the engine's own
 * PNG, or the preview's pixels encoded a band at a time — with its JPEG, thumbnail and ladder.
 */
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, GenerateSuccessResponse } from '#shared/api-types';
import { printMessages } from '#shared/messages';
import { GOOGLE_IMAGE_MODELS, MODELS, outputSize } from '#shared/models';
import { generationCost, PRINT_CREDITS_PER_VIEW, RESOLUTION_LONG_SIDE } from '#shared/print';
import { FakeGemini, solidPngBase64 } from '../../fakes/gemini';
import { fromBase64 } from '../../../worker/platform/base64';
import { json } from '../helpers';
import { balance, decodeImage, generate, ledgerSum, setCredits, userWith } from '../studio/helpers';
import { storedImages } from '../generation/edit-helpers';
import { imageCalls, useGemini } from '../generation/job-helpers';

const PROMPT = 'A timber pavilion on a lake shore, eye level';

let fake: FakeGemini | null = null;
let restore: () => void = () => {};
afterEach(() => {
  restore();
  restore = () => {};
  fake?.uninstall();
  fake = null;
});

async function bytesOf(key: string): Promise<Uint8Array> {
  const object = await env.MEDIA.get(key);
  if (!object) throw new Error(`${key} is missing`);
  return new Uint8Array(await object.arrayBuffer());
}

describe('4K prices and plans', () => {
  it('prices a 4K view from the provider’s cost, per view, and leaves the seed’s 1K and 2K prices alone', () => {
    // Google's list prices per image (USD): Gemini 3.1 Flash Image 1K 0.067, 2K 0.101, 4K 0.151;
    // Gemini 3 Pro Image 1K and 2K 0.134, 4K 0.24. A 4K view keeps at least the margin the tier
    // has at its dearest seed size, rounded up to whole credits.
    const cost = { 'gemini-3.1-flash-image': { '1K': 0.067, '2K': 0.101, '4K': 0.151 }, 'gemini-3-pro-image': { '1K': 0.134, '2K': 0.134, '4K': 0.24 } };
    for (const spec of Object.values(MODELS)) {
      const provider = cost[GOOGLE_IMAGE_MODELS[spec.id]];
      const dearestSeed = Math.max(...spec.resolutions.map((resolution) => provider[resolution as '1K' | '2K']));
      expect(PRINT_CREDITS_PER_VIEW[spec.id], spec.id).toBe(Math.ceil((spec.credits * provider['4K']) / dearestSeed));
    }
    expect(generationCost('ultra', '4K', 4)).toBe(24);
    expect(generationCost('standard', '2K', 4)).toBe(2);
    expect(generationCost('fast', '1K', 3)).toBe(1);
    expect(generationCost('imagen', '4K', 2)).toBe(1);
  });

  it('sizes each resolution by the long side the app is told (outputSize keeps its own copy, apart from the app)', () => {
    for (const resolution of ['1K', '2K', '4K'] as const) {
      expect(outputSize('1:1', resolution), resolution).toEqual({ width: RESOLUTION_LONG_SIDE[resolution], height: RESOLUTION_LONG_SIDE[resolution] });
      expect(Math.max(...Object.values(outputSize('16:9', resolution))), resolution).toBe(RESOLUTION_LONG_SIDE[resolution]);
    }
  });

  it('answers a free plan’s 4K with a 403 naming the plan, charging nothing', async () => {
    const user = await userWith({ credits: 50 });
    const response = await generate(user.token, { prompt: PROMPT, model: 'ultra', resolution: '4K', numberOfViews: 1 });
    expect(response.status).toBe(403);
    const body = await json<ApiErrorBody>(response);
    expect(body.error).toEqual({ code: 'forbidden', message: printMessages.printNeedsPaidPlan('Free'), field: 'resolution' });
    expect(body.error.message).toContain('Free plan');
    expect(await balance(user.user.id)).toBe(50);
    expect(await ledgerSum(user.user.id)).toBe(50);
  });

  it('charges a paid plan the tier’s 4K price for every view, and a 402 names that price', async () => {
    const user = await userWith({ plan: 'pro', credits: 15 });
    const short = await generate(user.token, { prompt: PROMPT, model: 'ultra', resolution: '4K', numberOfViews: 3, aspectRatio: '16:9' });
    expect(short.status).toBe(402);
    expect((await json<ApiErrorBody>(short)).error.message).toContain('18 credit(s) for Ultra');
    expect(await balance(user.user.id)).toBe(15);

    const response = await generate(user.token, { prompt: PROMPT, model: 'ultra', resolution: '4K', numberOfViews: 2, aspectRatio: '16:9' });
    expect(response.status).toBe(200);
    const body = await json<GenerateSuccessResponse>(response);
    expect(body).toMatchObject({ creditsCharged: 12, creditsLeft: 3, metadata: { resolution: '4K', actualViews: 2, watermarked: false } });
    expect(body.images.map((image) => [image.width, image.height])).toEqual([
      [4096, 2304],
      [4096, 2304],
    ]);
    expect(await balance(user.user.id)).toBe(3);
  }, 120_000);

  it('keeps the seed’s rules at 1K and 2K: a price per generation, Ultra fixed at 2K', async () => {
    const user = await userWith({ plan: 'pro', credits: 20 });
    const response = await generate(user.token, { prompt: PROMPT, model: 'ultra', resolution: '1K', numberOfViews: 2 });
    const body = await json<GenerateSuccessResponse>(response);
    expect(body).toMatchObject({ creditsCharged: 3, metadata: { resolution: '2K' } });
    expect(body.images[0]).toMatchObject({ width: 2048, height: 2048 });
  });

  it('charges enterprise nothing at 4K', async () => {
    const user = await userWith({ plan: 'enterprise', credits: 0 });
    const response = await generate(user.token, { prompt: PROMPT, model: 'fast', resolution: '4K', numberOfViews: 1, aspectRatio: '3:4' });
    expect(response.status).toBe(200);
    expect(await json<GenerateSuccessResponse>(response)).toMatchObject({ creditsCharged: 0, creditsLeft: null, metadata: { resolution: '4K' } });
  });
});

describe('a 4K view as stored', () => {
  it('keeps the preview’s render as a lossless PNG master at full size, with a JPEG, a thumbnail and a ladder up to the original', async () => {
    const user = await userWith({ plan: 'pro' });
    await setCredits(user.user.id, 20);
    const response = await generate(user.token, { prompt: PROMPT, model: 'standard', resolution: '4K', numberOfViews: 1, aspectRatio: '4:3', seed: 7 });
    const body = await json<GenerateSuccessResponse>(response);
    const size = outputSize('4:3', '4K');
    const [stored] = await storedImages(body.generationId);
    expect(stored).toMatchObject(size);
    const master = decodeImage(await bytesOf(stored!.masterKey!));
    expect([master.width, master.height]).toEqual([size.width, size.height]);
    const jpeg = await bytesOf(stored!.key);
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    const full = decodeImage(jpeg);
    expect([full.width, full.height]).toEqual([size.width, size.height]);
    // The JPEG shows the master's pixels (lossy, so close, not equal), in the middle of the image.
    const at = ((size.height / 2) * size.width + size.width / 2) * 4;
    for (let c = 0; c < 3; c += 1) expect(Math.abs(full.pixels[at + c]! - master.pixels[at + c]!)).toBeLessThan(24);
    const image = body.images[0]!;
    expect(Math.max(...image.renditions.map((rung) => rung.width))).toBe(size.width);
    expect(image.placeholder.length).toBeGreaterThan(10);
    const thumbnail = decodeImage(await bytesOf(stored!.thumbKey));
    expect(Math.max(thumbnail.width, thumbnail.height)).toBe(512);
  }, 120_000);

  it('stores Gemini’s 4K PNG as the master byte for byte, and asks Google for imageSize 4K', async () => {
    fake = new FakeGemini().install();
    restore = useGemini(fake, () => ({ kind: 'image', width: 4800, height: 3584, color: [120, 90, 60] }));
    const user = await userWith({ plan: 'pro', credits: 20 });
    const response = await generate(user.token, { prompt: PROMPT, model: 'ultra', resolution: '4K', numberOfViews: 1, aspectRatio: '4:3' });
    expect(response.status).toBe(200);
    const body = await json<GenerateSuccessResponse>(response);
    const [call] = imageCalls(fake);
    expect(call?.body.generationConfig?.imageConfig).toEqual({ aspectRatio: '4:3', imageSize: '4K' });
    const answer = fromBase64(solidPngBase64(4800, 3584, [120, 90, 60]));
    const [stored] = await storedImages(body.generationId);
    expect(stored).toMatchObject({ width: 4800, height: 3584 });
    expect(await bytesOf(stored!.masterKey!)).toEqual(answer);
  }, 120_000);
});
