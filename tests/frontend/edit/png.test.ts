// @vitest-environment node
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createMask, fillRect, strokeSegment } from '../../../frontend/edit/mask';
import { crc32, maskPng, toBase64 } from '../../../frontend/edit/png';

describe('maskPng', () => {
  it('is a grey-and-alpha PNG of exactly the mask’s size in which both channels carry the mask', async () => {
    const mask = createMask(1376, 768);
    fillRect(mask, { x: 100, y: 50 }, { x: 300, y: 200 }, 'paint');
    strokeSegment(mask, { x: 900, y: 500 }, { x: 900, y: 500 }, 40, 0.3, 'paint');
    const png = await maskPng(mask);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1376, height: 768, channels: 2, hasAlpha: true, depth: 'uchar' });
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 1376, height: 768, channels: 4 });
    for (let i = 0; i < mask.data.length; i += 1) {
      if (data[i * 4] !== mask.data[i] || data[i * 4 + 3] !== mask.data[i]) throw new Error(`pixel ${i} differs`);
    }
    // Mostly "keep": the file is small.
    expect(png.byteLength).toBeLessThan(20_000);
  });

  it('reads as white and opaque where painted, black and clear elsewhere, through an RGBA decoder', async () => {
    const mask = createMask(8, 4);
    fillRect(mask, { x: 0, y: 0 }, { x: 4, y: 4 }, 'paint');
    const { data } = await sharp(await maskPng(mask)).ensureAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 4)]).toEqual([255, 255, 255, 255]);
    expect([...data.subarray(4 * 4, 4 * 5)]).toEqual([0, 0, 0, 0]);
  });
});

describe('crc32 and toBase64', () => {
  it('match the standard check value and the platform’s base64', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256);
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(toBase64(new Uint8Array(0))).toBe('');
  });
});
