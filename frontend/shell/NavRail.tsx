import { Suspense, lazy, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { PRODUCT_NAME } from '#shared/messages/brand';
import { paths } from '../app/routing';
import { Icon, menuIcon } from '../ui/icons';
import { LOGO_SMALL } from '../ui/logos';
import { skipLinkFor } from './nav-model';
import { AccountMenu, RailItem, SpaceMenu, useRailLinks, type RailLink } from './rail-items';
import './nav.css';

/**
 * The fixed icon rail on wide screens; a slide-in labelled panel on small ones
 * (docs/decisions/0034-routes-navigation-landing.md).
 */
/** The panel's code comes when it is first opened (or the menu button is pressed): only phones use it. */
const loadMobilePanel = () => import('./MobilePanel');
const MobilePanel = lazy(() => loadMobilePanel().then((module) => ({ default: module.MobilePanel })));

export function NavRail() {
  const links = useRailLinks();
  const [location] = useLocation();
  const [panelOpen, setPanelOpen] = useState(false);
  const isActive = (link: RailLink) => link.match.includes(location);
  const skip = skipLinkFor(location);
  // Moving to another page closes the panel.
  const [panelLocation, setPanelLocation] = useState(location);
  if (location !== panelLocation) {
    setPanelLocation(location);
    setPanelOpen(false);
  }

  return (
    <>
      <a
        className="skip-link"
        href={`#${skip.targetId}`}
        onClick={(event) => {
          // Following a fragment only moves the caret start; the target should take the focus.
          const target = document.getElementById(skip.targetId);
          if (!target) return;
          event.preventDefault();
          if (!target.matches('textarea, input, button, a[href], [tabindex]')) target.setAttribute('tabindex', '-1');
          target.focus();
        }}
      >
        {skip.label}
      </a>
      <nav className="rail" aria-label="Main">
        <Link href={paths.landing} className="rail-logo" aria-label={`${PRODUCT_NAME} home`}>
          <img src={LOGO_SMALL} alt="" width={36} height={36} />
        </Link>
        <div className="rail-links">
          {links.map((link) => (
            <RailItem key={link.icon} link={link} active={isActive(link)} showLabel={false} />
          ))}
        </div>
        <SpaceMenu inPanel={false} />
        <AccountMenu inPanel={false} />
      </nav>
      <header className="mobile-bar">
        <Link href={paths.landing} className="mobile-brand" aria-label={`${PRODUCT_NAME} home`}>
          <img src={LOGO_SMALL} alt="" width={28} height={28} />
          <span aria-hidden="true">{PRODUCT_NAME}</span>
        </Link>
        <button
          type="button"
          className="icon-button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={panelOpen}
          onPointerDown={() => void loadMobilePanel()}
          onClick={() => setPanelOpen(true)}
        >
          <Icon path={menuIcon} />
        </button>
      </header>
      {panelOpen && (
        <Suspense fallback={null}>
          <MobilePanel onClose={() => setPanelOpen(false)} links={links} isActive={isActive} />
        </Suspense>
      )}
    </>
  );
}

