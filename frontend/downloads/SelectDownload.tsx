import { useEffect } from 'react';
import { DOWNLOAD_MAX_GENERATIONS } from '#shared/print';
import { cardAspect } from '../gallery/CardImages';
import type { CardImage } from '#shared/gallery-types';
import { Icon } from '../ui/icons';
import { checkIcon, downloadIcon, selectIcon } from '../ui/card-icons';
import { downloadCopy } from './copy';
import { selectionDownload } from './requests';
import { selectedImageCount, useDownloadSelection } from './selection';
import { startDownload } from './start';
import { isDownloading, useDownloads } from './store';
// The compare picking's look (its toggle and tray), then this selection's own.
import '../compare/entry.css';
import './selection.css';

/** The dashboard header's switch into choosing generations to download; `onStart` ends any other picking. */
export function SelectToggle({ onStart }: { onStart?: () => void }) {
  const selecting = useDownloadSelection((state) => state.selected !== null);
  const start = useDownloadSelection((state) => state.start);
  const stop = useDownloadSelection((state) => state.stop);
  // Leaving the dashboard ends the selecting.
  useEffect(() => stop, [stop]);
  return (
    <button type="button" className="compare-entry compare-pick-toggle download-select-toggle" aria-pressed={selecting}
      onClick={() => {
        if (selecting) return stop();
        onStart?.();
        start();
      }}>
      <Icon path={downloadIcon} size={18} />
      {downloadCopy.selectToDownload}
    </button>
  );
}

/** While selecting, a layer over a card's images: a press selects or unselects the whole generation. */
export function SelectOverlay({ generationId, images, prompt }: { generationId: string; images: CardImage[]; prompt: string }) {
  const selected = useDownloadSelection((state) => state.selected);
  const toggle = useDownloadSelection((state) => state.toggle);
  if (!selected) return null;
  const chosen = selected.some((entry) => entry.id === generationId);
  return (
    <button type="button" className={`download-select${chosen ? ' is-selected' : ''}`} aria-pressed={chosen}
      aria-label={downloadCopy.selectGeneration(prompt)} style={{ aspectRatio: String(cardAspect(images.slice(0, 4))) }}
      onClick={() => toggle({ id: generationId, imageCount: images.length })}>
      <span className="download-select-mark" aria-hidden="true"><Icon path={chosen ? checkIcon : selectIcon} size={18} /></span>
    </button>
  );
}

/** While selecting: how many are chosen, Download (n) as one ZIP, Clear and Done. */
export function SelectionTray() {
  const selected = useDownloadSelection((state) => state.selected);
  const full = useDownloadSelection((state) => state.full);
  const clear = useDownloadSelection((state) => state.clear);
  const stop = useDownloadSelection((state) => state.stop);
  const busy = useDownloads(isDownloading);
  if (!selected) return null;
  const images = selectedImageCount(selected);
  const ready = selected.length > 0 && !busy;
  return (
    <div className="compare-tray download-tray-bar" role="region" aria-label={downloadCopy.selectToDownload}>
      <p className="compare-tray-count" aria-live="polite">
        {full ? downloadCopy.selectionFull(DOWNLOAD_MAX_GENERATIONS) : selected.length === 0 ? downloadCopy.selectionHint : downloadCopy.selected(selected.length, images)}
      </p>
      <button type="button" className="compare-entry compare-entry--primary" aria-disabled={!ready}
        aria-label={selected.length > 0 ? downloadCopy.downloadSelectedLabel(selected.length, images) : undefined}
        title={busy ? downloadCopy.busy : undefined}
        onClick={() => {
          if (!ready) return;
          startDownload(selectionDownload(selected.map((entry) => entry.id), images, new Date()));
          stop();
        }}>
        <Icon path={downloadIcon} size={18} />
        {downloadCopy.downloadSelected(selected.length)}
      </button>
      {selected.length > 0 && <button type="button" className="compare-tray-cancel" onClick={clear}>{downloadCopy.clearSelection}</button>}
      <button type="button" className="compare-tray-cancel" onClick={stop}>{downloadCopy.doneSelecting}</button>
    </div>
  );
}
