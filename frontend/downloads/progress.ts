/**
 * A ZIP download's progress as pure rules (docs/decisions/0090-print-ui.md): the bytes received
 * against the answer's Content-Length when it sends one, else the entries counted against the
 * images asked for; neither known, the bar is indeterminate and the bytes still show.
 */

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

/**
 * The Content-Length that counts the bytes the body will give: none when the answer is encoded
 * (the header then counts the encoded bytes, and the reader sees them decoded) or unreadable.
 */
export function contentLength(headers: Headers): number | null {
  const encoding = headers.get('content-encoding');
  if (encoding && encoding !== 'identity') return null;
  const value = Number(headers.get('content-length') ?? Number.NaN);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** Whether enough time has passed since the last shown progress to show the next (the end always shows). */
export function shouldReport(lastMs: number, nowMs: number, intervalMs: number): boolean {
  return nowMs - lastMs >= intervalMs;
}
