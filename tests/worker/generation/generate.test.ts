import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { GenerateClarificationResponse, GenerateSuccessResponse, UploadResponse } from '#shared/api-types';
import { WATERMARK } from '../../../worker/platform/limits';
import { promptMessages, studioMessages, validationMessages } from '#shared/messages';
import { outputSize } from '#shared/models';
import { watermarkPlacement } from '../../../worker/studio/image-processing';
import { call, json } from '../helpers';
import {
  balance,
  fetchImage,
  generate,
  ledgerRows,
  ledgerSum,
  meanDifference,
  pngBytes,
  upload,
  userWith,
} from '../studio/helpers';

interface ErrorBody {
  error: { code: string; message: string; field?: string };
}

const PROMPT = 'A modern timber house with a cantilevered terrace above a lake';

describe('POST /api/generate with the preview engine', () => {
  it('refuses a signed-out caller with the documents\' text', async () => {
    const response = await generate(undefined, { prompt: PROMPT });
    expect(response.status).toBe(401);
    expect((await json<ErrorBody>(response)).error.message).toBe(studioMessages.loginToUseCredits);
  });

  it('charges the model\'s price once, with its ledger row, and answers the studio\'s response', async () => {
    const user = await userWith();
    const response = await generate(user.token, { prompt: PROMPT, model: 'standard', numberOfViews: 2, aspectRatio: '4:3' });
    expect(response.status).toBe(200);
    const body = await json<GenerateSuccessResponse>(response);
    expect(body).toMatchObject({ success: true, creditsCharged: 2, creditsLeft: 10, refunded: false });
    expect(body.images).toHaveLength(2);
    expect(body.imageUrl).toBe(body.images[0]!.url);
    expect(body.imageUrls).toEqual(body.images.map((image) => image.url));
    expect(body.seed).toBe(body.images[0]!.seed);
    expect(body.metadata).toMatchObject({
      prompt: PROMPT, aspectRatio: '4:3', numberOfViews: 2, actualViews: 2, model: 'standard', resolution: '1K',
      generationType: 'text-to-image', referenceImages: [], userPlan: 'free', watermarked: true, engine: 'preview', preview: true,
    });
    expect(new Date(body.metadata.timestamp).toISOString()).toBe(body.metadata.timestamp);
    for (const [index, image] of body.images.entries()) {
      expect(image).toMatchObject({ index, width: 1024, height: 768 });
      expect(image.placeholder).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(image.storagePath).toBe(`generations/${user.user.id}/${body.generationId}/${index}.jpg`);
    }
    expect(await balance(user.user.id)).toBe(10);
    expect(await ledgerSum(user.user.id)).toBe(10);
    expect((await ledgerRows(user.user.id)).at(-1)).toEqual({ delta: -2, reason: 'generation', generation_id: body.generationId });
  });

  it('stores originals, thumbnails and the row; free output is public and served at once', async () => {
    const user = await userWith();
    const body = await json<GenerateSuccessResponse>(await generate(user.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1, aspectRatio: '16:9' }));
    const row = await env.DB.prepare('select * from generations where id = ?').bind(body.generationId).first<Record<string, unknown>>();
    expect(row).toMatchObject({ user_id: user.user.id, model: 'Fast', visibility: 'public', image_count: 1, credits_charged: 1, engine: 'preview', aspect_ratio: '16:9' });
    expect(Number(row?.shuffle_key)).toBeGreaterThanOrEqual(0);
    expect(Number(row?.shuffle_key)).toBeLessThan(2 ** 31);
    const images = JSON.parse(String(row?.images)) as { key: string; thumbKey: string }[];
    expect(images[0]!.thumbKey).toBe(`generations/${user.user.id}/${body.generationId}/0-thumb.jpg`);
    expect(body.imageUrl).not.toContain('sig=');
    const full = await fetchImage(body.imageUrl);
    expect([full.width, full.height]).toEqual([1024, 576]);
    const thumb = await fetchImage(body.images[0]!.thumbnailUrl);
    expect(Math.max(thumb.width, thumb.height)).toBeLessThanOrEqual(512);
    const media = await call(body.imageUrl);
    expect(media.headers.get('content-type')).toBe('image/jpeg');
  });

  it('keeps paid output private: signed URLs, not watermarked', async () => {
    const user = await userWith({ plan: 'pro' });
    const body = await json<GenerateSuccessResponse>(await generate(user.token, { prompt: PROMPT, model: 'fast', numberOfViews: 1 }));
    expect(body.metadata).toMatchObject({ userPlan: 'pro', watermarked: false });
    expect(body.imageUrl).toMatch(/\?exp=\d+&sig=[0-9a-f]{64}$/);
    expect((await call(body.imageUrl)).status).toBe(200);
    const row = await env.DB.prepare('select visibility from generations where id = ?').bind(body.generationId).first<{ visibility: string }>();
    expect(row?.visibility).toBe('private');
  });

  it('watermarks free output in the bottom-right corner and leaves paid output clean', async () => {
    const free = await userWith();
    const pro = await userWith({ plan: 'pro' });
    const request = { prompt: PROMPT, model: 'fast', numberOfViews: 1, aspectRatio: '1:1', seed: 4242 };
    const freeBody = await json<GenerateSuccessResponse>(await generate(free.token, request));
    const proBody = await json<GenerateSuccessResponse>(await generate(pro.token, request));
    const marked = await fetchImage(freeBody.imageUrl);
    const clean = await fetchImage(proBody.imageUrl, pro.token);
    const box = watermarkPlacement(1024, 1024, 256, 256);
    expect(box).toEqual({ x: 1024 - 46 - WATERMARK.marginPx, y: 1024 - 46 - WATERMARK.marginPx, width: 46, height: 46 });
    // The same scene (same prompt and seed) with and without the mark: it differs only there.
    expect(meanDifference(marked, clean, box)).toBeGreaterThan(15);
    expect(meanDifference(marked, clean, { x: 0, y: 0, width: 200, height: 200 })).toBeLessThan(2);
    // The mark is white: its stroke brightens the corner.
    const brightness = (image: typeof marked) => meanDifference(image, { ...image, pixels: new Uint8Array(image.pixels.length) }, box);
    expect(brightness(marked)).toBeGreaterThan(brightness(clean));
  });

  it('answers 402 with the documents\' text when the balance is short, and changes nothing', async () => {
    const user = await userWith({ credits: 1 });
    const response = await generate(user.token, { prompt: PROMPT, model: 'standard', numberOfViews: 1 });
    expect(response.status).toBe(402);
    const error = (await json<ErrorBody>(response)).error;
    expect(error).toMatchObject({ code: 'insufficient_credits', message: 'Not enough credits! You need 2 credit(s) for Standard Parti Engine.' });
    expect(error.message).toBe(studioMessages.notEnoughCredits(2, 'Standard'));
    expect(await balance(user.user.id)).toBe(1);
    expect(await ledgerSum(user.user.id)).toBe(1);
  });

  it('prices an unknown model at 1 credit and runs it as Fast', async () => {
    const user = await userWith();
    const body = await json<GenerateSuccessResponse>(await generate(user.token, { prompt: PROMPT, model: 'mystery', numberOfViews: 1 }));
    expect(body.creditsCharged).toBe(1);
    expect(body.metadata.model).toBe('fast');
  });

  it('charges each model its price: fast 1, standard 2, ultra 3, concept 4', async () => {
    const user = await userWith({ credits: 20 });
    for (const [model, price] of [['fast', 1], ['standard', 2], ['ultra', 3], ['concept', 4]] as const) {
      const body = await json<GenerateSuccessResponse>(await generate(user.token, { prompt: PROMPT, model, numberOfViews: 1 }));
      expect(body.creditsCharged).toBe(price);
    }
    expect(await balance(user.user.id)).toBe(10);
    expect(await ledgerSum(user.user.id)).toBe(10);
  });

  it('never charges enterprise', async () => {
    const user = await userWith({ plan: 'enterprise' });
    const before = await balance(user.user.id);
    const body = await json<GenerateSuccessResponse>(await generate(user.token, { prompt: PROMPT, model: 'ultra', numberOfViews: 2 }));
    expect(body).toMatchObject({ success: true, creditsCharged: 0, creditsLeft: null });
    expect(body.metadata).toMatchObject({ userPlan: 'enterprise', watermarked: false });
    expect(await balance(user.user.id)).toBe(before);
    expect(await ledgerSum(user.user.id)).toBe(before);
  });

  it('lets 20 parallel Standard requests from 12 credits never overspend, and 6 succeed in all', async () => {
    const user = await userWith();
    const request = () => generate(user.token, { prompt: PROMPT, model: 'standard', numberOfViews: 1 });
    const responses = await Promise.all(Array.from({ length: 20 }, request));
    const statuses = responses.map((response) => response.status);
    // At most MAX_ACTIVE_JOBS_PER_USER run at once (docs/decisions/0036): the rest are 402 or 429.
    expect(statuses.every((status) => status === 200 || status === 402 || status === 429)).toBe(true);
    const succeeded = statuses.filter((status) => status === 200).length;
    expect(succeeded).toBeGreaterThan(0);
    expect(succeeded).toBeLessThanOrEqual(6);
    expect(await balance(user.user.id)).toBe(12 - 2 * succeeded);
    let total = succeeded;
    for (let status = 200; status === 200; total += status === 200 ? 1 : 0) status = (await request()).status;
    expect(total).toBe(6);
    expect(await balance(user.user.id)).toBe(0);
    expect(await ledgerSum(user.user.id)).toBe(0);
    const charges = (await ledgerRows(user.user.id)).filter((row) => row.reason === 'generation');
    expect(charges).toHaveLength(6);
  });
});

describe('request rules', () => {
  it('normalises ratio and resolution per model', async () => {
    const user = await userWith({ plan: 'enterprise' });
    const cases = [
      { model: 'standard', aspectRatio: '21:9', resolution: '2K', expect: ['1:1', '2K'] },
      { model: 'ultra', aspectRatio: '9:16', resolution: '1K', expect: ['9:16', '2K'] },
      { model: 'fast', aspectRatio: '3:4', resolution: '2K', expect: ['3:4', '1K'] },
      { model: 'standard', aspectRatio: '16:9', expect: ['16:9', '1K'] },
      { model: 'concept', aspectRatio: '21:9', resolution: '2K', expect: ['21:9', '1K'] },
      { model: 'concept', aspectRatio: 'nonsense', expect: ['1:1', '1K'] },
    ] as const;
    for (const item of cases) {
      const body = await json<GenerateSuccessResponse>(
        await generate(user.token, { prompt: PROMPT, model: item.model, aspectRatio: item.aspectRatio, resolution: 'resolution' in item ? item.resolution : undefined, numberOfViews: 1 }),
      );
      expect([body.metadata.aspectRatio, body.metadata.resolution]).toEqual(item.expect);
      const size = outputSize(item.expect[0], item.expect[1]);
      expect([body.images[0]!.width, body.images[0]!.height]).toEqual([size.width, size.height]);
    }
  });

  it('collapses white space and cuts the prompt at 2000 characters', async () => {
    const user = await userWith({ plan: 'enterprise' });
    const long = `A   glass\n\n pavilion\t${' garden'.repeat(400)}`;
    const body = await json<GenerateSuccessResponse>(await generate(user.token, { prompt: long, model: 'fast', numberOfViews: 1 }));
    expect(body.metadata.prompt.startsWith('A glass pavilion garden garden')).toBe(true);
    expect(body.metadata.prompt).toHaveLength(2000);
  });

  it('accepts 1 to 4 views only', async () => {
    const user = await userWith();
    for (const views of [0, 5, 2.5]) {
      const response = await generate(user.token, { prompt: PROMPT, numberOfViews: views });
      expect(response.status).toBe(400);
      expect((await json<ErrorBody>(response)).error.field).toBe('numberOfViews');
    }
    const body = await json<GenerateSuccessResponse>(await generate(user.token, { prompt: PROMPT, model: 'fast', numberOfViews: 4 }));
    expect(body.images).toHaveLength(4);
    expect(new Set(body.images.map((image) => image.seed)).size).toBe(4);
  });

  it('allows refinement and input images only with Concept', async () => {
    const user = await userWith();
    const refine = await generate(user.token, { prompt: PROMPT, model: 'standard', isRefinement: true });
    expect(refine.status).toBe(400);
    expect((await json<ErrorBody>(refine)).error.message).toBe('Refine only supported in Concept model.');
    const images = await generate(user.token, { prompt: PROMPT, model: 'fast', images: [btoa('x')] });
    expect(images.status).toBe(400);
    expect((await json<ErrorBody>(images)).error.message).toBe('Input images are only supported in Concept model.');
    const none = await generate(user.token, { prompt: PROMPT, model: 'concept', isRefinement: true });
    expect(none.status).toBe(400);
    expect((await json<ErrorBody>(none)).error.message).toBe('Image-to-image needs at least one image.');
    expect(await balance(user.user.id)).toBe(12);
  });

  it('processes the first 3 input images and warns about the rest', async () => {
    const user = await userWith({ plan: 'enterprise' });
    const paths: string[] = [];
    for (let i = 0; i < 4; i += 1) paths.push((await json<UploadResponse>(await upload(user.token, pngBytes()))).path);
    const response = await generate(user.token, { prompt: 'Blend these into one villa', model: 'concept', isRefinement: true, referenceImages: paths, numberOfViews: 1 });
    expect(response.status).toBe(200);
    const body = await json<GenerateSuccessResponse>(response);
    expect(body.warning).toBe('Only the first 3 images are processed. Extra images were ignored.');
    expect(body.metadata.referenceImages).toEqual(paths.slice(0, 3));
    expect(body.metadata.generationType).toBe('image-to-image');
  });

  it('accepts only the caller\'s own, existing uploads as references', async () => {
    const owner = await userWith();
    const other = await userWith();
    const { path } = await json<UploadResponse>(await upload(owner.token, pngBytes()));
    const foreign = await generate(other.token, { prompt: PROMPT, model: 'concept', referenceImages: [path] });
    expect(foreign.status).toBe(403);
    const escaping = await generate(other.token, { prompt: PROMPT, model: 'concept', referenceImages: [`references/${other.user.id}/../${owner.user.id}/x.png`] });
    expect(escaping.status).toBe(403);
    const missing = await generate(other.token, { prompt: PROMPT, model: 'concept', referenceImages: [`references/${other.user.id}/nope.png`] });
    expect(missing.status).toBe(400);
    expect((await json<ErrorBody>(missing)).error.field).toBe('referenceImages');
    expect(await balance(other.user.id)).toBe(12);
  });

  it('checks inline images by their bytes', async () => {
    const user = await userWith({ plan: 'enterprise' });
    const bad = await generate(user.token, { prompt: PROMPT, model: 'concept', images: [btoa('not an image at all')] });
    expect(bad.status).toBe(400);
    let binary = '';
    for (const byte of pngBytes()) binary += String.fromCharCode(byte);
    const good = await generate(user.token, { prompt: PROMPT, model: 'concept', images: [`data:image/png;base64,${btoa(binary)}`], numberOfViews: 1 });
    expect(good.status).toBe(200);
  });

  it('checks the conversation history\'s shape', async () => {
    const user = await userWith();
    const message = 'Conversation history must be a list of turns with role user or model.';
    for (const history of [[{ role: 'assistant', parts: [{ text: 'hi' }] }], [{ role: 'user', parts: [] }], [{ role: 'user', parts: [{ video: 'x' }] }], 'nope']) {
      const response = await generate(user.token, { prompt: PROMPT, model: 'concept', conversationHistory: history });
      expect(response.status).toBe(400);
      expect((await json<ErrorBody>(response)).error.message).toBe(message);
    }
    const ok = await generate(user.token, {
      prompt: PROMPT, model: 'concept', numberOfViews: 1,
      conversationHistory: [{ role: 'user', parts: [{ text: 'a villa' }] }, { role: 'model', parts: [{ text: 'here it is' }] }],
    });
    expect(ok.status).toBe(200);
  });
});

describe('prompt validation before generating', () => {
  it('asks for a prompt when it is empty, with three suggestions, charging nothing', async () => {
    const user = await userWith();
    const response = await generate(user.token, { prompt: '   ', model: 'fast' });
    expect(response.status).toBe(200);
    const body = await json<GenerateClarificationResponse>(response);
    expect(body).toMatchObject({ success: false, needsClarification: true, validationFeedback: validationMessages.emptyPrompt, creditsCharged: 0 });
    expect(body.suggestions).toEqual([...promptMessages.emptySuggestions]);
    expect(body.suggestions).toHaveLength(3);
    expect(await balance(user.user.id)).toBe(12);
  });

  it('asks for more detail under 3 characters', async () => {
    const user = await userWith();
    const body = await json<GenerateClarificationResponse>(await generate(user.token, { prompt: ' ab ', model: 'fast' }));
    expect(body.validationFeedback).toBe('Please provide more detail about your architectural vision.');
    expect(body.suggestions).toHaveLength(3);
  });

  it('sends a prompt about something else back for clarification', async () => {
    const user = await userWith();
    const body = await json<GenerateClarificationResponse>(await generate(user.token, { prompt: 'A portrait of my cat', model: 'fast' }));
    expect(body).toMatchObject({ success: false, needsClarification: true, validationFeedback: promptMessages.notArchitectural });
    expect(body.suggestions.length).toBeGreaterThan(0);
    expect(await ledgerRows(user.user.id)).toHaveLength(1);
  });

  it('skips validation for refinement', async () => {
    const user = await userWith({ plan: 'enterprise' });
    const { path } = await json<UploadResponse>(await upload(user.token, pngBytes()));
    const response = await generate(user.token, { prompt: 'make it blue', model: 'concept', isRefinement: true, referenceImages: [path], numberOfViews: 1 });
    expect(response.status).toBe(200);
    expect((await json<GenerateSuccessResponse>(response)).success).toBe(true);
  });
});
