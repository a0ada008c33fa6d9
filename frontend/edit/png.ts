/**
 * The mask as the edit request carries it (docs/api.md "Region edit"): a PNG of the source image's
 * exact size in which alpha and luminance both mean "edit here" above 127. Encoded here rather
 * than through a canvas: a canvas stores premultiplied colour, so grey under low alpha would not
 * come back as written, and its size could follow the display instead of the source. Grey + alpha
 * at 8 bits, both set to the mask's value: white and opaque is edit, black and clear is keep.
 * Deflate comes from the platform's CompressionStream (zlib framing, which is what PNG wants).
 */
import type { Mask } from './mask';

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
/** IHDR colour type 4: greyscale with alpha. */
const GREY_ALPHA = 4;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0xffffffff;
  for (let i = start; i < end; i += 1) crc = (CRC_TABLE[(crc ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i += 1) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const input = new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return new Uint8Array(await new Response(input.pipeThrough(new CompressionStream('deflate'))).arrayBuffer());
}

/** The scanlines: each row a filter byte (0, none) then grey and alpha per pixel. */
function scanlines(mask: Mask): Uint8Array<ArrayBuffer> {
  const stride = 1 + mask.width * 2;
  const raw = new Uint8Array(stride * mask.height);
  for (let y = 0; y < mask.height; y += 1) {
    const row = y * stride + 1;
    const from = y * mask.width;
    for (let x = 0; x < mask.width; x += 1) {
      const value = mask.data[from + x] ?? 0;
      raw[row + x * 2] = value;
      raw[row + x * 2 + 1] = value;
    }
  }
  return raw;
}

export async function maskPng(mask: Mask): Promise<Uint8Array> {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, mask.width);
  view.setUint32(4, mask.height);
  header.set([8, GREY_ALPHA, 0, 0, 0], 8);
  const parts = [Uint8Array.from(SIGNATURE), chunk('IHDR', header), chunk('IDAT', await deflate(scanlines(mask))), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Base64 without a data: prefix, built in slices (String.fromCharCode takes a bounded argument list). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const slice = 0x8000;
  for (let i = 0; i < bytes.length; i += slice) binary += String.fromCharCode(...bytes.subarray(i, i + slice));
  return btoa(binary);
}
