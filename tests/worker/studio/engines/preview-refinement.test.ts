import { PhotonImage } from '@cf-wasm/photon';
import { describe, expect, it } from 'vitest';
import type { AspectRatio } from '#shared/models';
import { toBase64 } from '../../../../worker/platform/base64';
import { batchComposition, previewEngine, recogniseSource, renderPreviewScene } from '../../../../worker/studio/engines/preview';
import { readInputs } from '../../../../worker/studio/engines/preview-inputs';
import { RECOGNISED_BELOW } from '../../../../worker/studio/engines/preview-recognition';
import type { HistoryTurn, InlineImage, ViewRequest } from '../../../../worker/studio/engines/types';
import { processImage } from '../../../../worker/studio/image-processing';
import { changedBox, changedShare, framingDistance, grown, meanDifferenceOutside, paletteContainment, type Picture } from './preview-measures';

const base: ViewRequest = { prompt: '', model: 'concept', aspectRatio: '4:3', resolution: '1K', seed: 0, images: [], history: [] };

async function generated(request: Partial<ViewRequest>): Promise<Picture> {
  const result = await previewEngine.generateView({ ...base, ...request });
  if (!result.ok || result.image.kind !== 'rgba') throw new Error('preview failed');
  return result.image;
}

/** A view as the pipeline stores it and hands it back to a refinement: watermarked JPEG. */
async function stored(picture: Picture): Promise<InlineImage> {
  return { mimeType: 'image/jpeg', data: toBase64((await processImage({ kind: 'rgba', ...picture }, { cropTo: null, watermark: true })).full) };
}

/** The studio's history for a refinement of one batch (frontend/studio/generate.ts). */
const historyOf = (prompt: string): HistoryTurn[] => [
  { role: 'user', parts: [{ text: prompt }] },
  { role: 'model', parts: [{ text: 'Generated 4 image(s) for this prompt.' }] },
];

describe('a refinement keeps its source and changes what it names', () => {
  const source = { prompt: 'A white render house with a garden and a parked car at noon', seed: 58, view: 1 };
  const history = historyOf(source.prompt);

  it.each(['Make it brick', 'Add a pergola', 'Remove the car'])('"%s" changes its own region and nothing else', async (prompt) => {
    const before = await generated(source);
    const after = await generated({ prompt, history, images: [await stored(before)], seed: 911, view: 0 });
    // Where the change belongs: the source's words drawn with and without it, same composition.
    const expected = changedBox(renderPreviewScene({ ...base, ...source }), renderPreviewScene({ ...base, prompt, history }, { source: batchComposition(source) }));
    if (!expected) throw new Error('the change draws nothing');
    expect(changedShare(before, after, expected)).toBeGreaterThan(0.2);
    // Measured 0.00: every pixel away from the change is the source's own. A new composition
    // (the old engine's refinement, another seed) differs by 20 or more.
    expect(meanDifferenceOutside(before, after, grown(expected, 0.02))).toBeLessThan(0.5);
  });

  it('"Make it night" redraws the source\'s scene at night, in its composition', async () => {
    const before = await generated(source);
    const prompt = 'Make it night';
    const after = await generated({ prompt, history, images: [await stored(before)], seed: 911, view: 0 });
    const night = renderPreviewScene({ ...base, prompt, history }, { source: batchComposition(source) });
    expect(meanDifferenceOutside(night, after, null)).toBeLessThan(0.5);
    expect(changedShare(before, after)).toBeGreaterThan(0.5);
  });

  it("turns later views of a refinement from the source's camera over the same refined scene", async () => {
    const image = await stored(await generated(source));
    const [first, second] = await Promise.all([0, 1].map((view) => generated({ prompt: 'Make it brick', history, images: [image], seed: 911 + view, view })));
    if (!first || !second) throw new Error('no views');
    expect(framingDistance(first, second)).toBeGreaterThan(5);
    expect(paletteContainment(first, second)).toBeGreaterThan(0.9);
  });

  it.each([
    ['4:3', 0, 'A brick townhouse on a city street at noon'],
    ['16:9', 2, 'A living room with a sofa'],
    ['1:1', 3, 'A concrete museum pavilion by a lake at golden hour'],
    ['3:4', 1, "Worm's-eye view of a marble tower"],
  ] as const)('recognises its own %s view %i of "%s" from the stored JPEG', async (aspectRatio: AspectRatio, view, prompt) => {
    const request = { ...base, prompt, aspectRatio, seed: 300 + view, view };
    const look = readInputs([await stored(renderPreviewScene(request))]);
    if (!look) throw new Error('the JPEG does not decode');
    expect(recogniseSource({ history: historyOf(prompt) }, look).recognised?.composition).toEqual(batchComposition(request));
  });

  it('reads an image it did not draw as a reference, not as a source', async () => {
    const width = 160;
    const height = 120;
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i += 1) rgba.set(i < (width * height) / 2 ? [235, 150, 70, 255] : [60, 50, 90, 255], i * 4);
    const photo = new PhotonImage(rgba, width, height);
    const image: InlineImage = { mimeType: 'image/jpeg', data: toBase64(photo.get_bytes_jpeg(90)) };
    photo.free();
    const look = readInputs([image]);
    if (!look) throw new Error('the JPEG does not decode');
    const found = recogniseSource({ history: historyOf(source.prompt) }, look);
    expect(found.recognised).toBeNull();
    expect(found.nearest?.difference).toBeGreaterThan(RECOGNISED_BELOW);
    // Its colours reach the scene, as a reference's do.
    const plain = await generated({ prompt: 'Make it brick', history });
    const tinted = await generated({ prompt: 'Make it brick', history, images: [image] });
    expect(changedShare(plain, tinted)).toBeGreaterThan(0.5);
  });
});
