import type { ApiUser } from '#shared/api-types';
import { creditMessages } from '#shared/messages/credits';
import { navMessages } from './copy';
import { loginPathWithRedirect, paths, studioPathFor } from '../app/routing';
import type { AuthStatus } from '../auth/store';
import type { CurrentSpace } from '../workspaces/current-space';

export interface NavEntry {
  href: string;
  label: string;
  disabled: boolean;
}

/** What pays in a space, and the plan that decides what it may make. */
export type Balance = Pick<ApiUser, 'credits' | 'plan'>;

/** The current space's balance: the user's own, or the workspace's pool; null while the workspace is being read. */
export function spaceBalance(user: ApiUser, space: CurrentSpace): Balance | null {
  return space.workspaceId === null ? user : space.workspace;
}

/** The rail's generate entry: its target, label and tooltip for every plan, credit and loading state of the current space. */
export function generateEntry(status: AuthStatus, user: ApiUser | null, space: CurrentSpace = { workspaceId: null, workspace: null }): NavEntry {
  const balance = user && spaceBalance(user, space);
  if (status === 'loading' || (user && !balance)) return { href: paths.generate, label: navMessages.loading, disabled: true };
  if (!balance) return { href: loginPathWithRedirect(paths.generate), label: navMessages.signInToUse, disabled: false };
  const href = studioPathFor(balance.plan);
  if (balance.plan === 'enterprise') return { href, label: navMessages.planLabel.enterprise, disabled: false };
  if (balance.credits <= 0) return { href, label: navMessages.noCreditLeft, disabled: false };
  return { href, label: navMessages.planLabel[balance.plan], disabled: false };
}

export function dashboardEntry(user: ApiUser | null): NavEntry {
  return user
    ? { href: paths.dashboard, label: navMessages.dashboard, disabled: false }
    : { href: loginPathWithRedirect(paths.dashboard), label: navMessages.signInForDashboardTooltip, disabled: false };
}

/** The mobile account label: the part of the email before the at sign, or 'Account'. */
export function accountLabel(user: ApiUser | null): string {
  return user?.email.split('@')[0] || navMessages.account;
}

/** The balance line of the account menu: the count, or 'Unlimited credits' for enterprise. */
export function creditSummary(balance: Balance): string {
  if (balance.plan === 'enterprise') return creditMessages.unlimitedCredits;
  return `${balance.credits} ${balance.credits === 1 ? 'credit' : 'credits'} left`;
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
