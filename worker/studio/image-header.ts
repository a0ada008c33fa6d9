/**
 * An image's size read from its header alone (PNG IHDR, JPEG SOF, WebP VP8/VP8L/VP8X), so an
 * image too large to decode is refused before any decode (decompression bombs).
 */
import { MAX_IMAGE_PIXELS } from '../platform/limits';

export interface ImageSize {
  width: number;
  height: number;
}

function u16be(b: Uint8Array, i: number): number {
  return ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
}

function u32be(b: Uint8Array, i: number): number {
  return (((b[i] ?? 0) << 24) | ((b[i + 1] ?? 0) << 16) | ((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0)) >>> 0;
}

function u16le(b: Uint8Array, i: number): number {
  return (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
}

function u24le(b: Uint8Array, i: number): number {
  return (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8) | ((b[i + 2] ?? 0) << 16);
}

function ascii(b: Uint8Array, i: number, length: number): string {
  return String.fromCharCode(...b.subarray(i, i + length));
}

function pngSize(b: Uint8Array): ImageSize | null {
  // Signature (8), then the first chunk must be IHDR: length (4), type (4), width (4), height (4).
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

/** Start-of-frame markers: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
function isSof(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegSize(b: Uint8Array): ImageSize | null {
  let i = 2;
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    const length = u16be(b, i + 2);
    if (length < 2) return null;
    if (isSof(marker)) {
      if (i + 9 > b.length) return null;
      return { width: u16be(b, i + 7), height: u16be(b, i + 5) };
    }
    i += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array): ImageSize | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes) and the start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

/** The size a PNG, JPEG or WebP header declares, or null when the header cannot be read. */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  let size: ImageSize | null = null;
  if (bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG') size = pngSize(bytes);
  else if (bytes[0] === 0xff && bytes[1] === 0xd8) size = jpegSize(bytes);
  else if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') size = webpSize(bytes);
  if (!size || size.width < 1 || size.height < 1) return null;
  return size;
}

export type HeaderVerdict = { ok: true; size: ImageSize } | { ok: false; reason: 'unreadable' | 'too_many_pixels' };

/** Whether an image may be decoded: a readable header within MAX_IMAGE_PIXELS. */
export function checkImageHeader(bytes: Uint8Array, maxPixels: number = MAX_IMAGE_PIXELS): HeaderVerdict {
  const size = imageSize(bytes);
  if (!size) return { ok: false, reason: 'unreadable' };
  if (size.width * size.height > maxPixels) return { ok: false, reason: 'too_many_pixels' };
  return { ok: true, size };
}
