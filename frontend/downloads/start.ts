import { errorMessage } from '../api/client';
import { NOTICE_DURATION_MS } from '../ui/timings';
import { useNotices } from '../shell/notices';
import { downloadCopy } from './copy';
import { updateDownload, useDownloads } from './store';
import { runDownload, type StreamedDownload } from './stream-download';

/** The tray joins the shell's notices with the first download; its code and CSS load then. */
function showTray(): void {
  if (useNotices.getState().tray) return;
  void import('./DownloadTray').then(
    ({ DownloadTray }) => useNotices.setState({ tray: DownloadTray }),
    (error: unknown) => console.error('the download tray did not load', error),
  );
}

/** Starts a download unless one is running; call it from the click, so the file picker may open. */
export function startDownload(download: StreamedDownload): void {
  if (useDownloads.getState().controller) return;
  const controller = new AbortController();
  useDownloads.setState({ controller, current: { fileName: download.file.name, status: 'opening', progress: null, target: null, error: null } });
  showTray();
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
