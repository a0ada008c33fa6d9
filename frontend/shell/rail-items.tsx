/** The rail's links and account menu, shared by the wide rail (NavRail) and the phone's panel (MobilePanel). */
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { navMessages } from './copy';
import { paths } from '../app/routing';
import { useAuth, useSessionProfile } from '../auth/store';
import { Icon, aboutIcon, accountIcon, dashboardIcon, galleryIcon, generateIcon, pricingIcon } from '../ui/icons';
import { accountLabel, dashboardEntry, generateEntry, type NavEntry } from './nav-model';

export interface RailLink extends NavEntry {
  /** Its icon's drawing (ui/icons.tsx); also the link's key. */
  icon: string;
  /** The paths that mark the link active. */
  match: string[];
}

export function useRailLinks(): RailLink[] {
  const status = useAuth((state) => state.status);
  const profile = useSessionProfile();
  const generate = generateEntry(status, profile ?? null);
  const dashboard = dashboardEntry(status);
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

const AccountPopover = lazy(() => import('./AccountPopover').then((module) => ({ default: module.AccountPopover })));
/** Fetches the menu's code before it is needed: on hover or focus of its button. */
const preloadPopover = () => void import('./AccountPopover');

/**
 * The account menu: the email (and balance) above its menu — Credits and Sign Out, or Login / Sign Up.
 * The open menu is its own chunk (AccountPopover.tsx): every page has the button, few open it.
 */
export function AccountMenu({ inPanel }: { inPanel: boolean }) {
  const user = useSessionProfile() ?? null;
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverId = useId();
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  return (
    <div className="account-menu" ref={menuRef}>
      <button
        ref={buttonRef}
        type="button"
        className="rail-link"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        aria-label={inPanel ? undefined : `${navMessages.account}: ${user?.email ?? 'signed out'}`}
        data-tooltip={inPanel ? undefined : (user?.email ?? navMessages.account)}
        onPointerEnter={preloadPopover}
        onFocus={preloadPopover}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon path={accountIcon} />
        {inPanel && <span className="rail-label">{accountLabel(user)}</span>}
      </button>
      {open && (
        <Suspense fallback={null}>
          <AccountPopover id={popoverId} menuRef={menuRef} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
