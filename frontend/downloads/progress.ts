/**
 * A download's progress as pure rules (docs/decisions/0090-print-ui.md): the bytes received against
 * the size the answer announces (Content-Length, or a streamed ZIP's X-Archive-Bytes), else the
 * entries counted against the images it holds (X-Archive-Images, or what the screen counted);
 * neither known, the bar is indeterminate and the bytes still show.
 */
import { ARCHIVE_BYTES_HEADER, ARCHIVE_IMAGES_HEADER } from '#shared/print';

export interface DownloadProgress {
  received: number;
  /** The answer's Content-Length; null when it streams without one. */
  total: number | null;
  /** Entries whose bytes have fully arrived (frontend/downloads/zip-entries.ts). */
  entries: number;
  /** The images the ZIP should hold, when the screen knows; null when it does not. */
  expectedEntries: number | null;
}

export function startProgress(total: number | null, expectedEntries: number | null): DownloadProgress {
  return { received: 0, total, entries: 0, expectedEntries };
}

/** How much is done, 0–1, or null when nothing says how much is to come. */
export function progressFraction(progress: DownloadProgress): number | null {
  const { received, total, entries, expectedEntries } = progress;
  if (total !== null && total > 0) return Math.min(1, received / total);
  if (expectedEntries !== null && expectedEntries > 0) return Math.min(1, entries / expectedEntries);
  return null;
}

function positiveInteger(value: string | null): number | null {
  const number = Number(value ?? Number.NaN);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

/**
 * The bytes the body will give: Content-Length unless the answer is encoded (the header then counts
 * the encoded bytes, and the reader sees them decoded), else the ZIP's own announced size.
 */
export function announcedBytes(headers: Headers): number | null {
  const encoding = headers.get('content-encoding');
  const length = encoding && encoding !== 'identity' ? null : positiveInteger(headers.get('content-length'));
  return length ?? positiveInteger(headers.get(ARCHIVE_BYTES_HEADER));
}

/** The entries a ZIP holds: what it announces, else what the screen counted. */
export function announcedEntries(headers: Headers, counted: number | null): number | null {
  const announced = headers.get(ARCHIVE_IMAGES_HEADER);
  // Zero is an answer too: an empty project's ZIP.
  return announced !== null && /^\d+$/.test(announced) ? Number(announced) : counted;
}

/** Whether enough time has passed since the last shown progress to show the next (the end always shows). */
export function shouldReport(lastMs: number, nowMs: number, intervalMs: number): boolean {
  return nowMs - lastMs >= intervalMs;
}
