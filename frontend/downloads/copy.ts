/**
 * The words of downloads: the ZIP of a project, a selection or a review link, its progress, and an
 * image's lossless PNG (ours: the source documents predate them).
 */

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`;
const images = (count: number) => `${count} ${count === 1 ? 'image' : 'images'}`;

export const downloadCopy = {
  // Starting one
  downloadAll: 'Download all',
  downloadAllLabel: (count: number) => `Download all ${images(count)} as a ZIP`,
  downloadSelected: (count: number) => (count === 0 ? 'Download' : `Download ${count}`),
  downloadSelectedLabel: (generations: number, imageCount: number) =>
    `Download ${generations} ${generations === 1 ? 'generation' : 'generations'} (${images(imageCount)}) as a ZIP`,
  busy: 'Another download is still running.',
  zipDescription: 'ZIP archive',
  pngDescription: 'PNG image',
  // Progress
  trayLabel: 'Download',
  opening: (fileName: string) => `Saving ${fileName}…`,
  progressLabel: (fileName: string) => `Downloading ${fileName}`,
  progressEntries: (entries: number, expected: number) => `${entries} of ${images(expected)}`,
  progressBytes: (received: number, total: number | null) => (total ? `${megabytes(received)} of ${megabytes(total)}` : megabytes(received)),
  toFile: 'Writing straight to the file you chose.',
  toMemory: 'Saved when complete.',
  saved: (fileName: string) => `Saved ${fileName}`,
  failed: 'The download could not be made. Please try again.',
  cancel: 'Cancel download',
  dismiss: 'Dismiss',
  // The dashboard's selection
  selectToDownload: 'Select to download',
  selectionHint: 'Choose the generations to download.',
  selected: (generations: number, imageCount: number) =>
    `${generations} ${generations === 1 ? 'generation' : 'generations'} selected (${images(imageCount)})`,
  selectionFull: (max: number) => `A download holds at most ${max} generations.`,
  selectGeneration: (prompt: string) => `Select for download: ${prompt}`,
  clearSelection: 'Clear',
  doneSelecting: 'Done',
  // One image
  jpeg: 'JPEG',
  png: 'PNG (lossless)',
  downloadPng: 'Download PNG (lossless)',
  pngFailed: 'The lossless PNG could not be downloaded. Please try again.',
} as const;
