/**
 * Saves an image as `{imageId}.jpg`; when that fails the image opens in a new tab
 * (docs/decisions/0014-jpeg-output-and-download-names.md).
 */
export async function downloadImage(url: string, imageId: string): Promise<void> {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`download answered ${response.status}`);
    const objectUrl = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = `${imageId}.jpg`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  } catch {
    window.open(url, '_blank', 'noopener');
  }
}
