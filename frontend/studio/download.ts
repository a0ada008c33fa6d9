import { saveBlob } from '../ui/save-blob';

/**
 * Saves an image as `fileName` — `{project}-{B3-2}.jpg` in a project, `{imageId}.jpg` outside one
 * (docs/decisions/0014-jpeg-output-and-download-names.md, 0087-version-names.md); when that fails
 * the image opens in a new tab.
 */
export async function downloadImage(url: string, fileName: string): Promise<void> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`download answered ${response.status}`);
    saveBlob(await response.blob(), fileName);
  } catch {
    window.open(url, '_blank', 'noopener');
  }
}
