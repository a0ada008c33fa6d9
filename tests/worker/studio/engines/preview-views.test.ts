import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { batchComposition, DESIGNS_PER_PROMPT, renderPreviewScene } from '../../../../worker/studio/engines/preview';
import type { ImageEngine, ViewRequest } from '../../../../worker/studio/engines/types';
import { createDatabase } from '../../../../worker/db/client';
import { viewProducerOf, type ViewContext } from '../../../../worker/generation/view';
import { type Box, colourBox, colourShare, framingDistance, isReddish, isSkyBlue, paletteContainment, type Picture } from './preview-measures';

const base: ViewRequest = { prompt: '', model: 'standard', aspectRatio: '4:3', resolution: '1K', seed: 0, images: [], history: [] };

/** The views of one batch as the job renders them: the batch's seed plus the view's index, and the index. */
function batch(prompt: string, seed: number): Picture[] {
  return [0, 1, 2, 3].map((view) => renderPreviewScene({ ...base, prompt, seed: seed + view, view }));
}

function pairs<T>(items: readonly T[]): [T, T][] {
  return items.flatMap((a, i) => items.slice(i + 1).map((b): [T, T] => [a, b]));
}

const area = (box: Box | null) => (box ? (box.x1 - box.x0) * (box.y1 - box.y0) : 0);

describe('the four views of a batch show one scene from four cameras', () => {
  it.each([
    'A brick house with a garden',
    'A brick townhouse on a city street at noon',
    'A timber cabin in a forest',
    'A glass tower downtown at night',
    'A living room interior',
    'A library reading room at noon',
    'Axonometric of a white house',
  ])('%s: every pair frames it differently and shares its palette', (prompt) => {
    for (const [a, b] of pairs(batch(prompt, 100))) {
      // Measured: 5.6 or more between views of one scene; 0.4–4.8 between the old engine's four.
      expect(framingDistance(a, b)).toBeGreaterThan(5);
      // Measured: 0.93 or more; the same prompt at noon and at dusk share 0.79 or less.
      expect(paletteContainment(a, b)).toBeGreaterThan(0.9);
    }
  });

  it('would tell two times of day apart with the same measure', () => {
    const noon = renderPreviewScene({ ...base, prompt: 'A brick house with a garden at noon', seed: 100 });
    const dusk = renderPreviewScene({ ...base, prompt: 'A brick house with a garden at dusk', seed: 100 });
    expect(paletteContainment(noon, dusk)).toBeLessThan(0.9);
  });

  it('turns the camera by the view index: front, the other corner, closer, from above', () => {
    const [front, corner, closer, above] = batch('A brick house with a garden at noon', 200) as [Picture, Picture, Picture, Picture];
    const [frontBox, cornerBox, closerBox] = [colourBox(front, isReddish), colourBox(corner, isReddish), colourBox(closer, isReddish)];
    // From the other corner the building is mirrored: its long side now runs the other way.
    expect(Math.abs((cornerBox?.x0 ?? 0) - (frontBox?.x0 ?? 0))).toBeGreaterThan(0.05);
    expect(area(closerBox)).toBeGreaterThan(1.5 * area(frontBox));
    expect(colourShare(above, isSkyBlue)).toBeLessThan(0.6 * colourShare(front, isSkyBlue));
  });

  it("takes the batch's design from its seed less the view's index, as the job counts seeds", () => {
    expect(batchComposition({ seed: 103, view: 3 })).toEqual({ design: batchComposition({ seed: 100 }).design, shot: 3 });
    // The job wraps seeds at 2^31: a batch seeded 2^31 − 2 gives its fourth view the seed 1.
    expect(batchComposition({ seed: 1, view: 3 })).toEqual({ design: (2 ** 31 - 2) % DESIGNS_PER_PROMPT, shot: 3 });
    expect(batchComposition({ seed: 100 }).design).not.toBe(batchComposition({ seed: 101 }).design);
  });

  it('is told by the job which view of its batch it renders', async () => {
    const asked: ViewRequest[] = [];
    const engine: ImageEngine = {
      name: 'preview',
      parallelViews: false,
      generateView: (request) => {
        asked.push(request);
        return Promise.resolve({ ok: false, reason: 'no_image', detail: 'recorded' });
      },
      editRegion: () => Promise.resolve({ ok: false, reason: 'no_image', detail: 'not asked' }),
      upscale: () => Promise.resolve({ ok: false, reason: 'no_image', detail: 'not asked' }),
    };
    const ctx: ViewContext = {
      deps: { db: createDatabase(env.DB), imageEngine: engine, media: env.MEDIA, images: env.IMAGES },
      plan: { prompt: 'A brick house', model: 'standard', aspectRatio: '4:3', resolution: '1K', history: [] },
      userId: 'user',
      generationId: 'generation',
      watermark: false,
      images: [],
    };
    // The job seeds view i with the batch's seed plus i (worker/generation/run.ts).
    const produceView = viewProducerOf({ kind: 'generate' });
    for (const index of [0, 1, 2, 3]) await produceView(ctx, index, 500 + index);
    expect(asked.map((request) => [request.seed, request.view])).toEqual([[500, 0], [501, 1], [502, 2], [503, 3]]);
  });
});
