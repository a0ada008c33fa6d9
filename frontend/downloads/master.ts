import { requestMaster } from './api';
import { downloadCopy } from './copy';
import { startDownload } from './start';

/** One of the caller's images, by its generation and its place in it. */
export interface MasterAddress {
  generationId: string;
  imageIndex: number;
}

/** `generation-{id}-{n}.png`, beside the JPEG's `generation-{id}-{n}.jpg` (docs/decisions/0014). */
function masterFileName(address: MasterAddress): string {
  return `generation-${address.generationId}-${address.imageIndex + 1}.png`;
}

/**
 * Saves the image's lossless PNG master (paid plans; the Worker answers 404 otherwise) through the
 * download tray: a 4K master is tens of megabytes, so it streams to disk where it can.
 */
export function downloadMaster(address: MasterAddress): void {
  startDownload({
    file: { name: masterFileName(address), mimeType: 'image/png', extension: '.png', description: downloadCopy.pngDescription },
    expectedEntries: null,
    request: (signal) => requestMaster(address.generationId, address.imageIndex, signal),
  });
}
