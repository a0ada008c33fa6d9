/**
 * A PNG of RGBA pixels written a band of rows at a time: each row filtered (Sub) into a small band
 * buffer and fed to the runtime's zlib (CompressionStream 'deflate'), so encoding a 4K raster holds
 * the raster, one band and the compressed output — never a second raster. Photon's encoder copies
 * the whole raster into its wasm memory first: another 64 MB at 4096 × 4096
 * (docs/decisions/0089-print-resolution.md).
 */
import { crc32 } from '../platform/crc32';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Rows a band holds: 64 rows of a 4096 px image are 1 MB. */
const BAND_ROWS = 64;
/** PNG's filter type 1: each byte minus the byte of the pixel to its left. */
const FILTER_SUB = 1;

/** An image's pixels: RGBA, four bytes a pixel, rows top to bottom. */
export interface RgbaImage {
  pixels: Uint8Array;
  width: number;
  height: number;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i += 1) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function header(width: number, height: number): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  // 8 bits a sample, colour type 6 (RGBA); compression, filter and interlace methods 0.
  data.set([8, 6, 0, 0, 0], 8);
  return chunk('IHDR', data);
}

/** Rows [from, from + rows) of the image into `band`, each led by its filter byte and Sub-filtered; returns the part written. */
function filterRows(image: RgbaImage, from: number, rows: number, band: Uint8Array): Uint8Array {
  const stride = image.width * 4;
  for (let row = 0; row < rows; row += 1) {
    const source = (from + row) * stride;
    const target = row * (stride + 1);
    band[target] = FILTER_SUB;
    for (let i = 0; i < stride; i += 1) {
      const left = i >= 4 ? (image.pixels[source + i - 4] ?? 0) : 0;
      band[target + 1 + i] = ((image.pixels[source + i] ?? 0) - left) & 0xff;
    }
  }
  return band.subarray(0, rows * (stride + 1));
}

/** The zlib stream's output, as the chunks it came in and their total length. */
async function collect(readable: ReadableStream<Uint8Array>): Promise<{ parts: Uint8Array[]; length: number }> {
  const parts: Uint8Array[] = [];
  let length = 0;
  for await (const part of readable) {
    parts.push(part);
    length += part.length;
  }
  return { parts, length };
}

/**
 * The lossless PNG of `image`, encoded a band at a time. The compressed data is copied once, into
 * the file's one IDAT chunk, its CRC computed part by part.
 */
export async function encodePngInBands(image: RgbaImage): Promise<Uint8Array> {
  const zlib = new CompressionStream('deflate');
  const compressing = collect(zlib.readable);
  const writer = zlib.writable.getWriter();
  // One band buffer for the whole image: a write resolves once zlib has taken the chunk in, so the
  // next band may overwrite it. A fresh buffer per band would leave 64 MB of garbage at 4K.
  const band = new Uint8Array(BAND_ROWS * (image.width * 4 + 1));
  for (let from = 0; from < image.height; from += BAND_ROWS) {
    await writer.write(filterRows(image, from, Math.min(BAND_ROWS, image.height - from), band));
  }
  await writer.close();
  const { parts, length } = await compressing;
  const head = header(image.width, image.height);
  const end = chunk('IEND', new Uint8Array(0));
  const out = new Uint8Array(SIGNATURE.length + head.length + 12 + length + end.length);
  const view = new DataView(out.buffer);
  out.set(SIGNATURE, 0);
  out.set(head, SIGNATURE.length);
  let offset = SIGNATURE.length + head.length;
  view.setUint32(offset, length);
  const type = new TextEncoder().encode('IDAT');
  out.set(type, offset + 4);
  let crc = crc32(type);
  offset += 8;
  for (const part of parts) {
    out.set(part, offset);
    crc = crc32(part, crc);
    offset += part.length;
  }
  view.setUint32(offset, crc);
  out.set(end, offset + 4);
  return out;
}
