import { saveBlob } from '../ui/save-blob';
import { DOWNLOAD_PAUSE_MS } from '../ui/timings';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function saveAs(url: string, fileName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`download answered ${response.status}`);
  saveBlob(await response.blob(), fileName);
}

/**
 * Saves every image under its name, 300 ms apart: generation-{id}-{n}.jpg, or in a project
 * {project}-{B3-2}.jpg (docs/decisions/0014-jpeg-output-and-download-names.md,
 * 0087-version-names.md); throws on failure.
 */
export async function downloadAll(files: readonly { url: string; fileName: string }[]): Promise<void> {
  for (const [index, { url, fileName }] of files.entries()) {
    if (index > 0) await pause(DOWNLOAD_PAUSE_MS);
    await saveAs(url, fileName);
  }
}
