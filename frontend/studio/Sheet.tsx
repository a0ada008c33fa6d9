import type { ReactNode } from 'react';
import { Modal } from '../ui/Modal';
import { studioLabels } from './labels';
import { Icon, closeIcon } from '../ui/icons';

/** A pop-up sheet from the bottom of a phone screen, on the shared modal (focus trap, Escape). */
export function Sheet({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Modal open={open} onClose={onClose} label={title} className="studio-sheet">
      <div className="studio-sheet-head">
        <h2>{title}</h2>
        <button type="button" className="studio-icon-button" aria-label={studioLabels.dismiss} onClick={onClose}>
          <Icon path={closeIcon} size={18} />
        </button>
      </div>
      <div className="studio-sheet-body">{children}</div>
    </Modal>
  );
}
