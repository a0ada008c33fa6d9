import { Zip, ZipPassThrough } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../frontend/api/client';
import { announcedBytes, announcedEntries, progressFraction, shouldReport, startProgress, type DownloadProgress } from '../../../frontend/downloads/progress';
import { projectDownload, reviewDownload, selectionDownload, zipFile } from '../../../frontend/downloads/requests';
import { openSaveTarget, type SaveTarget } from '../../../frontend/downloads/save-target';
import { runDownload, type StreamedDownload } from '../../../frontend/downloads/stream-download';

/** A streamed ZIP of `count` stored entries of `size` bytes each. */
function zipOf(count: number, size: number): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  for (let index = 0; index < count; index += 1) {
    const entry = new ZipPassThrough(`riverside-library/view-${index + 1}.jpg`);
    zip.add(entry);
    entry.push(new Uint8Array(size).fill(index + 1), true);
  }
  zip.end();
  return Uint8Array.from(parts.flatMap((part) => [...part]));
}

/** A body that arrives in chunks of `chunk` bytes. */
function bodyOf(bytes: Uint8Array, chunk: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
}

/** A save target that keeps what it was given. */
function memoryTarget() {
  const written: Uint8Array[] = [];
  const calls: string[] = [];
  const target: SaveTarget = {
    kind: 'file',
    write: (chunk) => {
      written.push(chunk.slice());
      return Promise.resolve();
    },
    close: () => {
      calls.push('close');
      return Promise.resolve();
    },
    abort: () => {
      calls.push('abort');
      return Promise.resolve();
    },
  };
  const bytes = () => Uint8Array.from(written.flatMap((part) => [...part]));
  return { target, calls, bytes };
}

function download(response: () => Response, expectedEntries: number | null = 3): StreamedDownload & { request: ReturnType<typeof vi.fn> } {
  return { file: zipFile('riverside-library'), expectedEntries, request: vi.fn((signal: AbortSignal) => (signal.aborted ? Promise.reject(new DOMException('aborted', 'AbortError')) : Promise.resolve(response()))) };
}

describe('progress', () => {
  const base: DownloadProgress = { received: 250, total: 1000, entries: 1, expectedEntries: 4 };

  it('is the bytes against the length when the answer gives one, else the entries against those expected, else unknown', () => {
    expect(progressFraction(base)).toBe(0.25);
    expect(progressFraction({ ...base, total: null })).toBe(0.25);
    expect(progressFraction({ ...base, total: null, entries: 3 })).toBe(0.75);
    expect(progressFraction({ ...base, total: null, expectedEntries: null })).toBeNull();
    expect(progressFraction({ ...base, received: 1200 })).toBe(1);
    expect(startProgress(null, 4)).toEqual({ received: 0, total: null, entries: 0, expectedEntries: 4 });
  });

  it('takes the size from an unencoded Content-Length, else from the ZIP’s own announcement', () => {
    expect(announcedBytes(new Headers({ 'content-length': '5000' }))).toBe(5000);
    expect(announcedBytes(new Headers({ 'content-length': '5000', 'content-encoding': 'gzip' }))).toBeNull();
    expect(announcedBytes(new Headers({ 'content-length': 'soon' }))).toBeNull();
    expect(announcedBytes(new Headers({ 'x-archive-bytes': '7000' }))).toBe(7000);
    expect(announcedBytes(new Headers({ 'content-length': '5000', 'x-archive-bytes': '7000' }))).toBe(5000);
    expect(announcedBytes(new Headers())).toBeNull();
  });

  it('takes the entries from the ZIP’s announcement, else from what the screen counted', () => {
    expect(announcedEntries(new Headers({ 'x-archive-images': '12' }), 10)).toBe(12);
    expect(announcedEntries(new Headers({ 'x-archive-images': '0' }), 10)).toBe(0);
    expect(announcedEntries(new Headers({ 'x-archive-images': 'many' }), 10)).toBe(10);
    expect(announcedEntries(new Headers(), null)).toBeNull();
  });

  it('shows at most every interval', () => {
    expect([shouldReport(0, 99, 100), shouldReport(0, 100, 100), shouldReport(Number.NEGATIVE_INFINITY, 0, 100)]).toEqual([false, true, true]);
  });
});

describe('a streamed download', () => {
  const zip = zipOf(3, 5000);

  it('passes every byte into the target in order, counting the entries when no length is sent', async () => {
    const { target, calls, bytes } = memoryTarget();
    const seen: DownloadProgress[] = [];
    let clock = 0;
    const outcome = await runDownload(download(() => new Response(bodyOf(zip, 1000))), {
      signal: new AbortController().signal,
      onProgress: (progress) => seen.push(progress),
      open: () => Promise.resolve(target),
      now: () => (clock += 100),
    });
    expect(outcome).toBe('saved');
    expect(bytes()).toEqual(zip);
    expect(calls).toEqual(['close']);
    expect(seen.at(-1)).toEqual({ received: zip.length, total: null, entries: 3, expectedEntries: 3 });
    expect(seen.map((progress) => progress.entries)).toEqual([...seen.map((progress) => progress.entries)].sort((a, b) => a - b));
    expect(seen.some((progress) => progress.entries > 0 && progress.entries < 3)).toBe(true);
  });

  it('measures against the size the ZIP announces, and counts against the entries it announces', async () => {
    const { target } = memoryTarget();
    const seen: DownloadProgress[] = [];
    const headers = { 'x-archive-bytes': String(zip.length), 'x-archive-images': '3' };
    await runDownload(download(() => new Response(bodyOf(zip, 4096), { headers }), 7), {
      signal: new AbortController().signal,
      onProgress: (progress) => seen.push(progress),
      open: () => Promise.resolve(target),
    });
    expect(seen[0]).toEqual({ received: 0, total: zip.length, entries: 0, expectedEntries: 3 });
    expect(seen.at(-1)).toEqual({ received: zip.length, total: zip.length, entries: 3, expectedEntries: 3 });
  });

  it('counts no entries in a single file', async () => {
    const { target } = memoryTarget();
    const seen: DownloadProgress[] = [];
    await runDownload(download(() => new Response(bodyOf(zip, 4096), { headers: { 'content-length': String(zip.length) } }), null), {
      signal: new AbortController().signal,
      onProgress: (progress) => seen.push(progress),
      open: () => Promise.resolve(target),
    });
    expect(seen.at(-1)).toEqual({ received: zip.length, total: zip.length, entries: 0, expectedEntries: null });
  });

  it('measures against Content-Length when the answer sends it', async () => {
    const { target } = memoryTarget();
    const seen: DownloadProgress[] = [];
    await runDownload(download(() => new Response(bodyOf(zip, 4096), { headers: { 'content-length': String(zip.length) } })), {
      signal: new AbortController().signal,
      onProgress: (progress) => seen.push(progress),
      open: () => Promise.resolve(target),
    });
    expect(seen[0]).toEqual({ received: 0, total: zip.length, entries: 0, expectedEntries: 3 });
    expect(progressFraction(seen.at(-1) ?? seen[0] ?? startProgress(null, null))).toBe(1);
  });

  it('asks nothing of the Worker when the user closes the file picker', async () => {
    const pending = download(() => new Response(zip));
    const outcome = await runDownload(pending, { signal: new AbortController().signal, onProgress: () => undefined, open: () => Promise.resolve(null) });
    expect(outcome).toBe('cancelled');
    expect(pending.request).not.toHaveBeenCalled();
  });

  it('drops the file and throws the Worker’s words when the download is refused', async () => {
    const { target, calls } = memoryTarget();
    const refusal = () => new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    const run = runDownload(download(refusal), { signal: new AbortController().signal, onProgress: () => undefined, open: () => Promise.resolve(target) });
    await expect(run).rejects.toEqual(new ApiError(404, 'not_found', 'Not found.'));
    expect(calls).toEqual(['abort']);
  });

  it('stops and drops the file when cancelled half way', async () => {
    const { target, calls } = memoryTarget();
    const controller = new AbortController();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(stream) {
        sent += 1;
        if (sent === 3) controller.abort();
        if (controller.signal.aborted) return stream.error(new DOMException('aborted', 'AbortError'));
        stream.enqueue(zip.slice(0, 100));
      },
    });
    const outcome = await runDownload(download(() => new Response(body)), { signal: controller.signal, onProgress: () => undefined, open: () => Promise.resolve(target) });
    expect(outcome).toBe('cancelled');
    expect(calls).toEqual(['abort']);
  });
});

describe('where the bytes go', () => {
  const file = zipFile('riverside-library');

  it('is a file the user picks when the browser offers the picker, written as it arrives', async () => {
    const writes: Uint8Array[] = [];
    const writable = { write: vi.fn((chunk: Uint8Array) => Promise.resolve(void writes.push(chunk))), close: vi.fn(() => Promise.resolve()), abort: vi.fn(() => Promise.resolve()) };
    const showSaveFilePicker = vi.fn(() => Promise.resolve({ createWritable: () => Promise.resolve(writable) }));
    const target = await openSaveTarget(file, { showSaveFilePicker });
    expect(target?.kind).toBe('file');
    expect(showSaveFilePicker).toHaveBeenCalledWith({ suggestedName: 'riverside-library.zip', types: [{ description: 'ZIP archive', accept: { 'application/zip': ['.zip'] } }] });
    await target?.write(new Uint8Array([1, 2]));
    await target?.close();
    expect(writes).toEqual([new Uint8Array([1, 2])]);
    expect(writable.close).toHaveBeenCalledTimes(1);
  });

  it('is nothing when the picker is closed, and a Blob when the picker is refused or missing', async () => {
    const closed = () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));
    expect(await openSaveTarget(file, { showSaveFilePicker: closed })).toBeNull();
    const refused = () => Promise.reject(new DOMException('Must be handling a user gesture', 'SecurityError'));
    expect((await openSaveTarget(file, { showSaveFilePicker: refused }))?.kind).toBe('blob');
    expect((await openSaveTarget(file, {}))?.kind).toBe('blob');
  });
});

describe('what each download asks for', () => {
  it('names a project’s and a review link’s ZIP after the project, a selection after the day', () => {
    expect(projectDownload({ id: 'p1', name: 'Riverside Library — Phase 2' }, 12)).toMatchObject({ file: { name: 'riverside-library-phase-2.zip' }, expectedEntries: 12 });
    expect(reviewDownload('tok', 'Café Nord', 3)).toMatchObject({ file: { name: 'cafe-nord.zip', mimeType: 'application/zip' }, expectedEntries: 3 });
    expect(selectionDownload(['a', 'b'], 5, new Date('2026-11-26T10:00:00Z')).file.name).toBe('parti-images-2026-11-26.zip');
  });
});
