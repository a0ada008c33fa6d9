import { describe, expect, it } from 'vitest';
import { batchSlides, type ViewerBatch } from '../../../frontend/studio/StudioViewer';
import type { StudioImage } from '../../../frontend/studio/history';

describe("the studio's viewer", () => {
  const image = (index: number, name: string | null = `B3-${index + 1}`): StudioImage => ({
    id: `g1-${index}`, batchId: 'g1', index, url: `/media/g1/${index}.jpg`, thumbnailUrl: `/media/g1/${index}-thumb.jpg`,
    storagePath: `generations/u/g1/${index}.jpg`, width: 1376, height: 768, placeholder: null, name,
    renditions: [{ url: `/media/g1/${index}-640.webp`, width: 640, height: 357 }, { url: `/media/g1/${index}-1376.webp`, width: 1376, height: 768 }],
  });
  const batch: ViewerBatch = { id: 'g1', prompt: 'A brick library', model: 'standard', images: [image(0), image(1)], finished: true, liked: true, projectId: 'p1' };

  it("steps through the batch's own images, each with the batch's prompt, model and like and its own size", () => {
    const slides = batchSlides(batch, 'free');
    expect(slides.map((slide) => slide.url)).toEqual(['/media/g1/0.jpg', '/media/g1/1.jpg']);
    expect(slides[1]).toMatchObject({ preview: '/media/g1/1-1376.webp', prompt: 'A brick library', model: 'Standard', liked: true, width: 1376, height: 768, lineageOf: 'g1' });
    expect(slides[1]?.editTarget).toMatchObject({ generationId: 'g1', imageIndex: 1 });
  });

  it("gives each image its name in its project as the version the viewer states, and none outside a project", () => {
    expect(batchSlides(batch, 'free').map((slide) => slide.version)).toEqual(['B3-1', 'B3-2']);
    const outside: ViewerBatch = { ...batch, projectId: null, images: [image(0, null)] };
    expect(batchSlides(outside, 'free')[0]?.version).toBeUndefined();
  });

  it("gives a scored view its score and the owner's map, and a finished batch made from a drawing Render again one step more precise", () => {
    const scored: ViewerBatch = {
      ...batch,
      images: [{ ...image(0), fidelity: { score: 0.93, retried: false } }, image(1)],
      input: { type: 'sketch', fidelity: 4, referencePaths: ['references/u/sketch.png'] },
    };
    const [first, second] = batchSlides(scored, 'free');
    expect(first?.fidelity).toMatchObject({ view: { score: 0.93 }, map: { kind: 'owner', generationId: 'g1', index: 0 }, renderAgain: { step: 5 } });
    expect(second?.fidelity).toMatchObject({ renderAgain: { step: 5 } });
    expect(second?.fidelity?.view).toBeUndefined();
    expect(batchSlides({ ...scored, finished: false }, 'free')[1]?.fidelity).toBeUndefined();
    expect(batchSlides(batch, 'free')[0]?.fidelity).toBeUndefined();
  });

  it("offers no edit on a running job's views", () => {
    expect(batchSlides({ ...batch, finished: false }, 'free').every((slide) => slide.editTarget === undefined)).toBe(true);
  });
});
