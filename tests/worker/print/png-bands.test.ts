/**
 * The PNG written a band of rows at a time (worker/media/png-bands.ts): lossless to the byte across
 * many bands — one band buffer is reused, so a band overwritten before zlib took it would show —
 * for any width and height, and readable by another decoder (photon checks the chunks' CRCs).
 */
import { describe, expect, it } from 'vitest';
import { encodePngInBands } from '../../../worker/media/png-bands';
import { decodeImage } from '../studio/helpers';

function noise(width: number, height: number, seed: number): Uint8Array {
  const pixels = new Uint8Array(width * height * 4);
  let state = seed;
  for (let i = 0; i < pixels.length; i += 1) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    pixels[i] = state >>> 24;
  }
  return pixels;
}

describe('a PNG written in bands', () => {
  it('decodes to the very pixels it was given, alpha included, over many bands and odd sizes', async () => {
    for (const [width, height] of [
      [317, 1000],
      [1, 1],
      [5, 129],
      [2000, 3],
    ] as const) {
      const pixels = noise(width, height, width * 7919 + height);
      const decoded = decodeImage(await encodePngInBands({ pixels, width, height }));
      expect([decoded.width, decoded.height]).toEqual([width, height]);
      expect(decoded.pixels).toEqual(pixels);
    }
  });

  it('compresses what repeats: a flat 4096 × 4096 raster is a few hundred KB', async () => {
    const width = 4096;
    const pixels = new Uint8Array(width * width * 4).fill(180);
    const png = await encodePngInBands({ pixels, width, height: width });
    expect(png.length).toBeLessThan(400_000);
    const decoded = decodeImage(png);
    expect(decoded.pixels[(2048 * width + 2048) * 4]).toBe(180);
  }, 60_000);
});
