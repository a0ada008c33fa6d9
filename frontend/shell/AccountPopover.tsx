/**
 * The account menu's open popover (rail-items.tsx AccountMenu): the email and the current space's
 * balance above Credits and Sign Out, or Login / Sign Up (its keys and focus: menu-popover.ts).
 */
import { useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { accountMessages } from '#shared/messages/account';
import { creditMessages } from '#shared/messages/credits';
import { paths } from '../app/routing';
import { useAuth, useSessionProfile } from '../auth/store';
import { useSessionBalance, type Balance } from '../workspaces/session-space';
import { navMessages } from './copy';
import { useMenuPopover, type RailPopoverProps } from './menu-popover';

/** The balance line: the count, or 'Unlimited credits' for enterprise. Only the open menu shows it, so it comes with the menu's chunk. */
function creditSummary(balance: Balance): string {
  if (balance.plan === 'enterprise') return creditMessages.unlimitedCredits;
  return `${balance.credits} ${balance.credits === 1 ? 'credit' : 'credits'} left`;
}

export function AccountPopover({ id, menuRef, onClose }: RailPopoverProps) {
  const { status, logOut } = useAuth();
  const user = useSessionProfile();
  // In a workspace, the balance that pays is its pool.
  const balance = useSessionBalance();
  const [, navigate] = useLocation();
  const itemsRef = useRef<HTMLDivElement>(null);
  useMenuPopover(menuRef, itemsRef, onClose);

  const signOut = async () => {
    onClose(false);
    await logOut();
    navigate(paths.landing);
  };

  return (
    <div id={id} className="account-popover">
      {user && <p className="account-email">{user.email}</p>}
      {user && balance && (
        <p className="account-credits" data-testid="account-credits">
          {creditSummary(balance)}
        </p>
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
