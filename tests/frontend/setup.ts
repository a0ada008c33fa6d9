/**
 * The web platform's streams, which browsers have and jsdom does not: under the vmThreads pool a
 * file's globals are jsdom's window alone, so code that compresses (frontend/edit/png.ts) would
 * meet a ReferenceError no browser gives. Node's own implementations stand in.
 */
import { CompressionStream, DecompressionStream, ReadableStream, TransformStream, WritableStream } from 'node:stream/web';

const streams = { CompressionStream, DecompressionStream, ReadableStream, TransformStream, WritableStream };
for (const [name, value] of Object.entries(streams)) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}
