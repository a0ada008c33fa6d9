import { PRODUCT_NAME } from '#shared/messages/brand';
import { Icon, closeIcon } from '../ui/icons';
import { Modal } from '../ui/Modal';
import { AccountMenu, RailItem, SpaceMenu, type RailLink } from './rail-items';

/** The slide-in labelled panel of small screens: a modal dialog, so focus stays inside and returns after. */
export function MobilePanel({ onClose, links, isActive }: {
  onClose: () => void;
  links: RailLink[];
  isActive: (link: RailLink) => boolean;
}) {
  return (
    <Modal open onClose={onClose} label="Menu" className="mobile-panel">
      <div className="mobile-panel-body">
        <div className="mobile-panel-head">
          <span className="mobile-panel-title">{PRODUCT_NAME}</span>
          <button type="button" className="icon-button" aria-label="Close menu" onClick={onClose}>
            <Icon path={closeIcon} />
          </button>
        </div>
        <nav aria-label="Main">
          {links.map((link) => (
            <RailItem key={link.icon} link={link} active={isActive(link)} showLabel onNavigate={onClose} />
          ))}
        </nav>
        <SpaceMenu inPanel />
        <AccountMenu inPanel />
      </div>
    </Modal>
  );
}
