/**
 * An indexed-colour PNG (one byte a pixel, a palette with alpha) made with the runtime's own
 * deflate (CompressionStream). The fidelity map has four colours, one of them transparent: as an
 * RGBA PNG through photon it cost about 45 ms per 1K map in workerd, most of the score's budget;
 * this way it costs a few (docs/decisions/0086-geometry-fidelity.md).
 */

/** One palette entry: red, green, blue, alpha (0 transparent). */
export type PaletteEntry = readonly [number, number, number, number];

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i += 1) c = (CRC_TABLE[(c ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i += 1) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** zlib-wrapped deflate, as PNG's IDAT wants it ("deflate" in the Compression Streams standard). */
async function zlib(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** `indices` (one palette index a pixel, row-major) as a PNG; at most 256 palette entries. */
export async function encodeIndexedPng(indices: Uint8Array, width: number, height: number, palette: readonly PaletteEntry[]): Promise<Uint8Array> {
  if (indices.length !== width * height) throw new Error(`indices for ${width}×${height}: ${indices.length}`);
  if (palette.length === 0 || palette.length > 256) throw new Error(`palette of ${palette.length} entries`);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 3, 0, 0, 0], 8); // 8 bits a pixel, indexed colour, deflate, no filter method, no interlace
  const colours = Uint8Array.from(palette.flatMap(([r, g, b]) => [r, g, b]));
  const alphas = Uint8Array.from(palette.map(([, , , a]) => a));
  // Each row starts with its filter type, 0 (none): the map is mostly runs of one index.
  const rows = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y += 1) rows.set(indices.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  const parts = [
    Uint8Array.from(SIGNATURE),
    chunk('IHDR', header),
    chunk('PLTE', colours),
    chunk('tRNS', alphas),
    chunk('IDAT', await zlib(rows)),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
