import { Zip, ZipPassThrough, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ZipEntryCounter } from '../../../frontend/downloads/zip-entries';

/** Bytes that look like image data, seeded; `trap` plants data-descriptor signatures inside them. */
function imageBytes(length: number, seed: number, trap = false): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let index = 0; index < length; index += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  if (trap) {
    for (let at = 100; at + 16 < length; at += 997) bytes.set([0x50, 0x4b, 0x07, 0x08, 1, 2, 3, 4, 9, 0, 0, 0], at);
  }
  return bytes;
}

/** A ZIP as a streaming writer makes it: stored entries whose sizes follow their data. */
function streamedZip(files: Uint8Array[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  files.forEach((data, index) => {
    const entry = new ZipPassThrough(`project/view-${index + 1}.jpg`);
    zip.add(entry);
    entry.push(data.subarray(0, data.length >> 1));
    entry.push(data.subarray(data.length >> 1), true);
  });
  zip.end();
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** Feeds the bytes in chunks of `size` and records the count after each. */
function countIn(bytes: Uint8Array, size: number): { counts: number[]; counter: ZipEntryCounter } {
  const counter = new ZipEntryCounter();
  const counts: number[] = [];
  for (let at = 0; at < bytes.length; at += size) counts.push(counter.push(bytes.subarray(at, at + size)));
  return { counts, counter };
}

describe('counting ZIP entries as they stream in', () => {
  const files = [imageBytes(40_000, 1, true), imageBytes(3, 2), imageBytes(0, 3), imageBytes(70_001, 4, true)];

  it('counts every entry of a streamed ZIP, whatever the chunk size, never mistaking image bytes for a descriptor', () => {
    const zip = streamedZip(files);
    for (const size of [1, 7, 16, 23, 1000, 65_536, zip.length]) {
      const { counts, counter } = countIn(zip, size);
      expect(counts.at(-1), `chunks of ${size}`).toBe(4);
      expect(counter.reliable).toBe(true);
      // The count only grows.
      expect(counts.every((count, index) => index === 0 || count >= (counts[index - 1] ?? 0))).toBe(true);
    }
  });

  it('counts an entry once its data has passed, not when its header arrives', () => {
    const zip = streamedZip([imageBytes(50_000, 5)]);
    const counter = new ZipEntryCounter();
    expect(counter.push(zip.subarray(0, 40_000))).toBe(0);
    expect(counter.push(zip.subarray(40_000))).toBe(1);
  });

  it('counts a ZIP whose headers carry the sizes', () => {
    const zip = zipSync({ 'a.jpg': files[0] ?? new Uint8Array(), 'b.png': files[3] ?? new Uint8Array() }, { level: 0 });
    expect(countIn(zip, 4096).counts.at(-1)).toBe(2);
  });

  it('reads ZIP64 descriptors, whose sizes take eight bytes', () => {
    const data = imageBytes(5000, 6, true);
    const name = new TextEncoder().encode('big.png');
    const header = new Uint8Array(30 + name.length + 20);
    const view = new DataView(header.buffer);
    view.setUint32(0, 0x04034b50, true);
    view.setUint16(6, 0x0008, true);
    view.setUint32(18, 0xffffffff, true);
    view.setUint32(22, 0xffffffff, true);
    view.setUint16(26, name.length, true);
    view.setUint16(28, 20, true);
    header.set(name, 30);
    view.setUint16(30 + name.length, 0x0001, true);
    view.setUint16(32 + name.length, 16, true);
    const descriptor = new Uint8Array(24);
    const tail = new DataView(descriptor.buffer);
    tail.setUint32(0, 0x08074b50, true);
    tail.setBigUint64(8, BigInt(data.length), true);
    tail.setBigUint64(16, BigInt(data.length), true);
    const central = new Uint8Array([0x50, 0x4b, 0x01, 0x02]);
    const zip = new Uint8Array([...header, ...data, ...descriptor, ...header, ...data, ...descriptor, ...central]);
    expect(countIn(zip, 333).counts.at(-1)).toBe(2);
  });

  it('stops counting, and says so, when the bytes are not a ZIP', () => {
    const { counts, counter } = countIn(new TextEncoder().encode('{"error":{"code":"not_found"}}'), 8);
    expect(counts.at(-1)).toBe(0);
    expect(counter.reliable).toBe(false);
  });
});
