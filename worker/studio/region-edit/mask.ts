/**
 * An edit's mask as the Worker keeps it: one byte a pixel, 1 where the image is to change. Read
 * from the PNG the app sends (docs/api.md "Region edit"): a mask with any transparent pixel is read by
 * its alpha, an opaque one by its luminance; either way above 127 means "edit here".
 */
import type { Rect } from '../image-processing';

/** 1 where the RGBA mask says "edit here", else 0. */
export function maskFromRgba(pixels: Uint8Array, width: number, height: number): Uint8Array {
  const bits = new Uint8Array(width * height);
  let transparent = false;
  for (let i = 3; i < pixels.length; i += 4) {
    if ((pixels[i] ?? 255) < 255) {
      transparent = true;
      break;
    }
  }
  for (let p = 0, i = 0; p < bits.length; p += 1, i += 4) {
    if (transparent) {
      bits[p] = (pixels[i + 3] ?? 0) > 127 ? 1 : 0;
    } else {
      // Rec. 601 luma in thousandths: above 127 of 255.
      const luma = 299 * (pixels[i] ?? 0) + 587 * (pixels[i + 1] ?? 0) + 114 * (pixels[i + 2] ?? 0);
      bits[p] = luma > 127_000 ? 1 : 0;
    }
  }
  return bits;
}

/** The smallest rectangle holding every marked pixel; null for an empty mask. */
export function maskBounds(bits: Uint8Array, width: number, height: number): Rect | null {
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x += 1) {
      if (bits[row + x] === 1) {
        if (first < 0) first = x;
        last = x;
      }
    }
    if (first < 0) continue;
    top = Math.min(top, y);
    bottom = y;
    left = Math.min(left, first);
    right = Math.max(right, last);
  }
  return bottom < 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/** The mask as an opaque RGBA image: white where edited, black elsewhere (how it is stored and shown). */
export function maskToRgba(bits: Uint8Array): Uint8Array {
  const pixels = new Uint8Array(bits.length * 4);
  for (let p = 0, i = 0; p < bits.length; p += 1, i += 4) {
    const value = bits[p] === 1 ? 255 : 0;
    pixels[i] = value;
    pixels[i + 1] = value;
    pixels[i + 2] = value;
    pixels[i + 3] = 255;
  }
  return pixels;
}
