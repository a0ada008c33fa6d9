/**
 * A ZIP of R2 objects, streamed (docs/decisions/0089-print-resolution.md): fflate's streaming `Zip`
 * with `ZipPassThrough` entries — stored, not deflated, as JPEG and PNG do not compress further —
 * fed one chunk of one object each time the reader asks for more. So the archive never sits in the
 * Worker's memory: what is held is the chunk in flight and a line of the central directory per entry.
 * fflate writes no ZIP64 records, so an archive stays under 4 GiB: entries that would pass it are
 * left out and named in a note inside the archive.
 */
import { Zip, ZipPassThrough } from 'fflate';

export interface ZipEntry {
  /** The path inside the archive (ASCII: see ./entry-names.ts). */
  name: string;
  /** The R2 key of its bytes. */
  key: string;
  modified: Date;
}

/** What fflate writes around each entry: a local header (30 bytes and the name) and a data descriptor (16). */
const LOCAL_OVERHEAD = 30 + 16;
/** Each entry's line in the central directory (46 bytes and the name), and the directory's end record. */
const CENTRAL_OVERHEAD = 46;
const END_RECORD = 22;
/** The most a ZIP without ZIP64 records may hold: its offsets and sizes are 32 bits. */
const ZIP_MAX_BYTES = 2 ** 32 - 1;
/** Room kept for the central directory and the note when the archive nears ZIP_MAX_BYTES. */
const CLOSING_RESERVE = 1024 * 1024;

const LEFT_OUT_NOTE = 'NOT-INCLUDED.txt';

const encoder = new TextEncoder();

/** The exact size of the archive of entries of these sizes, as fflate lays it out. */
export function zipBytes(entries: readonly { name: string; bytes: number }[]): number {
  return entries.reduce((total, entry) => {
    const name = encoder.encode(entry.name).length;
    return total + LOCAL_OVERHEAD + name + entry.bytes + CENTRAL_OVERHEAD + name;
  }, END_RECORD);
}

function leftOutNote(names: string[]): Uint8Array {
  return encoder.encode(
    `These ${names.length} images were left out: a ZIP holds at most 4 GB. Download them in a second, smaller selection.\n\n${names.join('\n')}\n`,
  );
}

/** The archive of `entries`, in their order; an object missing from R2 (deleted meanwhile) is left out. */
export function zipStream(media: R2Bucket, entries: readonly ZipEntry[]): ReadableStream<Uint8Array> {
  let zip: Zip;
  let next = 0;
  let written = 0;
  let current: { file: ZipPassThrough; reader: ReadableStreamDefaultReader<Uint8Array> } | null = null;

  /** Adds one finished entry of these bytes (the note). */
  const addWhole = (name: string, bytes: Uint8Array, modified: Date) => {
    const file = new ZipPassThrough(name);
    file.mtime = modified;
    zip.add(file);
    file.push(bytes, true);
  };

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        zip = new Zip((error, chunk, final) => {
          if (error) return controller.error(error);
          written += chunk.length;
          controller.enqueue(chunk);
          if (final) controller.close();
        });
      },
      // Each call moves the archive on by one chunk (or one entry's end), so it grows only as fast as it is read.
      async pull() {
        for (;;) {
          if (current) {
            const { done, value } = await current.reader.read();
            if (done) {
              current.file.push(new Uint8Array(0), true);
              current = null;
            } else {
              current.file.push(value);
            }
            return;
          }
          const entry = entries[next];
          if (!entry) return zip.end();
          next += 1;
          const object = await media.get(entry.key);
          if (!object) continue;
          const name = encoder.encode(entry.name).length;
          if (written + LOCAL_OVERHEAD + name + object.size + CLOSING_RESERVE > ZIP_MAX_BYTES) {
            await object.body.cancel();
            addWhole(LEFT_OUT_NOTE, leftOutNote(entries.slice(next - 1).map((left) => left.name)), new Date());
            next = entries.length;
            continue;
          }
          const file = new ZipPassThrough(entry.name);
          file.mtime = entry.modified;
          zip.add(file);
          current = { file, reader: (object.body as ReadableStream<Uint8Array>).getReader() };
        }
      },
      async cancel(reason) {
        await current?.reader.cancel(reason);
      },
    },
    // One chunk ahead: the archive is made as fast as the client takes it, no faster.
    { highWaterMark: 1 },
  );
}
