import { useEffect, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** The accessible name of the dialog. */
  label: string;
  className?: string;
  /** Close when the backdrop (outside the content) is clicked. Default true. */
  closeOnBackdrop?: boolean;
  children: ReactNode;
}

/** Open modals: one may open over another (the mask editor over the viewer); the page stays locked until the last closes. */
let openModals = 0;

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page behind inert, closes
 * on Escape, and focus returns to the control that opened it. Page scroll is locked while open.
 */
export function Modal({ open, onClose, label, className, closeOnBackdrop = true, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      openModals += 1;
      document.documentElement.classList.add('scroll-locked');
      return () => {
        openModals -= 1;
        if (openModals === 0) document.documentElement.classList.remove('scroll-locked');
        if (dialog.open) dialog.close();
        opener?.focus();
      };
    }
    return undefined;
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-label={label}
      className={`modal ${className ?? ''}`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      {children}
    </dialog>
  );
}
