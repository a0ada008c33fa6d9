import { Icon, closeIcon } from '../ui/icons';
import { downloadIcon } from '../ui/card-icons';
import { downloadCopy } from './copy';
import { progressFraction, type DownloadProgress } from './progress';
import { cancelDownload, dismissDownload, useDownloads, type CurrentDownload } from './store';
import './downloads.css';

/** "12 of 40 images · 35 MB of 120 MB": the images a ZIP has delivered, then the bytes. */
function progressText(progress: DownloadProgress): string {
  const bytes = downloadCopy.progressBytes(progress.received, progress.total);
  if (progress.expectedEntries === null) return bytes;
  return `${downloadCopy.progressEntries(progress.entries, progress.expectedEntries)} · ${bytes}`;
}

function statusText(download: CurrentDownload): string {
  switch (download.status) {
    case 'opening':
      return downloadCopy.opening(download.fileName);
    case 'working':
      return download.progress ? progressText(download.progress) : downloadCopy.opening(download.fileName);
    case 'saved':
      return downloadCopy.saved(download.fileName);
    case 'failed':
      return download.error ?? downloadCopy.failed;
  }
}

/**
 * The download under way, wherever the user is: a progress bar (bytes against the length, or the
 * images counted, or indeterminate), where the bytes go, and Cancel; once it ends, what happened.
 */
export function DownloadTray() {
  const current = useDownloads((state) => state.current);
  if (!current) return null;
  const running = current.status === 'opening' || current.status === 'working';
  const fraction = current.progress && current.status !== 'failed' ? progressFraction(current.progress) : null;
  return (
    <section className={`download-tray is-${current.status}`} aria-label={downloadCopy.trayLabel}>
      <div className="download-tray__row">
        <Icon path={downloadIcon} size={18} />
        <p className="download-tray__name">{current.fileName}</p>
        {running ? (
          <button type="button" className="download-tray__button" aria-label={downloadCopy.cancel} title={downloadCopy.cancel} onClick={cancelDownload}>
            <Icon path={closeIcon} size={16} />
          </button>
        ) : (
          <button type="button" className="download-tray__button" aria-label={downloadCopy.dismiss} title={downloadCopy.dismiss} onClick={dismissDownload}>
            <Icon path={closeIcon} size={16} />
          </button>
        )}
      </div>
      {running && (
        // Without a value the bar is indeterminate: the browser animates it.
        <progress className="download-tray__bar" aria-label={downloadCopy.progressLabel(current.fileName)}
          max={1} value={fraction ?? undefined} />
      )}
      {/* Progress changes ten times a second: only the outcome is announced. */}
      {running && <p className="download-tray__status">{statusText(current)}</p>}
      <p className="download-tray__status" role={current.status === 'failed' ? 'alert' : 'status'}>{running ? '' : statusText(current)}</p>
      {current.status === 'working' && current.target && (
        <p className="download-tray__hint">{current.target === 'file' ? downloadCopy.toFile : downloadCopy.toMemory}</p>
      )}
    </section>
  );
}
