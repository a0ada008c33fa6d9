/**
 * Renders from the architect's own drawing through the Worker (docs/decisions/0086): the input
 * type and step kept with the job and the generation, a geometry score on every view of a
 * sketch, model view or drawing (and none for a site photo or no input), the free re-render in
 * the precise steps with nothing charged and the ledger balanced, never in the creative ones.
 */
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { FIDELITY_RETRY_BELOW } from '#shared/drawing-inputs';
import type { GenerateSuccessResponse } from '#shared/api-types';
import type { VersionedItem } from '#shared/generations-types';
import type { JobSnapshot } from '#shared/job-types';
import { generationRequestMessages } from '#shared/messages';
import { FakeGemini } from '../../fakes/gemini';
import { call, json } from '../helpers';
import { closeSocketsAfterEach, connect } from '../realtime/sockets';
import { balance, fetchImage, generate, ledgerRows, ledgerSum, userWith } from '../studio/helpers';
import { seedWhere, uploadDrawing } from './drawing-helpers';
import { createProject } from '../projects/helpers';
import { accepted, ended, imageCalls, jobEvents, settleJobs, submit, useGemini, waitForEvent } from './job-helpers';

closeSocketsAfterEach();

const PROMPT = 'A brick house with a pitched roof at golden hour';

interface ErrorBody {
  error: { code: string; field?: string; message: string };
}

async function generated(response: Response): Promise<GenerateSuccessResponse> {
  if (response.status !== 200) throw new Error(`generate: ${response.status} ${await response.text()}`);
  return json<GenerateSuccessResponse>(response);
}

async function keysUnder(userId: string, generationId: string): Promise<string[]> {
  const listed = await env.MEDIA.list({ prefix: `generations/${userId}/${generationId}/` });
  return listed.objects.map((object) => object.key);
}

describe('inputType and fidelity on POST /api/generate', () => {
  it('refuses an input type without a reference image, and a step without an input type, charging nothing', async () => {
    const user = await userWith({ credits: 40 });
    const ledger = await ledgerRows(user.user.id);
    const noImage = await generate(user.token, { prompt: PROMPT, model: 'concept', inputType: 'sketch', fidelity: 5 });
    expect(noImage.status).toBe(400);
    expect((await json<ErrorBody>(noImage)).error).toMatchObject({ code: 'invalid_request', field: 'inputType', message: generationRequestMessages.inputTypeNeedsImage });
    const path = await uploadDrawing(user.token);
    const noType = await generate(user.token, { prompt: PROMPT, model: 'concept', referenceImages: [path], fidelity: 5 });
    expect(noType.status).toBe(400);
    expect((await json<ErrorBody>(noType)).error.field).toBe('fidelity');
    for (const body of [{ inputType: 'painting' }, { inputType: 'sketch', fidelity: 6 }, { inputType: 'sketch', fidelity: 2.5 }]) {
      expect((await generate(user.token, { prompt: PROMPT, model: 'concept', referenceImages: [path], ...body })).status).toBe(400);
    }
    expect(await balance(user.user.id)).toBe(40);
    expect(await ledgerRows(user.user.id)).toEqual(ledger);
  });

  it('keeps the type and the step (the type\'s default when absent) in the job, the answer and the generation', async () => {
    const user = await userWith({ credits: 40 });
    const path = await uploadDrawing(user.token, 'elevation-1');
    const seed = seedWhere(5, [false]);
    const body = await generated(await generate(user.token, { prompt: PROMPT, model: 'concept', aspectRatio: '4:3', numberOfViews: 1, referenceImages: [path], inputType: 'drawing', seed }));
    expect(body.metadata).toMatchObject({ inputType: 'drawing', fidelity: 5 });
    const job = await json<JobSnapshot>(await call(`/api/jobs/${body.generationId}`, { token: user.token }));
    expect(job).toMatchObject({ inputType: 'drawing', fidelity: 5 });
    const row = await env.DB.prepare('select input_type, fidelity from generations where id = ?').bind(body.generationId).first();
    expect(row).toEqual({ input_type: 'drawing', fidelity: 5 });
    const item = await json<VersionedItem>(await call(`/api/generations/${body.generationId}`, { token: user.token }));
    expect(item).toMatchObject({ inputType: 'drawing', fidelity: 5 });
  });
});

describe('the geometry score of each view', () => {
  it('is stored with every view of a sketch in Precise and shown wherever the owner sees the image', async () => {
    const user = await userWith({ credits: 40 });
    const path = await uploadDrawing(user.token, 'sketch-1');
    const seed = seedWhere(5, [false, false]);
    const body = await generated(await generate(user.token, { prompt: PROMPT, model: 'concept', aspectRatio: '4:3', numberOfViews: 2, referenceImages: [path], inputType: 'sketch', fidelity: 5, seed }));
    expect(body.images).toHaveLength(2);
    for (const image of body.images) {
      expect(image.fidelity).toEqual({ score: expect.any(Number) as number, retried: false });
      expect(image.fidelity!.score).toBeGreaterThanOrEqual(0.9);
    }
    const job = await json<JobSnapshot>(await call(`/api/jobs/${body.generationId}`, { token: user.token }));
    expect(job.views.map((view) => view.image?.fidelity)).toEqual(body.images.map((image) => image.fidelity));
    const item = await json<VersionedItem>(await call(`/api/generations/${body.generationId}`, { token: user.token }));
    expect(item.images.map((image) => image.fidelity)).toEqual(body.images.map((image) => image.fidelity));
    const dashboard = await json<{ items: VersionedItem[] }>(await call('/api/generations', { token: user.token }));
    expect(dashboard.items.find((entry) => entry.id === body.generationId)?.images[0]?.fidelity).toEqual(body.images[0]!.fidelity);
    // Nobody else sees it: the gallery card of this public (free plan) generation carries no score.
    const stranger = await userWith();
    const gallery = await json<{ items: VersionedItem[] }>(await call('/api/gallery?limit=50', { token: stranger.token }));
    const card = gallery.items.find((entry) => entry.id === body.generationId);
    expect(card).toBeDefined();
    expect(card!.images[0]!.fidelity).toBeUndefined();
    expect(await keysUnder(user.user.id, body.generationId)).toEqual(expect.arrayContaining([
      `generations/${user.user.id}/${body.generationId}/0-fidelity.png`,
      `generations/${user.user.id}/${body.generationId}/1-fidelity.png`,
    ]));
  });

  it('is absent for a site photo and for a request without an input', async () => {
    const user = await userWith({ credits: 40 });
    const path = await uploadDrawing(user.token, 'photo-1');
    const photo = await generated(await generate(user.token, { prompt: PROMPT, model: 'concept', numberOfViews: 1, referenceImages: [path], inputType: 'photo' }));
    expect(photo.images[0]!.fidelity).toBeUndefined();
    const plain = await generated(await generate(user.token, { prompt: PROMPT, model: 'concept', numberOfViews: 1, referenceImages: [path] }));
    expect(plain.images[0]!.fidelity).toBeUndefined();
    expect((await keysUnder(user.user.id, photo.generationId)).some((key) => key.endsWith('-fidelity.png'))).toBe(false);
  });
});

describe('the free re-render for geometry', () => {
  it('re-renders a drifting view once in step 4, keeps the better as the view and the other as its alternate, and charges nothing for it', async () => {
    const user = await userWith({ credits: 40 });
    const path = await uploadDrawing(user.token, 'elevation-2');
    const seed = seedWhere(4, [true, false]);
    const body = await generated(await generate(user.token, { prompt: PROMPT, model: 'concept', aspectRatio: '4:3', numberOfViews: 2, referenceImages: [path], inputType: 'drawing', fidelity: 4, seed }));
    const [drifted, steady] = body.images;
    expect(steady!.fidelity).toMatchObject({ retried: false });
    expect(drifted!.fidelity).toMatchObject({ retried: true, alternate: { score: expect.any(Number) as number } });
    const { score, alternate } = drifted!.fidelity!;
    expect(score).toBeGreaterThanOrEqual(FIDELITY_RETRY_BELOW);
    expect(alternate!.score).toBeLessThan(FIDELITY_RETRY_BELOW);
    // The re-render is the view now, under its own keys; the first render stays openable.
    expect(drifted!.storagePath).toBe(`generations/${user.user.id}/${body.generationId}/0-r2.jpg`);
    const first = await fetchImage(alternate!.url);
    expect([first.width, first.height]).toEqual([alternate!.width, alternate!.height]);
    await fetchImage(alternate!.thumbnailUrl);
    // One charge for the job, no row for the re-render, and the balance is the ledger's sum.
    expect(body.creditsCharged).toBe(4);
    expect(await balance(user.user.id)).toBe(36);
    expect(await ledgerSum(user.user.id)).toBe(36);
    expect((await ledgerRows(user.user.id)).filter((row) => row.generation_id === body.generationId)).toEqual([
      { delta: -4, reason: 'generation', generation_id: body.generationId },
    ]);
    const row = await env.DB.prepare('select credits_charged from generations where id = ?').bind(body.generationId).first();
    expect(row).toEqual({ credits_charged: 4 });
  });

  it('delivers the view first, then tells its score, then the re-render, over the live connection', async () => {
    const user = await userWith({ credits: 40 });
    const path = await uploadDrawing(user.token, 'model-2');
    const tab = await connect(user.token);
    const seed = seedWhere(5, [true]);
    const submitted = await accepted(await submit(user.token, { prompt: PROMPT, model: 'concept', aspectRatio: '16:9', numberOfViews: 1, referenceImages: [path], inputType: 'model', fidelity: 5, seed }));
    const last = await waitForEvent(tab, submitted.jobId, ended);
    const states = jobEvents(tab, submitted.jobId).flatMap((job) => (job.views[0]?.image ? [job.views[0].image] : []));
    const delivered = states.findIndex((image) => image.fidelity === undefined);
    const scored = states.findIndex((image) => image.fidelity?.retried === false);
    const rerendered = states.findIndex((image) => image.fidelity?.retried === true);
    expect(delivered).toBe(0);
    expect(scored).toBeGreaterThan(delivered);
    expect(rerendered).toBeGreaterThan(scored);
    expect(states[scored]!.fidelity!.score).toBeLessThan(FIDELITY_RETRY_BELOW);
    expect(states[scored]!.url).toBe(states[delivered]!.url);
    expect(last.views[0]!.image!.fidelity).toEqual(states.at(-1)!.fidelity);
    expect(last.result).toMatchObject({ success: true, creditsCharged: 4 });
    await settleJobs(user.token);
  });

  it('never re-renders a creative step, however low its score', async () => {
    const user = await userWith({ credits: 40 });
    const path = await uploadDrawing(user.token, 'sketch-2');
    for (const fidelity of [1, 3] as const) {
      const body = await generated(await generate(user.token, { prompt: PROMPT, model: 'concept', aspectRatio: '4:3', numberOfViews: 1, referenceImages: [path], inputType: 'sketch', fidelity, seed: 7 }));
      expect(body.images[0]!.fidelity).toEqual({ score: expect.any(Number) as number, retried: false });
      if (fidelity === 1) expect(body.images[0]!.fidelity!.score).toBeLessThan(FIDELITY_RETRY_BELOW);
      expect((await keysUnder(user.user.id, body.generationId)).filter((key) => key.includes('-r2'))).toEqual([]);
    }
  });
});

describe('through the Gemini engine, in a project', () => {
  let restore: () => void = () => {};
  const fake = new FakeGemini();
  afterEach(() => {
    restore();
    fake.uninstall();
  });

  it('sends the type\'s instruction, then the user\'s words, then the brief, then the drawing; a drifting precise view gets one more call with stronger words, free', async () => {
    fake.install();
    // A flat image (but for the free plan's watermark) keeps none of the drawing's lines.
    restore = useGemini(fake, () => ({ kind: 'image', width: 96, height: 96 }));
    const user = await userWith({ credits: 40 });
    const project = await createProject(user.token, 'Hillside house', { materials: 'red brick, weathered oak' });
    const path = await uploadDrawing(user.token, 'elevation-3');
    const body = await generated(await generate(user.token, { prompt: PROMPT, model: 'concept', numberOfViews: 1, referenceImages: [path], inputType: 'drawing', fidelity: 5, projectId: project.id }));
    const [first, again, more] = imageCalls(fake).map((fakeCall) => fakeCall.body.contents.at(-1)!.parts);
    expect(more).toBeUndefined();
    const text = (parts: typeof first) => parts!.flatMap((part) => ('text' in part ? [part.text] : [])).join(' ');
    expect(text(first)).toMatch(/^The first attached image is the architect's plan or elevation drawing\./);
    expect(text(first).indexOf('Follow every line exactly')).toBeLessThan(text(first).indexOf(PROMPT));
    expect(text(first).indexOf(PROMPT)).toBeLessThan(text(first).indexOf('Materials: red brick, weathered oak.'));
    expect(text(first)).not.toContain('moved or lost');
    // The texts (the instruction with the user's words, then the brief as quoted data), then the drawing.
    const drawing = (parts: typeof first) => parts!.find((part) => 'inlineData' in part);
    expect(drawing(first)).toBeDefined();
    expect(first!.findIndex((part) => 'inlineData' in part)).toBe(first!.length - 1);
    expect(text(again)).toContain('moved or lost some of its lines');
    expect(drawing(again)).toEqual(drawing(first));
    // The fake answers the same image twice: the tie keeps the first render, the one the user saw first.
    const fidelity = body.images[0]!.fidelity!;
    expect(fidelity).toMatchObject({ retried: true, alternate: { score: fidelity.score } });
    expect(fidelity.score).toBeLessThan(0.05);
    expect(body.images[0]!.storagePath).toBe(`generations/${user.user.id}/${body.generationId}/0.jpg`);
    expect(await ledgerSum(user.user.id)).toBe(40 - body.creditsCharged);
    expect((await ledgerRows(user.user.id)).filter((row) => row.generation_id === body.generationId)).toHaveLength(1);
  });
});
