/**
 * The account menu's open popover (rail-items.tsx AccountMenu): the email and balance above
 * Credits and Sign Out, or Login / Sign Up. Opening moves focus to the first item; arrow keys walk
 * the items (the ARIA menu pattern); Escape or an outside click closes it, Escape returning focus.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { Link, useLocation } from 'wouter';
import type { ApiUser } from '#shared/api-types';
import { accountMessages } from '#shared/messages/account';
import { creditMessages } from '#shared/messages/credits';
import { paths } from '../app/routing';
import { useAuth, useSessionProfile } from '../auth/store';
import { navMessages } from './copy';

/** The balance line: the count, or 'Unlimited credits' for enterprise. Only the open menu shows it, so it comes with the menu's chunk. */
function creditSummary(user: ApiUser): string {
  if (user.plan === 'enterprise') return creditMessages.unlimitedCredits;
  return `${user.credits} ${user.credits === 1 ? 'credit' : 'credits'} left`;
}

/** Arrow keys walk the menu's items, wrapping around. */
function moveMenuFocus(menu: HTMLElement | null, step: 1 | -1): void {
  const items = [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const current = items.findIndex((item) => item === document.activeElement);
  items.at((current + step + items.length) % items.length)?.focus();
}

export function AccountPopover({ id, menuRef, onClose }: {
  id: string;
  /** The menu's whole box, button included: a click inside it is not an outside click. */
  menuRef: RefObject<HTMLDivElement | null>;
  /** Stable across renders: the listeners are added once while the menu is open. */
  onClose: (returnFocus: boolean) => void;
}) {
  const { status, logOut } = useAuth();
  const user = useSessionProfile();
  const [, navigate] = useLocation();
  const itemsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    itemsRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
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
  }, [menuRef, onClose]);

  const signOut = async () => {
    onClose(false);
    await logOut();
    navigate(paths.landing);
  };

  return (
    <div id={id} className="account-popover">
      {user && (
        <>
          <p className="account-email">{user.email}</p>
          <p className="account-credits" data-testid="account-credits">
            {creditSummary(user)}
          </p>
        </>
      )}
      <div role="menu" aria-label={navMessages.account} ref={itemsRef}>
        {status === 'signedIn' ? (
          <>
            <Link href={paths.credits} role="menuitem" className="menu-item" onClick={() => onClose(false)}>
              {navMessages.credits}
            </Link>
            <button type="button" role="menuitem" className="menu-item" onClick={() => void signOut()}>
              {accountMessages.signOut}
            </button>
          </>
        ) : (
          <Link href={paths.login} role="menuitem" className="menu-item" onClick={() => onClose(false)}>
            {accountMessages.loginOrSignUp}
          </Link>
        )}
      </div>
    </div>
  );
}
