import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { authMessages, navMessages } from '../../worker/domain/messages';
import { paths } from '../routing';
import { useAuth } from '../stores/auth';
import { Icon, type IconName } from './icons';
import { accountLabel, dashboardEntry, generateEntry, type NavEntry } from './nav-model';

interface RailLink extends NavEntry {
  icon: IconName;
  /** The path that marks the link active. */
  match: string[];
}

function useRailLinks(): RailLink[] {
  const { status, user } = useAuth();
  const generate = generateEntry(status, user);
  const dashboard = dashboardEntry(user);
  return [
    { href: paths.pricing, label: navMessages.pricing, disabled: false, icon: 'pricing', match: [paths.pricing] },
    { href: paths.gallery, label: 'Gallery', disabled: false, icon: 'gallery', match: [paths.gallery] },
    { href: paths.about, label: 'Learn about Parti', disabled: false, icon: 'about', match: [paths.about] },
    { ...generate, icon: 'generate', match: [paths.generate, paths.startFree, paths.home] },
    { ...dashboard, icon: 'dashboard', match: [paths.dashboard] },
  ];
}

function RailItem({ link, active, showLabel, onNavigate }: {
  link: RailLink;
  active: boolean;
  showLabel: boolean;
  onNavigate?: () => void;
}) {
  const className = `rail-link${active ? ' is-active' : ''}`;
  if (link.disabled) {
    return (
      <span className={`${className} is-disabled`} aria-disabled="true" role="link" data-tooltip={link.label}>
        <Icon name={link.icon} />
        <span className={showLabel ? 'rail-label' : 'visually-hidden'}>{link.label}</span>
      </span>
    );
  }
  return (
    <Link
      href={link.href}
      className={className}
      aria-current={active ? 'page' : undefined}
      data-tooltip={showLabel ? undefined : link.label}
      onClick={onNavigate}
    >
      <Icon name={link.icon} />
      <span className={showLabel ? 'rail-label' : 'visually-hidden'}>{link.label}</span>
    </Link>
  );
}

function AccountMenu({ showLabel }: { showLabel: boolean }) {
  const { status, user, logOut } = useAuth();
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menuRef.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
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
        type="button"
        className="rail-link"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={showLabel ? undefined : `Account: ${user?.email ?? 'signed out'}`}
        data-tooltip={showLabel ? undefined : (user?.email ?? navMessages.account)}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="account" />
        {showLabel && <span className="rail-label">{accountLabel(user)}</span>}
      </button>
      {open && (
        <div className="account-popover" role="menu">
          {user && <p className="account-email">{user.email}</p>}
          {status === 'signedIn' ? (
            <button type="button" role="menuitem" className="menu-item" onClick={() => void signOut()}>
              {authMessages.signOut}
            </button>
          ) : (
            <Link href={paths.login} role="menuitem" className="menu-item" onClick={() => setOpen(false)}>
              {authMessages.loginOrSignUp}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}

/** The fixed icon rail on wide screens; a slide-in labelled panel on small ones. */
export function NavRail() {
  const links = useRailLinks();
  const [location] = useLocation();
  const [panelOpen, setPanelOpen] = useState(false);
  const isActive = (link: RailLink) => link.match.includes(location);

  useEffect(() => setPanelOpen(false), [location]);

  return (
    <>
      <nav className="rail" aria-label="Main">
        <Link href={paths.landing} className="rail-logo" aria-label="Parti home">
          <img src="/favicon.svg" alt="" width={32} height={32} />
        </Link>
        <div className="rail-links">
          {links.map((link) => (
            <RailItem key={link.icon} link={link} active={isActive(link)} showLabel={false} />
          ))}
        </div>
        <AccountMenu showLabel={false} />
      </nav>
      <header className="mobile-bar">
        <Link href={paths.landing} className="mobile-brand">
          Parti
        </Link>
        <button type="button" className="icon-button" aria-label="Open menu" aria-expanded={panelOpen} onClick={() => setPanelOpen(true)}>
          <Icon name="menu" />
        </button>
      </header>
      {panelOpen && (
        <div className="panel-backdrop" onClick={() => setPanelOpen(false)}>
          <nav className="mobile-panel" aria-label="Main" onClick={(event) => event.stopPropagation()}>
            <button type="button" className="icon-button panel-close" aria-label="Close menu" onClick={() => setPanelOpen(false)}>
              <Icon name="close" />
            </button>
            {links.map((link) => (
              <RailItem key={link.icon} link={link} active={isActive(link)} showLabel onNavigate={() => setPanelOpen(false)} />
            ))}
            <AccountMenu showLabel />
          </nav>
        </div>
      )}
    </>
  );
}
