import { useEffect } from 'react';
import type { StudioBatch, StudioImage } from '../../stores/studio';
import { Modal } from '../Modal';
import { downloadImage } from './download';
import { useCopyFeedback } from './hooks';
import { studioLabels } from './labels';
import { Icon } from '../icons';

/** The viewer's copy feedback lasts 2 s (001 §9). */
const VIEWER_COPY_FEEDBACK_MS = 2000;

/** Index after a step of ±1, wrapping at both ends. */
export function wrapIndex(index: number, step: number, length: number): number {
  return length === 0 ? 0 : (index + step + length) % length;
}

interface ViewerProps {
  images: StudioImage[];
  batches: StudioBatch[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/** Fullscreen: previous and next wrap, arrow keys move, Escape and the close control close. */
export function Viewer({ images, batches, index, onIndex, onClose }: ViewerProps) {
  const open = index !== null && images.length > 0;
  const current = open ? images[Math.min(index, images.length - 1)] : null;
  const prompt = current ? (batches.find((batch) => batch.id === current.batchId)?.prompt ?? '') : '';
  const [copied, copy] = useCopyFeedback(VIEWER_COPY_FEEDBACK_MS);

  useEffect(() => {
    if (!open || index === null) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') onIndex(wrapIndex(index, -1, images.length));
      if (event.key === 'ArrowRight') onIndex(wrapIndex(index, 1, images.length));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, index, images.length, onIndex]);

  if (!current || index === null) return null;
  return (
    <Modal open={open} onClose={onClose} label={studioLabels.viewer} className="studio-viewer">
      <div className="studio-viewer-frame">
        <img key={current.id} src={current.url} alt={prompt} className="studio-viewer-image" />
        <p className="studio-viewer-counter" aria-live="polite">
          {studioLabels.counter(index + 1, images.length)}
        </p>
        <div className="studio-viewer-bar">
          <p className="studio-viewer-prompt">{prompt}</p>
          <button type="button" className="studio-icon-button" aria-label={copied ? studioLabels.copied : studioLabels.copyPrompt} onClick={() => copy(prompt)}>
            <Icon name={copied ? 'check' : 'copy'} size={18} />
          </button>
          <button type="button" className="studio-icon-button" aria-label={studioLabels.download} onClick={() => void downloadImage(current.url, current.id)}>
            <Icon name="download" size={18} />
          </button>
        </div>
        <button type="button" className="studio-viewer-nav studio-viewer-prev" aria-label={studioLabels.previous} onClick={() => onIndex(wrapIndex(index, -1, images.length))}>
          <Icon name="left" size={28} />
        </button>
        <button type="button" className="studio-viewer-nav studio-viewer-next" aria-label={studioLabels.next} onClick={() => onIndex(wrapIndex(index, 1, images.length))}>
          <Icon name="right" size={28} />
        </button>
        <button type="button" className="studio-viewer-close" aria-label={studioLabels.close} onClick={onClose}>
          <Icon name="close" size={24} />
        </button>
      </div>
    </Modal>
  );
}
