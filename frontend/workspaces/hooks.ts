/**
 * The current space as screens ask for it: whose cache their lists are kept under, the balance and
 * plan that pay, and what the user's role lets them do (hidden or disabled otherwise, with
 * shared/workspace-rules.ts's `can`).
 */
import type { WorkspaceAction, WorkspaceRole } from '#shared/workspace-rules';
import { useAuth } from '../auth/store';
import { spaceBalance, type Balance } from '../shell/nav-model';
import { spaceStore, useSpace, type CurrentSpace } from './current-space';
import { spaceAllows, spaceOwner, spaceRefusal } from './rules';

/** The owner part of the current space's cache keys ('' while signed out). */
export function useSpaceOwner(): string {
  const userId = useAuth((state) => state.user?.id);
  const workspaceId = useSpace((space) => space.workspaceId);
  return userId ? spaceOwner(userId, workspaceId) : '';
}

/** The same, outside a component. */
export function spaceOwnerNow(): string {
  const userId = useAuth.getState().user?.id;
  return userId ? spaceOwner(userId, spaceStore.getState().workspaceId) : '';
}

/**
 * The user's role in the current space: null in the personal space (everything allowed); a
 * workspace not yet read counts as a viewer's, so nothing its role may refuse shows before it is known.
 */
function roleIn(space: CurrentSpace): WorkspaceRole | null {
  if (space.workspaceId === null) return null;
  return space.workspace?.role ?? 'viewer';
}

export function useSpaceRole(): WorkspaceRole | null {
  return useSpace(roleIn);
}

/** The same, outside a component. */
export function spaceRoleNow(): WorkspaceRole | null {
  return roleIn(spaceStore.getState());
}

export function useSpaceCan(action: WorkspaceAction): boolean {
  return spaceAllows(useSpaceRole(), action);
}

/** Why the user may not do `action` here; null when they may. */
export function useSpaceRefusal(action: WorkspaceAction): string | null {
  return spaceRefusal(useSpaceRole(), action);
}

/** The balance and plan that pay in the current space; null while signed out or while the workspace is being read. */
export function useSpaceBalance(): Balance | null {
  const user = useAuth((state) => state.user);
  const space = useSpace((current) => current);
  return user && spaceBalance(user, space);
}

/** The same, outside a component. */
export function spaceBalanceNow(): Balance | null {
  const user = useAuth.getState().user;
  return user && spaceBalance(user, spaceStore.getState());
}

/** The plan of the current space (what decides 4K, masters and watermarks); undefined while unknown. */
export function useSpacePlan(): Balance['plan'] | undefined {
  return useSpaceBalance()?.plan;
}
