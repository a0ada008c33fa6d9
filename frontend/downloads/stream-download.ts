/**
 * One streamed download, a ZIP or a PNG master (docs/decisions/0090-print-ui.md): the file is
 * chosen first, then the answer's body passes chunk by chunk into it, counting bytes (and a ZIP's
 * entries) for the progress bar. Nothing holds the whole file except the Blob fallback.
 */
import { toApiError } from '../api/client';
import type { DownloadResponse } from './api';
import { announcedBytes, announcedEntries, shouldReport, startProgress, type DownloadProgress } from './progress';
import { openSaveTarget, type SaveFile } from './save-target';
import { ZipEntryCounter } from './zip-entries';

/** Progress shows at most this often; the last update always shows. */
const REPORT_INTERVAL_MS = 100;

export interface StreamedDownload {
  file: SaveFile;
  /**
   * The entries the ZIP should hold, when the screen knows (the progress bar's fallback); null for
   * a file that is no ZIP, whose entries are not counted.
   */
  expectedEntries: number | null;
  request: (signal: AbortSignal) => Promise<DownloadResponse>;
}

export type DownloadOutcome = 'saved' | 'cancelled';

export interface DownloadHooks {
  signal: AbortSignal;
  onProgress: (progress: DownloadProgress) => void;
  /** Tells where the bytes go once the file is open (a picked file, or a Blob). */
  onTarget?: (kind: 'file' | 'blob') => void;
  /** Opens the save target; the browser's own unless a test passes another. */
  open?: typeof openSaveTarget;
  now?: () => number;
}

/** Fetches and saves one download; throws an ApiError when the Worker refuses it. */
export async function runDownload(download: StreamedDownload, hooks: DownloadHooks): Promise<DownloadOutcome> {
  const { signal, onProgress, now = () => performance.now() } = hooks;
  const target = await (hooks.open ?? openSaveTarget)(download.file);
  if (!target) return 'cancelled';
  hooks.onTarget?.(target.kind);
  try {
    const response = await download.request(signal);
    if (!response.ok || !response.body) throw toApiError(response.status, await response.json().catch(() => null));
    // A ZIP's entries are counted; a single file's are not.
    const zip = download.expectedEntries !== null;
    const counter = zip ? new ZipEntryCounter() : null;
    let progress = startProgress(announcedBytes(response.headers), zip ? announcedEntries(response.headers, download.expectedEntries) : null);
    let reported = Number.NEGATIVE_INFINITY;
    onProgress(progress);
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const chunk = read.value;
      await target.write(chunk);
      progress = { ...progress, received: progress.received + chunk.length, entries: counter ? counter.push(chunk) : 0 };
      if (shouldReport(reported, now(), REPORT_INTERVAL_MS)) {
        reported = now();
        onProgress(progress);
      }
    }
    await target.close();
    onProgress(progress);
    return 'saved';
  } catch (error) {
    await target.abort().catch(() => undefined);
    if (signal.aborted) return 'cancelled';
    throw error;
  }
}
