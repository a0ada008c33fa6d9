import { Icon } from '../ui/icons';
import { downloadIcon } from '../ui/card-icons';
import { downloadCopy } from './copy';
import { startDownload } from './start';
import { isDownloading, useDownloads } from './store';
import type { StreamedDownload } from './stream-download';

interface DownloadAllButtonProps {
  /** Built on press: the project's or the review link's ZIP. */
  download: () => StreamedDownload;
  imageCount: number;
  className: string;
}

/** "Download all": one ZIP of every image, its progress in the shell's tray; waits while another download runs. */
export function DownloadAllButton({ download, imageCount, className }: DownloadAllButtonProps) {
  const busy = useDownloads(isDownloading);
  const empty = imageCount === 0;
  return (
    <button type="button" className={className} aria-label={downloadCopy.downloadAllLabel(imageCount)}
      aria-disabled={busy || empty} title={busy ? downloadCopy.busy : downloadCopy.downloadAllLabel(imageCount)}
      onClick={() => {
        if (!busy && !empty) startDownload(download());
      }}>
      <Icon size={18} path={downloadIcon} />
      {downloadCopy.downloadAll}
    </button>
  );
}
