import { errorMessage } from '../api/client';
import { NOTICE_DURATION_MS } from '../ui/timings';
import { useNotices } from '../shell/notices';
import { downloadCopy } from './copy';
import { updateDownload, useDownloads } from './store';
import { runDownload, type StreamedDownload } from './stream-download';

/** Starts a download unless one is running; call it from the click, so the file picker may open. */
export function startDownload(download: StreamedDownload): void {
  if (useDownloads.getState().controller) return;
  const controller = new AbortController();
  useDownloads.setState({ controller, current: { fileName: download.file.name, status: 'opening', progress: null, target: null, error: null } });
  // The shell loads the tray that shows it (frontend/app/App.tsx).
  useNotices.setState({ downloadTray: true });
  void runDownload(download, {
    signal: controller.signal,
    onTarget: (target) => updateDownload({ target, status: 'working' }),
    onProgress: (progress) => updateDownload({ progress }),
  })
    .then((outcome) => {
      // A cancelled download leaves nothing behind to show.
      if (outcome === 'cancelled') return useDownloads.setState({ current: null });
      updateDownload({ status: 'saved' });
      // "Saved" goes as a notice does; a failure stays until it is dismissed.
      const saved = useDownloads.getState().current;
      setTimeout(() => {
        if (useDownloads.getState().current === saved) useDownloads.setState({ current: null });
      }, NOTICE_DURATION_MS);
    })
    .catch((error: unknown) => {
      console.error('download failed', error);
      updateDownload({ status: 'failed', error: errorMessage(error, downloadCopy.failed) });
    })
    .finally(() => useDownloads.setState({ controller: null }));
}
