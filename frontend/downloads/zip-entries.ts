/**
 * Counts the entries of a ZIP as its bytes stream in, for a progress bar when the answer carries no
 * Content-Length (docs/decisions/0090-print-ui.md). It reads only the local file headers and data
 * descriptors, never the data, and keeps at most a header's bytes between chunks.
 *
 * A streaming writer does not know an entry's size when it writes its header (general purpose bit
 * 3): the size follows the data in a data descriptor. The descriptor is found by its signature,
 * taken only where its compressed size equals the bytes seen since the data began, so image bytes
 * that happen to hold the signature are not mistaken for it.
 */

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const DATA_DESCRIPTOR = 0x08074b50;
const LOCAL_HEADER_BYTES = 30;
const SIZE_IN_DESCRIPTOR = 0x0008;
const ZIP64_EXTRA = 0x0001;
const ZIP64_MARK = 0xffffffff;

type Phase =
  | { kind: 'header' }
  /** Data of a known size: this many bytes are still to pass. */
  | { kind: 'skip'; left: number }
  /** Data of an unknown size, then its descriptor: `seen` bytes of it have passed. */
  | { kind: 'scan'; seen: number; zip64: boolean }
  /** The central directory has begun: every entry has been counted. */
  | { kind: 'done' }
  /** Something that is not a ZIP as written by a streaming writer: the count stops. */
  | { kind: 'lost' };

function u16(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

function u32(bytes: Uint8Array, at: number): number {
  return (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0;
}

/** A 64-bit little-endian size as a number (exact below 2^53, far beyond any download). */
function u64(bytes: Uint8Array, at: number): number {
  return u32(bytes, at) + u32(bytes, at + 4) * 2 ** 32;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** The compressed size a ZIP64 extra field gives, when the header's own field says to look there. */
function zip64Sizes(header: Uint8Array, extraStart: number, extraEnd: number): { compressed: number } | null {
  for (let at = extraStart; at + 4 <= extraEnd; ) {
    const id = u16(header, at);
    const length = u16(header, at + 2);
    // The record holds the uncompressed size, then the compressed one.
    if (id === ZIP64_EXTRA && length >= 16) return { compressed: u64(header, at + 12) };
    at += 4 + length;
  }
  return null;
}

export class ZipEntryCounter {
  private phase: Phase = { kind: 'header' };
  /** Bytes kept from earlier chunks: a header not yet whole, or the tail where a descriptor may begin. */
  private carry: Uint8Array = new Uint8Array(0);
  private counted = 0;

  /** Entries whose data has fully arrived. */
  get entries(): number {
    return this.counted;
  }

  /** Whether the count can still be trusted (false once the stream stopped looking like a ZIP). */
  get reliable(): boolean {
    return this.phase.kind !== 'lost';
  }

  /** Reads the next chunk of the stream and returns the entries counted so far. */
  push(chunk: Uint8Array): number {
    let bytes = concat(this.carry, chunk);
    this.carry = new Uint8Array(0);
    while (bytes.length > 0) {
      const rest = this.step(bytes);
      if (rest === null) break;
      bytes = rest;
    }
    return this.counted;
  }

  /** Consumes what it can of `bytes` and returns the rest, or null when it must wait for more. */
  private step(bytes: Uint8Array): Uint8Array | null {
    const phase = this.phase;
    switch (phase.kind) {
      case 'done':
      case 'lost':
        return null;
      case 'skip': {
        const passed = Math.min(phase.left, bytes.length);
        if (passed === phase.left) {
          this.counted += 1;
          this.phase = { kind: 'header' };
        } else {
          this.phase = { kind: 'skip', left: phase.left - passed };
        }
        return bytes.subarray(passed);
      }
      case 'scan':
        return this.scan(bytes, phase);
      case 'header':
        return this.header(bytes);
    }
  }

  private header(bytes: Uint8Array): Uint8Array | null {
    if (bytes.length < 4) return this.wait(bytes);
    const signature = u32(bytes, 0);
    if (signature === CENTRAL_HEADER || signature === END_OF_CENTRAL) {
      this.phase = { kind: 'done' };
      return null;
    }
    if (signature !== LOCAL_HEADER) {
      this.phase = { kind: 'lost' };
      return null;
    }
    if (bytes.length < LOCAL_HEADER_BYTES) return this.wait(bytes);
    const nameLength = u16(bytes, 26);
    const extraLength = u16(bytes, 28);
    const end = LOCAL_HEADER_BYTES + nameLength + extraLength;
    if (bytes.length < end) return this.wait(bytes);
    const flags = u16(bytes, 6);
    const zip64 = zip64Sizes(bytes, LOCAL_HEADER_BYTES + nameLength, end);
    if (flags & SIZE_IN_DESCRIPTOR) {
      this.phase = { kind: 'scan', seen: 0, zip64: zip64 !== null };
    } else {
      const size = u32(bytes, 18);
      this.phase = { kind: 'skip', left: size === ZIP64_MARK && zip64 ? zip64.compressed : size };
    }
    return bytes.subarray(end);
  }

  /** Looks for the descriptor whose size matches the data seen; keeps a tail where one may start. */
  private scan(bytes: Uint8Array, phase: { seen: number; zip64: boolean }): Uint8Array | null {
    const descriptorBytes = phase.zip64 ? 24 : 16;
    // 0x50 is the signature's first byte ('P'); the native indexOf skips the image bytes quickly.
    for (let at = bytes.indexOf(0x50); at !== -1 && at + descriptorBytes <= bytes.length; at = bytes.indexOf(0x50, at + 1)) {
      if (u32(bytes, at) !== DATA_DESCRIPTOR) continue;
      const size = phase.zip64 ? u64(bytes, at + 8) : u32(bytes, at + 8);
      if (size !== phase.seen + at) continue;
      this.counted += 1;
      this.phase = { kind: 'header' };
      return bytes.subarray(at + descriptorBytes);
    }
    // The last bytes may be the start of the descriptor: they wait for the next chunk.
    const kept = Math.min(bytes.length, descriptorBytes - 1);
    this.phase = { kind: 'scan', seen: phase.seen + bytes.length - kept, zip64: phase.zip64 };
    return this.wait(bytes.subarray(bytes.length - kept));
  }

  private wait(bytes: Uint8Array): null {
    this.carry = bytes.slice();
    return null;
  }
}
