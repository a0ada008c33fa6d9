import { saveBlob } from '../ui/save-blob';

/**
 * Saves an image as `{imageId}.jpg`; when that fails the image opens in a new tab
 * (docs/decisions/0014-jpeg-output-and-download-names.md).
 */
export async function downloadImage(url: string, imageId: string): Promise<void> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`download answered ${response.status}`);
    saveBlob(await response.blob(), `${imageId}.jpg`);
  } catch {
    window.open(url, '_blank', 'noopener');
  }
}
