/**
 * The account menu's open popover (rail-items.tsx AccountMenu): the email and the current space's
 * balance above Credits and Sign Out, or Login / Sign Up (its keys and focus: menu-popover.ts).
 */
import { useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { accountMessages } from '#shared/messages/account';
import { paths } from '../app/routing';
import { useAuth } from '../auth/store';
import { useSpace } from '../workspaces/current-space';
import { navMessages } from './copy';
import { useMenuPopover, type RailPopoverProps } from './menu-popover';
import { creditSummary, spaceBalance } from './nav-model';

export function AccountPopover({ id, menuRef, onClose }: RailPopoverProps) {
  const { status, user, logOut } = useAuth();
  const space = useSpace((current) => current);
  const [, navigate] = useLocation();
  const itemsRef = useRef<HTMLDivElement>(null);
  useMenuPopover(menuRef, itemsRef, onClose);
  const balance = user && spaceBalance(user, space);

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
          {balance && (
            <p className="account-credits" data-testid="account-credits">
              {creditSummary(balance)}
            </p>
          )}
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
