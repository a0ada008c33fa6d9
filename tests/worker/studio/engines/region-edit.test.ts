/**
 * Region edits at the engines: the preview engine's painter, and the Gemini engine's one
 * generateContent call against the wire-format fake — through the whole edit (crop, register,
 * colour, composite), with answers at another size, shifted, and shifted past the tolerance.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PhotonImage } from '@cf-wasm/photon';
import type { GeminiConfig } from '../../../../worker/studio/engines/config';
import { GeminiImageEngine } from '../../../../worker/studio/engines/gemini';
import { previewEngine } from '../../../../worker/studio/engines/preview';
import type { RegionEditRequest } from '../../../../worker/studio/engines/types';
import { applyRegionEdit } from '../../../../worker/studio/region-edit/edit';
import { FAKE_GEMINI_BASE_URL, FakeGemini, type FakeReply } from '../../../fakes/gemini';
import { dilate, maskWhere, scene, shapes } from '../region-edit/fixtures';

const config: GeminiConfig = {
  apiKey: 'fake-key',
  baseUrl: FAKE_GEMINI_BASE_URL,
  imageModels: { fast: 'fast-image-model', standard: 'standard-image-model', ultra: 'ultra-image-model', concept: 'concept-image-model' },
  textModel: 'text-model',
};
const noWait = async () => {};

function crop(instruction: string): RegionEditRequest {
  const image = scene('A brick house with a garden, eye level', '4:3');
  const mask = maskWhere(image.width, image.height, shapes.ellipse(500, 420, 180, 120));
  return { image, mask, instruction, model: 'standard', aspectRatio: '4:3', resolution: '1K', seed: 3 };
}

/** Mean RGB inside the mask, and how many pixels outside it differ from the input. */
function inspect(request: RegionEditRequest, pixels: Uint8Array): { mean: [number, number, number]; changedOutside: number } {
  const sum = [0, 0, 0];
  let count = 0;
  let changedOutside = 0;
  for (let p = 0; p < request.mask.length; p += 1) {
    const i = p * 4;
    if (request.mask[p] === 1) {
      for (let c = 0; c < 3; c += 1) sum[c]! += pixels[i + c]!;
      count += 1;
    } else if ([0, 1, 2, 3].some((c) => pixels[i + c] !== request.image.pixels[i + c])) {
      changedOutside += 1;
    }
  }
  return { mean: [sum[0]! / count, sum[1]! / count, sum[2]! / count], changedOutside };
}

async function previewPixels(request: RegionEditRequest): Promise<Uint8Array> {
  const result = await previewEngine.editRegion(request);
  if (!result.ok || result.image.kind !== 'rgba') throw new Error('the preview engine answers raw pixels');
  expect([result.image.width, result.image.height]).toEqual([request.image.width, request.image.height]);
  return result.image.pixels;
}

describe('the preview engine’s edit', () => {
  it('redraws only the marked region, in the colour and material the instruction names', async () => {
    const velvet = crop('make this wall green velvet');
    const painted = inspect(velvet, await previewPixels(velvet));
    expect(painted.changedOutside).toBe(0);
    expect(painted.mean[1]).toBeGreaterThan(painted.mean[0] + 20);
    expect(painted.mean[1]).toBeGreaterThan(painted.mean[2] + 20);

    const concrete = crop('make this facade board-marked concrete');
    const grey = inspect(concrete, await previewPixels(concrete));
    expect(Math.max(...grey.mean) - Math.min(...grey.mean)).toBeLessThan(20);

    const red = crop('paint the door red');
    expect(inspect(red, await previewPixels(red)).mean[0]).toBeGreaterThan(inspect(red, await previewPixels(red)).mean[1] + 40);
  });

  it('draws a named object with the engine’s own painter, in the named colour, over the region filled from its surroundings', async () => {
    const request = crop('replace the sofa with a green velvet one');
    const pixels = await previewPixels(request);
    expect(inspect(request, pixels).changedOutside).toBe(0);
    let green = 0;
    let marked = 0;
    for (let p = 0; p < request.mask.length; p += 1) {
      if (request.mask[p] !== 1) continue;
      marked += 1;
      const [r, g, b] = [pixels[p * 4]!, pixels[p * 4 + 1]!, pixels[p * 4 + 2]!];
      if (g > r + 15 && g > b + 15) green += 1;
    }
    // A sofa, not a surface: part of the region is its green upholstery, the rest what was around it.
    expect(green / marked).toBeGreaterThan(0.1);
    expect(green / marked).toBeLessThan(0.9);
  });

  it('fills a removed object from its surroundings, and paints the same pixels for the same request', async () => {
    const request = crop('remove the car');
    const first = await previewPixels(request);
    expect(first).toEqual(await previewPixels(request));
    expect(inspect(request, first).changedOutside).toBe(0);
    // Each filled row runs between the colours at its two ends.
    const row = 420 * request.image.width * 4;
    const left = first[row + 319 * 4]!;
    const right = first[row + 681 * 4]!;
    const middle = first[row + 500 * 4]!;
    expect(middle).toBeGreaterThanOrEqual(Math.min(left, right) - 1);
    expect(middle).toBeLessThanOrEqual(Math.max(left, right) + 1);
  });
});

describe('the Gemini engine’s edit', () => {
  let fake: FakeGemini;
  beforeEach(() => {
    fake = new FakeGemini().install();
  });
  afterEach(() => fake.uninstall());

  it('sends one generateContent call: the instruction, the crop as JPEG and the mask as PNG, asking for an image of the crop’s ratio', async () => {
    fake.replySequence([{ kind: 'edited' }]);
    const request = crop('make the roof zinc');
    const result = await new GeminiImageEngine(config, noWait).editRegion(request);
    expect(result.ok).toBe(true);
    expect(fake.calls).toHaveLength(1);
    const [call] = fake.calls;
    expect(call?.model).toBe('standard-image-model');
    expect(call?.body.generationConfig).toMatchObject({ responseModalities: ['IMAGE'], imageConfig: { aspectRatio: '4:3', imageSize: '1K' }, seed: 3 });
    const parts = call?.body.contents[0]?.parts ?? [];
    expect(parts).toHaveLength(3);
    expect((parts[0] as { text?: string } | undefined)?.text).toContain('make the roof zinc');
    expect(parts[1]).toMatchObject({ inlineData: { mimeType: 'image/jpeg' } });
    expect(parts[2]).toMatchObject({ inlineData: { mimeType: 'image/png' } });
    const mask = PhotonImage.new_from_base64((parts[2] as { inlineData: { data: string } }).inlineData.data);
    const marks = mask.get_raw_pixels();
    expect([mask.get_width(), mask.get_height()]).toEqual([request.image.width, request.image.height]);
    mask.free();
    for (const p of [0, 420 * request.image.width + 500]) expect(marks[p * 4]).toBe(request.mask[p] === 1 ? 255 : 0);
  });

  it('answers a blocked edit as a failed view', async () => {
    fake.replySequence([{ kind: 'blocked', reason: 'SAFETY' }]);
    expect(await new GeminiImageEngine(config, noWait).editRegion(crop('add a window'))).toMatchObject({ ok: false, reason: 'blocked' });
  });
});

describe('an edit through the Gemini engine, end to end', () => {
  let fake: FakeGemini;
  beforeEach(() => {
    fake = new FakeGemini().install();
  });
  afterEach(() => fake.uninstall());

  const master = () => scene('A concrete museum on a plaza, eye level', '16:9');
  const region = shapes.polygon([[380, 200], [620, 180], [700, 330], [520, 420], [360, 360]]);

  async function edit(replies: [FakeReply, ...FakeReply[]]) {
    fake.replySequence(replies);
    const source = master();
    const result = { ...source, pixels: source.pixels.slice() };
    const mask = maskWhere(source.width, source.height, region);
    const outcome = await applyRegionEdit(new GeminiImageEngine(config, noWait), { master: result, mask, instruction: 'make this wall green', model: 'standard', seed: 11, featherPx: 8 });
    // Every pixel farther than featherPx from the mask is the source's, byte for byte.
    const near = dilate(mask, source.width, source.height, 8);
    let changedFar = 0;
    let changedInside = 0;
    for (let p = 0; p < mask.length; p += 1) {
      const differs = [0, 1, 2, 3].some((c) => result.pixels[p * 4 + c] !== source.pixels[p * 4 + c]);
      if (differs && near[p] !== 1) changedFar += 1;
      if (differs && mask[p] === 1) changedInside += 1;
    }
    return { outcome, changedFar, changedInside, marked: mask.reduce((total, bit) => total + bit, 0) };
  }

  it('lines up an answer at another size, and one shifted by a few pixels', async () => {
    // 16:9 at 1K is 1376 × 768 for Gemini 3; the crop is smaller and of another size.
    const other = await edit([{ kind: 'edited', width: 1376, height: 768 }]);
    expect(other.outcome).toMatchObject({ ok: true, report: { attempts: 1 } });
    expect(other.changedFar).toBe(0);
    expect(other.changedInside).toBeGreaterThan(other.marked * 0.9);

    const shifted = await edit([{ kind: 'edited', shift: [7, -4] }]);
    expect(shifted.outcome.ok).toBe(true);
    if (shifted.outcome.ok) {
      const { crop: box, transform } = shifted.outcome.report;
      // The shift found, in crop pixels: the answer was 1024 px wide for a crop of box.width.
      const scale = box.width / 1024;
      expect(transform.dx).toBeCloseTo(7 * scale, 0);
      expect(transform.dy).toBeCloseTo(-4 * scale, 0);
    }
    expect(shifted.changedFar).toBe(0);
  }, 120_000);

  it('asks once more when the answer is shifted past the tolerance, and gives up after the second', async () => {
    const retried = await edit([{ kind: 'edited', shift: [160, 0] }, { kind: 'edited' }]);
    expect(retried.outcome).toMatchObject({ ok: true, report: { attempts: 2 } });
    expect(fake.calls.map((call) => call.body.generationConfig?.seed)).toEqual([11, 12]);

    const refused = await edit([{ kind: 'edited', shift: [160, 0] }]);
    expect(refused.outcome).toMatchObject({ ok: false, reason: 'misaligned' });
    expect(fake.calls).toHaveLength(4);
    expect(refused.changedFar + refused.changedInside).toBe(0);
  }, 120_000);
});
