import type { ApiUser } from '#shared/api-types';
import type { Balance } from '../workspaces/session-space';
import { navMessages } from './copy';
import { loginPathWithRedirect, paths, studioPathFor } from '../app/routing';
import type { AuthStatus } from '../auth/store';

export interface NavEntry {
  href: string;
  label: string;
  disabled: boolean;
}

/**
 * The rail's generate entry: its target, label and tooltip for every plan, credit and loading
 * state of the current space's balance (the user's own, or a workspace's pool). Signed in, it waits
 * for that balance as it waits for the session.
 */
export function generateEntry(status: AuthStatus, balance: Balance | null): NavEntry {
  if (!balance) {
    return status === 'signedOut'
      ? { href: loginPathWithRedirect(paths.generate), label: navMessages.signInToUse, disabled: false }
      : { href: paths.generate, label: navMessages.loading, disabled: true };
  }
  const href = studioPathFor(balance.plan);
  if (balance.plan === 'enterprise') return { href, label: navMessages.planLabel.enterprise, disabled: false };
  if (balance.credits <= 0) return { href, label: navMessages.noCreditLeft, disabled: false };
  return { href, label: navMessages.planLabel[balance.plan], disabled: false };
}

export function dashboardEntry(status: AuthStatus): NavEntry {
  return status === 'signedIn'
    ? { href: paths.dashboard, label: navMessages.dashboard, disabled: false }
    : { href: loginPathWithRedirect(paths.dashboard), label: navMessages.signInForDashboardTooltip, disabled: false };
}

/** The mobile account label: the part of the email before the at sign, or 'Account'. */
export function accountLabel(user: ApiUser | null): string {
  return user?.email.split('@')[0] || navMessages.account;
}

export interface SkipLink {
  targetId: string;
  label: string;
}

/** Where the skip link goes: the prompt on a studio screen (its work starts there), else the content. */
export function skipLinkFor(location: string): SkipLink {
  const studio: string[] = [paths.home, paths.startFree, paths.generate];
  return studio.includes(location)
    ? { targetId: 'studio-prompt', label: navMessages.skipToPrompt }
    : { targetId: 'main', label: navMessages.skipToContent };
}
