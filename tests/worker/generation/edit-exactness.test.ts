/**
 * The promise of a region edit (docs/api.md "Region edit"; docs/decisions/0084-region-edit.md): over
 * twelve sources — both engines' paths, 1K and 2K, six ratios, rectangles, ellipses, lassos, thin
 * strokes, two blobs and masks touching the image's edge — every pixel of the result's master
 * farther than featherPx from the mask is the source master's, byte for byte, and the result has
 * the source's size. Each edit runs through the route and the Workflow, as the app's would.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GenerateAcceptedResponse } from '#shared/job-types';
import { outputSize, type AspectRatio } from '#shared/models';
import { FakeGemini, type FakeCall, type FakeReply } from '../../fakes/gemini';
import { json } from '../helpers';
import { userWith } from '../studio/helpers';
import { dilate, maskWhere, shapes } from '../studio/region-edit/fixtures';
import { ended, generation, maskBase64, postEdit, source, storedImages, storedPixels } from './edit-helpers';
import { useGemini } from './job-helpers';

type Shape = (width: number, height: number) => (x: number, y: number) => boolean;

const SHAPES: Record<string, Shape> = {
  rectangle: (w, h) => shapes.rectangle(w * 0.3, h * 0.35, w * 0.55, h * 0.6),
  ellipse: (w, h) => shapes.ellipse(w * 0.6, h * 0.45, w * 0.14, h * 0.1),
  lasso: (w, h) => shapes.polygon([[w * 0.2, h * 0.5], [w * 0.42, h * 0.38], [w * 0.55, h * 0.52], [w * 0.47, h * 0.56], [w * 0.5, h * 0.7], [w * 0.28, h * 0.66]]),
  'thin stroke': (w, h) => shapes.stroke([[w * 0.15, h * 0.8], [w * 0.45, h * 0.55], [w * 0.8, h * 0.62]], Math.max(2, w / 400)),
  'two blobs': (w, h) => shapes.union(shapes.ellipse(w * 0.25, h * 0.3, w * 0.07, h * 0.06), shapes.ellipse(w * 0.72, h * 0.7, w * 0.09, h * 0.05)),
  'left edge': (w, h) => shapes.rectangle(0, h * 0.4, w * 0.18, h * 0.75),
  'bottom-right corner': (w, h) => shapes.rectangle(w * 0.78, h * 0.8, w, h),
  'band across the width': (w, h) => shapes.rectangle(0, h * 0.35, w, h * 0.6),
};

/** How the Gemini fake answers: the crop as asked, at another size, or moved a few pixels. */
const ANSWERS: Record<string, (call: FakeCall) => FakeReply> = {
  'as asked': () => ({ kind: 'edited' }),
  'at another size': (call) => {
    const config = call.body.generationConfig?.imageConfig;
    const size = outputSize(config?.aspectRatio ?? '1:1', config?.imageSize ?? '1K');
    return { kind: 'edited', width: Math.round(size.width * 1.34), height: Math.round(size.height * 1.34) };
  },
  shifted: () => ({ kind: 'edited', shift: [5, -3] }),
};

interface Case {
  engine: 'preview' | 'gemini';
  answer?: keyof typeof ANSWERS;
  resolution: '1K' | '2K';
  ratio: AspectRatio;
  shape: keyof typeof SHAPES;
  model: 'fast' | 'standard' | 'concept';
  /** The tier the edit runs on (the source's when absent). */
  editModel?: 'fast' | 'standard';
  plan?: 'free' | 'pro';
  instruction: string;
}

const CASES: Case[] = [
  { engine: 'preview', resolution: '1K', ratio: '1:1', shape: 'rectangle', model: 'fast', instruction: 'replace the window with a green velvet panel' },
  { engine: 'preview', resolution: '1K', ratio: '16:9', shape: 'ellipse', model: 'standard', instruction: 'make this board-marked concrete' },
  { engine: 'gemini', answer: 'as asked', resolution: '1K', ratio: '9:16', shape: 'lasso', model: 'standard', instruction: 'make the facade red brick' },
  { engine: 'gemini', answer: 'at another size', resolution: '1K', ratio: '4:3', shape: 'thin stroke', model: 'fast', instruction: 'draw a black steel rail' },
  { engine: 'gemini', answer: 'shifted', resolution: '1K', ratio: '1:1', shape: 'two blobs', model: 'fast', plan: 'free', instruction: 'add two yellow umbrellas' },
  { engine: 'preview', resolution: '1K', ratio: '3:4', shape: 'left edge', model: 'standard', instruction: 'add a green hedge' },
  { engine: 'preview', resolution: '2K', ratio: '1:1', shape: 'ellipse', model: 'standard', instruction: 'make the roof timber' },
  { engine: 'gemini', answer: 'shifted', resolution: '2K', ratio: '16:9', shape: 'bottom-right corner', model: 'standard', instruction: 'add a blue car' },
  { engine: 'preview', resolution: '2K', ratio: '9:16', shape: 'thin stroke', model: 'standard', plan: 'free', instruction: 'paint a white line' },
  { engine: 'gemini', answer: 'at another size', resolution: '2K', ratio: '4:3', shape: 'lasso', model: 'standard', instruction: 'make this glass curtain wall' },
  { engine: 'gemini', answer: 'as asked', resolution: '1K', ratio: '21:9', shape: 'band across the width', model: 'concept', editModel: 'fast', instruction: 'make the ground grey stone' },
  { engine: 'preview', resolution: '2K', ratio: '3:4', shape: 'two blobs', model: 'standard', instruction: 'add orange terracotta planters' },
];

let fake: FakeGemini;
let restore: () => void = () => {};
beforeEach(() => {
  fake = new FakeGemini().install();
});
afterEach(() => {
  restore();
  restore = () => {};
  fake.uninstall();
});

describe('every pixel outside the feathered mask is the source’s', () => {
  const named = CASES.map((spec) => ({ ...spec, path: spec.engine === 'gemini' ? `Gemini, answer ${spec.answer ?? 'as asked'}` : 'preview' }));
  it.each(named)('$path, $resolution $ratio, $shape', async (spec) => {
    const user = await userWith({ plan: spec.plan ?? 'pro', credits: 50 });
    const made = await source(user.token, { model: spec.model, aspectRatio: spec.ratio, resolution: spec.resolution, prompt: 'A library of brick and glass around a courtyard, trees, eye level' });
    const mask = maskWhere(made.width, made.height, SHAPES[spec.shape]!(made.width, made.height));
    if (spec.engine === 'gemini') restore = useGemini(fake, ANSWERS[spec.answer ?? 'as asked']!);
    const response = await postEdit(user.token, made.id, 0, { instruction: spec.instruction, mask: maskBase64(made.width, made.height, mask), ...(spec.editModel ? { model: spec.editModel } : {}) });
    expect(response.status).toBe(202);
    const { jobId } = await json<GenerateAcceptedResponse>(response);
    expect((await ended(user.token, jobId)).status).toBe('done');

    const result = await generation(user.token, jobId);
    const featherPx = result.edit!.featherPx;
    expect(featherPx).toBe(spec.resolution === '2K' ? 16 : 8);
    const [before] = await storedImages(made.id);
    const [after] = await storedImages(jobId);
    const original = await storedPixels(before!.masterKey!);
    const edited = await storedPixels(after!.masterKey!);
    expect([edited.width, edited.height]).toEqual([original.width, original.height]);
    expect([after!.width, after!.height]).toEqual([made.width, made.height]);

    const near = dilate(mask, made.width, made.height, featherPx);
    // A pixel's four bytes as one word: equal words, equal pixels.
    const before32 = new Uint32Array(original.pixels.buffer, original.pixels.byteOffset, mask.length);
    const after32 = new Uint32Array(edited.pixels.buffer, edited.pixels.byteOffset, mask.length);
    let differentFar = 0;
    let changedInside = 0;
    let marked = 0;
    for (let p = 0; p < mask.length; p += 1) {
      const same = before32[p] === after32[p];
      if (near[p] !== 1 && !same) differentFar += 1;
      if (mask[p] === 1) {
        marked += 1;
        if (!same) changedInside += 1;
      }
    }
    expect(differentFar).toBe(0);
    // And the edit did happen: most of the marked pixels changed.
    expect(changedInside).toBeGreaterThan(marked * 0.5);
  }, 240_000);
});
