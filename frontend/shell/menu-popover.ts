/**
 * How a rail menu's open popover behaves (the account's, the space switcher's): opening moves focus
 * to the first item; arrow keys walk the items, wrapping around (the ARIA menu pattern); Escape or
 * an outside click closes it, Escape returning focus to its button.
 */
import { useEffect, type RefObject } from 'react';

/** What a rail menu's open popover is given (shell/rail-items.tsx RailMenu). */
export interface RailPopoverProps {
  id: string;
  /** The menu's whole box, button included: a click inside it is not an outside click. */
  menuRef: RefObject<HTMLDivElement | null>;
  /** Stable across renders: the listeners are added once while the menu is open. */
  onClose: (returnFocus: boolean) => void;
}

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemradio"]';

/** Arrow keys walk the menu's items, wrapping around. */
function moveMenuFocus(menu: HTMLElement | null, step: 1 | -1): void {
  const items = [...(menu?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])];
  const current = items.findIndex((item) => item === document.activeElement);
  items.at((current + step + items.length) % items.length)?.focus();
}

export function useMenuPopover(
  /** The menu's whole box, button included: a click inside it is not an outside click. */
  menuRef: RefObject<HTMLDivElement | null>,
  itemsRef: RefObject<HTMLElement | null>,
  /** Stable across renders: the listeners are added once while the menu is open. */
  onClose: (returnFocus: boolean) => void,
): void {
  useEffect(() => {
    itemsRef.current?.querySelector<HTMLElement>(ITEM_SELECTOR)?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) onClose(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        moveMenuFocus(itemsRef.current, event.key === 'ArrowDown' ? 1 : -1);
        return;
      }
      if (event.key !== 'Escape') return;
      // Inside the mobile panel the first Escape closes this menu, not the whole panel.
      event.preventDefault();
      event.stopPropagation();
      onClose(true);
    };
    const menu = menuRef.current;
    document.addEventListener('mousedown', onPointer);
    menu?.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      menu?.removeEventListener('keydown', onKey);
    };
  }, [menuRef, itemsRef, onClose]);
}
