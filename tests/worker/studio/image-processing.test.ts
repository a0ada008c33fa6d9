import { PhotonImage } from '@cf-wasm/photon';
import { describe, expect, it } from 'vitest';
import { CONCEPT_RATIOS, STANDARD_RATIOS, outputSize, type AspectRatio } from '#shared/models';
import { previewEngine, renderPreviewScene } from '../../../worker/studio/engines/preview';
import type { ViewRequest } from '../../../worker/studio/engines/types';
import { centredCrop, conceptCrop, fitWithin, processImage, watermarkPlacement } from '../../../worker/studio/image-processing';
import { decodeImage } from './helpers';
import { thumbHashToApproximateAspectRatio } from 'thumbhash';

const base: ViewRequest = { prompt: 'a villa by the sea', model: 'standard', aspectRatio: '1:1', resolution: '1K', seed: 1, images: [], history: [] };

function solid(width: number, height: number): PhotonImage {
  return new PhotonImage(new Uint8Array(width * height * 4).fill(128), width, height);
}

describe('preview engine', () => {
  it('renders every ratio at 1K (long side 1024) and 2K (2048)', () => {
    for (const ratio of CONCEPT_RATIOS) {
      for (const resolution of ['1K', '2K'] as const) {
        const scene = renderPreviewScene({ ...base, aspectRatio: ratio, resolution });
        expect([scene.width, scene.height]).toEqual(Object.values(outputSize(ratio, resolution)));
        expect(Math.max(scene.width, scene.height)).toBe(resolution === '1K' ? 1024 : 2048);
      }
    }
    expect(outputSize('16:9', '1K')).toEqual({ width: 1024, height: 576 });
    expect(outputSize('9:16', '2K')).toEqual({ width: 1152, height: 2048 });
    expect(outputSize('4:3', '1K')).toEqual({ width: 1024, height: 768 });
    expect(STANDARD_RATIOS.every((ratio) => CONCEPT_RATIOS.includes(ratio))).toBe(true);
  });

  it('gives the same bytes for the same prompt and seed, and others for another seed', async () => {
    const a = await previewEngine.generateView(base);
    const b = await previewEngine.generateView(base);
    const c = await previewEngine.generateView({ ...base, seed: 2 });
    if (!a.ok || !b.ok || !c.ok || a.image.kind !== 'rgba' || b.image.kind !== 'rgba' || c.image.kind !== 'rgba') throw new Error('preview failed');
    expect(a.image.pixels).toEqual(b.image.pixels);
    expect(a.image.pixels).not.toEqual(c.image.pixels);
    const options = { cropTo: null, watermark: true };
    expect((await processImage(a.image, options)).full).toEqual((await processImage(b.image, options)).full);
  });

  it('paints sky above and ground below, not a blank frame', () => {
    const scene = renderPreviewScene(base);
    const pixel = (x: number, y: number) => Array.from(scene.pixels.subarray((y * scene.width + x) * 4, (y * scene.width + x) * 4 + 3));
    const distinct = new Set<string>();
    for (let y = 0; y < scene.height; y += 16) for (let x = 0; x < scene.width; x += 16) distinct.add(pixel(x, y).join(','));
    expect(distinct.size).toBeGreaterThan(50);
    expect(pixel(2, 2)).not.toEqual(pixel(2, scene.height - 2));
  });
});

describe('Concept crop', () => {
  it('crops centred to the target ratio', () => {
    expect(centredCrop(1024, 1024, '16:9')).toEqual({ x: 0, y: 224, width: 1024, height: 576 });
    expect(centredCrop(1024, 1024, '9:16')).toEqual({ x: 224, y: 0, width: 576, height: 1024 });
    expect(centredCrop(1536, 1024, '1:1')).toEqual({ x: 256, y: 0, width: 1024, height: 1024 });
    expect(centredCrop(2048, 1024, '21:9')).toEqual({ x: 0, y: 73, width: 2048, height: 878 });
  });

  it('skips the crop within 2 %', () => {
    expect(centredCrop(1024, 1010, '1:1')).toBeNull(); // 1.4 % off
    expect(centredCrop(1024, 1000, '1:1')).not.toBeNull(); // 2.4 % off
    expect(centredCrop(1376, 768, '16:9')).toBeNull(); // 0.8 % off
  });

  it('caps the long side at 2048 px', () => {
    const cases: [number, number, AspectRatio, number, number][] = [
      [1024, 1024, '16:9', 1024, 576],
      [3000, 3000, '1:1', 2048, 2048],
      [4096, 2048, '4:3', 2048, 1536],
      [1000, 2000, '2:3', 1000, 1500],
    ];
    for (const [w, h, ratio, ew, eh] of cases) {
      const image = conceptCrop(solid(w, h), ratio);
      expect([image.get_width(), image.get_height()]).toEqual([ew, eh]);
      image.free();
    }
    expect(fitWithin(3000, 1000, 2048)).toEqual({ width: 2048, height: 683 });
    expect(fitWithin(100, 50, 2048)).toEqual({ width: 100, height: 50 });
  });
});

describe('processing output', () => {
  it('writes a JPEG, a thumbnail of at most 512 px and a ThumbHash placeholder', async () => {
    const scene = renderPreviewScene({ ...base, aspectRatio: '16:9', resolution: '2K' });
    const out = await processImage({ kind: 'rgba', ...scene }, { cropTo: null, watermark: false });
    expect(out.full.subarray(0, 3)).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
    expect([out.width, out.height]).toEqual([2048, 1152]);
    const thumb = decodeImage(out.thumbnail);
    expect([thumb.width, thumb.height]).toEqual([512, 288]);
    const hash = Uint8Array.from(atob(out.placeholder), (c) => c.charCodeAt(0));
    expect(thumbHashToApproximateAspectRatio(hash)).toBeCloseTo(16 / 9, 0);
  });

  it('places the mark at 4.5 % of the width, 20 px from the bottom-right corner', () => {
    expect(watermarkPlacement(1024, 768, 256, 256)).toEqual({ x: 958, y: 702, width: 46, height: 46 });
    expect(watermarkPlacement(2048, 2048, 256, 256)).toEqual({ x: 1936, y: 1936, width: 92, height: 92 });
  });

  it('watermarks only when asked, and only in the corner', async () => {
    const scene = renderPreviewScene(base);
    const marked = decodeImage((await processImage({ kind: 'rgba', ...scene }, { cropTo: null, watermark: true })).full);
    const clean = decodeImage((await processImage({ kind: 'rgba', ...scene }, { cropTo: null, watermark: false })).full);
    const box = watermarkPlacement(1024, 1024, 256, 256);
    let cornerDiff = 0;
    let elsewhereDiff = 0;
    for (let i = 0; i < marked.pixels.length; i += 4) {
      const x = (i / 4) % 1024;
      const y = Math.floor(i / 4 / 1024);
      const diff = Math.abs(marked.pixels[i]! - clean.pixels[i]!);
      const inside = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
      if (inside) cornerDiff = Math.max(cornerDiff, diff);
      else if (x < box.x - 16 || y < box.y - 16) elsewhereDiff = Math.max(elsewhereDiff, diff);
    }
    expect(cornerDiff).toBeGreaterThan(60);
    expect(elsewhereDiff).toBeLessThan(8);
  });
});
