/** The rail's links and account menu, shared by the wide rail (NavRail) and the phone's panel (MobilePanel). */
import { lazy, Suspense, useCallback, useId, useRef, useState, type ComponentType } from 'react';
import { Link } from 'wouter';
import { navMessages } from './copy';
import { paths } from '../app/routing';
import { useAuth, useSessionProfile } from '../auth/store';
import { Icon, aboutIcon, accountIcon, dashboardIcon, galleryIcon, generateIcon, pricingIcon, spaceIcon } from '../ui/icons';
import { useSessionBalance, useSessionWorkspace } from '../workspaces/session-space';
import type { RailPopoverProps } from './menu-popover';
import { accountLabel, dashboardEntry, generateEntry, type NavEntry } from './nav-model';

export interface RailLink extends NavEntry {
  /** Its icon's drawing (ui/icons.tsx); also the link's key. */
  icon: string;
  /** The paths that mark the link active. */
  match: string[];
}

export function useRailLinks(): RailLink[] {
  const status = useAuth((state) => state.status);
  const generate = generateEntry(status, useSessionBalance() ?? null);
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

/**
 * A rail button that opens a menu whose code is its own chunk, fetched on hover or focus of the
 * button: every page has the button, few open it.
 */
function RailMenu({ inPanel, icon, name, label, Popover, preload }: {
  inPanel: boolean;
  icon: string;
  /** What the rail's icon-only button is called; the panel shows `label` instead. */
  name: string;
  /** The panel's visible label, and the rail's tooltip. */
  label: string;
  Popover: ComponentType<RailPopoverProps>;
  preload: () => void;
}) {
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
        aria-label={inPanel ? undefined : name}
        data-tooltip={inPanel ? undefined : label}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon path={icon} />
        {inPanel && <span className="rail-label">{label}</span>}
      </button>
      {open && (
        <Suspense fallback={null}>
          <Popover id={popoverId} menuRef={menuRef} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}

const AccountPopover = lazy(() => import('./AccountPopover').then((module) => ({ default: module.AccountPopover })));
const preloadAccount = () => void import('./AccountPopover');

/** The account menu: the email and the current space's balance above Credits and Sign Out, or Login / Sign Up. */
export function AccountMenu({ inPanel }: { inPanel: boolean }) {
  const user = useSessionProfile() ?? null;
  return (
    <RailMenu
      inPanel={inPanel}
      icon={accountIcon}
      name={`${navMessages.account}: ${user?.email ?? 'signed out'}`}
      label={inPanel ? accountLabel(user) : (user?.email ?? navMessages.account)}
      Popover={AccountPopover}
      preload={preloadAccount}
    />
  );
}

const SpacePopover = lazy(() => import('../workspaces/SpacePopover').then((module) => ({ default: module.SpacePopover })));
const preloadSpaces = () => void import('../workspaces/SpacePopover');

/** The space switcher, for a signed-in user: Personal and each of their workspaces (frontend/workspaces/). */
export function SpaceMenu({ inPanel }: { inPanel: boolean }) {
  const signedIn = useAuth((state) => state.status === 'signedIn');
  const workspace = useSessionWorkspace();
  if (!signedIn) return null;
  const name = workspace === null ? navMessages.personal : (workspace?.name ?? navMessages.loading);
  return <RailMenu inPanel={inPanel} icon={spaceIcon} name={`${navMessages.space}: ${name}`} label={name} Popover={SpacePopover} preload={preloadSpaces} />;
}
