import { useState, type ReactNode } from 'react';
import { galleryUiMessages } from './copy';
import { Icon, closeIcon } from '../ui/icons';
import { moreIcon } from '../ui/card-icons';

/**
 * Touch screens get one calm button per card instead of every action over every tile: it shows
 * and hides the card's actions (docs/decisions/0050-touch-and-layout.md). Mouse users never see
 * it; their actions appear on hover and focus as before. CSS decides by (hover: none).
 */
export function useCardActions(): { open: boolean; more: ReactNode } {
  const [open, setOpen] = useState(false);
  const more = (
    <button
      type="button"
      className="card-more"
      aria-expanded={open}
      aria-label={open ? galleryUiMessages.hideActions : galleryUiMessages.showActions}
      onClick={() => setOpen(!open)}
    >
      <Icon size={22} path={open ? closeIcon : moreIcon} />
    </button>
  );
  return { open, more };
}
