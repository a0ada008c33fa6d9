/**
 * How many whole rasters of the image a 4K job holds in the Worker's memory (docs/decisions/0089-print-resolution.md):
 * at most one — a 4K RGBA raster is 64 MB, half an isolate. Every render, decode and copy into
 * photon tells worker/platform/raster-meter.ts; these count, through the real route and Workflow,
 * those at least as large as the job's image. A 2K view, which takes photon's path, shows the
 * meter sees the decodes and copies the 4K path avoids.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { GenerateSuccessResponse } from '#shared/api-types';
import { listenToRasters, type RasterEvent } from '../../../worker/platform/raster-meter';
import { FakeGemini } from '../../fakes/gemini';
import { call, json } from '../helpers';
import { generate, userWith } from '../studio/helpers';
import { source } from '../generation/edit-helpers';
import { useGemini } from '../generation/job-helpers';
import { seedWhere, uploadDrawing } from '../generation/drawing-helpers';

let stopListening: () => void = () => {};
let fake: FakeGemini | null = null;
let restore: () => void = () => {};
afterEach(() => {
  stopListening();
  restore();
  restore = () => {};
  fake?.uninstall();
  fake = null;
});

/** Every raster the Worker notes from now until the returned function is asked. */
function recordRasters(): () => RasterEvent[] {
  const events: RasterEvent[] = [];
  stopListening = listenToRasters((event) => events.push(event));
  return () => events;
}

/** The rasters at least as large as a `width` × `height` image: the whole image, held once more. */
function whole(events: RasterEvent[], width: number, height: number): string[] {
  return events.filter((event) => event.width * event.height >= width * height).map((event) => `${event.kind} ${event.width}×${event.height} (${event.site})`);
}

async function generated(token: string, body: Record<string, unknown>): Promise<GenerateSuccessResponse> {
  const response = await generate(token, { prompt: 'A stone museum on a hill at dusk, eye level', numberOfViews: 1, ...body });
  expect(response.status).toBe(200);
  return json<GenerateSuccessResponse>(response);
}

describe('whole rasters held by a 4K job', () => {
  it('a 4K generation by the preview engine holds one: its render, never decoded or copied again', async () => {
    const user = await userWith({ plan: 'pro', credits: 20 });
    const rasters = recordRasters();
    const made = await generated(user.token, { model: 'fast', resolution: '4K', aspectRatio: '1:1' });
    expect(made.images[0]).toMatchObject({ width: 4096, height: 4096 });
    expect(whole(rasters(), 4096, 4096)).toEqual(['render 4096×4096 (preview engine)']);
  }, 120_000);

  it('a 4K render of a drawing holds one too: its geometry is scored from a 1K copy the Images binding makes', async () => {
    const user = await userWith({ plan: 'pro', credits: 20 });
    const drawing = await uploadDrawing(user.token, 'elevation-1');
    const rasters = recordRasters();
    const made = await generated(user.token, {
      model: 'concept',
      resolution: '4K',
      aspectRatio: '1:1',
      referenceImages: [drawing],
      inputType: 'drawing',
      fidelity: 5,
      seed: seedWhere(5, [false]),
    });
    expect(made.images[0]).toMatchObject({ width: 4096, height: 4096, fidelity: { retried: false } });
    expect(whole(rasters(), 4096, 4096)).toEqual(['render 4096×4096 (preview engine over a drawing)']);
  }, 120_000);

  it('a 4K generation by Gemini holds none: the master is its PNG, everything else the Images binding’s', async () => {
    fake = new FakeGemini().install();
    restore = useGemini(fake, () => ({ kind: 'image', width: 5504, height: 3072 }));
    const user = await userWith({ plan: 'pro', credits: 20 });
    const rasters = recordRasters();
    const made = await generated(user.token, { model: 'ultra', resolution: '4K', aspectRatio: '16:9' });
    expect(made.images[0]).toMatchObject({ width: 5504, height: 3072 });
    expect(whole(rasters(), 5504, 3072)).toEqual([]);
  }, 120_000);

  it('a 4K upscale holds none, by either engine: the source goes as stored, the answer is sized by the Images binding', async () => {
    const user = await userWith({ plan: 'pro', credits: 40 });
    const made = await source(user.token, { model: 'standard', resolution: '2K', aspectRatio: '16:9' });
    const upscale = async () => {
      const response = await call(`/api/generations/${made.id}/images/0/upscale`, { method: 'POST', token: user.token, body: {} });
      expect(response.status).toBe(200);
      return json<GenerateSuccessResponse>(response);
    };
    let rasters = recordRasters();
    expect((await upscale()).images[0]).toMatchObject({ width: 4096, height: 2304 });
    // Not even the 2K source is decoded.
    expect(whole(rasters(), made.width, made.height)).toEqual([]);

    stopListening();
    fake = new FakeGemini().install();
    restore = useGemini(fake, () => ({ kind: 'upscaled' }));
    rasters = recordRasters();
    expect((await upscale()).images[0]).toMatchObject({ width: 4096, height: 2304 });
    expect(whole(rasters(), made.width, made.height)).toEqual([]);
  }, 180_000);

  it('counts the decodes and copies of photon’s path, which a 2K view takes', async () => {
    const user = await userWith({ plan: 'pro', credits: 20 });
    const rasters = recordRasters();
    await generated(user.token, { model: 'standard', resolution: '2K', aspectRatio: '1:1' });
    expect(whole(rasters(), 2048, 2048)).toEqual(['render 2048×2048 (preview engine)', 'copy 2048×2048 (image processing)']);
  }, 120_000);
});
