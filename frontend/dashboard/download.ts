import { saveBlob } from '../ui/save-blob';
import { DOWNLOAD_PAUSE_MS } from '../ui/timings';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function saveAs(url: string, fileName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`download answered ${response.status}`);
  saveBlob(await response.blob(), fileName);
}

/**
 * Saves every image as generation-{id}-{n}.jpg, 300 ms apart
 * (docs/decisions/0014-jpeg-output-and-download-names.md); throws on failure.
 */
export async function downloadAll(generationId: string, urls: string[]): Promise<void> {
  for (const [index, url] of urls.entries()) {
    if (index > 0) await pause(DOWNLOAD_PAUSE_MS);
    await saveAs(url, `generation-${generationId}-${index + 1}.jpg`);
  }
}
