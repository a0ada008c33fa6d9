/** The rail's links and account menu, shared by the wide rail (NavRail) and the phone's panel (MobilePanel). */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { accountMessages } from '#shared/messages/account';
import { navMessages } from './copy';
import { paths } from '../app/routing';
import { useAuth } from '../auth/store';
import { Icon, aboutIcon, accountIcon, dashboardIcon, galleryIcon, generateIcon, pricingIcon } from '../ui/icons';
import { accountLabel, creditSummary, dashboardEntry, generateEntry, type NavEntry } from './nav-model';

export interface RailLink extends NavEntry {
  /** Its icon's drawing (ui/icons.tsx); also the link's key. */
  icon: string;
  /** The paths that mark the link active. */
  match: string[];
}

export function useRailLinks(): RailLink[] {
  const { status, user } = useAuth();
  const generate = generateEntry(status, user);
  const dashboard = dashboardEntry(user);
  return [
    { href: paths.pricing, label: navMessages.pricing, disabled: false, icon: pricingIcon, match: [paths.pricing] },
    { href: paths.gallery, label: navMessages.gallery, disabled: false, icon: galleryIcon, match: [paths.gallery] },
    { href: paths.about, label: navMessages.about, disabled: false, icon: aboutIcon, match: [paths.about] },
    { ...generate, icon: generateIcon, match: [paths.generate, paths.startFree, paths.home] },
    { ...dashboard, icon: dashboardIcon, match: [paths.dashboard] },
  ];
}

export function RailItem({ link, active, showLabel, onNavigate }: {
  link: RailLink;
  active: boolean;
  showLabel: boolean;
  onNavigate?: () => void;
}) {
  const className = `rail-link${active ? ' is-active' : ''}`;
  const tooltip = showLabel ? undefined : link.label;
  const content = (
    <>
      <Icon path={link.icon} />
      <span className={showLabel ? 'rail-label' : 'visually-hidden'}>{link.label}</span>
    </>
  );
  if (link.disabled) {
    // Focusable so keyboard users meet it and hear why it cannot be used yet.
    return (
      <span className={`${className} is-disabled`} role="link" aria-disabled="true" tabIndex={0} data-tooltip={tooltip}>
        {content}
      </span>
    );
  }
  return (
    <Link
      href={link.href}
      className={className}
      aria-current={active ? 'page' : undefined}
      data-tooltip={tooltip}
      onClick={onNavigate}
    >
      {content}
    </Link>
  );
}

/** Arrow keys walk the menu's items, wrapping around (the ARIA menu pattern). */
function moveMenuFocus(menu: HTMLElement | null, step: 1 | -1): void {
  const items = [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const current = items.findIndex((item) => item === document.activeElement);
  items.at((current + step + items.length) % items.length)?.focus();
}

/**
 * The account menu: the email (and balance) above its menu — Credits and Sign Out, or Login / Sign Up.
 * Opening moves focus to the item; Escape or an outside click closes it, and focus returns.
 */
export function AccountMenu({ inPanel }: { inPanel: boolean }) {
  const { status, user, logOut } = useAuth();
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemsRef = useRef<HTMLDivElement>(null);
  const popoverId = useId();

  useEffect(() => {
    if (!open) return;
    itemsRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setOpen(false);
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
      setOpen(false);
      buttonRef.current?.focus();
    };
    const menu = menuRef.current;
    document.addEventListener('mousedown', onPointer);
    menu?.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      menu?.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const signOut = async () => {
    setOpen(false);
    await logOut();
    navigate(paths.landing);
  };

  return (
    <div className="account-menu" ref={menuRef}>
      <button
        ref={buttonRef}
        type="button"
        className="rail-link"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={popoverId}
        aria-label={inPanel ? undefined : `${navMessages.account}: ${user?.email ?? 'signed out'}`}
        data-tooltip={inPanel ? undefined : (user?.email ?? navMessages.account)}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon path={accountIcon} />
        {inPanel && <span className="rail-label">{accountLabel(user)}</span>}
      </button>
      <div id={popoverId} className="account-popover" hidden={!open}>
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
              <Link href={paths.credits} role="menuitem" className="menu-item" onClick={() => setOpen(false)}>
                {navMessages.credits}
              </Link>
              <button type="button" role="menuitem" className="menu-item" onClick={() => void signOut()}>
                {accountMessages.signOut}
              </button>
            </>
          ) : (
            <Link href={paths.login} role="menuitem" className="menu-item" onClick={() => setOpen(false)}>
              {accountMessages.loginOrSignUp}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
