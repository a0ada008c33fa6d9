import { errorMessage } from '../api/client';
import { downloadCopy } from './copy';
import { updateDownload, useDownloads } from './store';
import { runDownload, type StreamedDownload } from './stream-download';

/** Starts a download unless one is running; call it from the click, so the file picker may open. */
export function startDownload(download: StreamedDownload): void {
  if (useDownloads.getState().controller) return;
  const controller = new AbortController();
  useDownloads.setState({ controller, current: { fileName: download.file.name, status: 'opening', progress: null, target: null, error: null } });
  void runDownload(download, {
    signal: controller.signal,
    onTarget: (target) => updateDownload({ target, status: 'working' }),
    onProgress: (progress) => updateDownload({ progress }),
  })
    .then((outcome) => {
      // A cancelled download leaves nothing behind to show.
      if (outcome === 'cancelled') useDownloads.setState({ current: null });
      else updateDownload({ status: 'saved' });
    })
    .catch((error: unknown) => {
      console.error('download failed', error);
      updateDownload({ status: 'failed', error: errorMessage(error, downloadCopy.failed) });
    })
    .finally(() => useDownloads.setState({ controller: null }));
}
