/**
 * The current space as screens that query ask for it: whose cache their lists are kept under, the
 * balance and plan that pay, and what the user's role lets them do (hidden or disabled otherwise,
 * with shared/workspace-rules.ts's `can`). The entry's screens read the same through ./session-space.ts.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { WorkspaceAction, WorkspaceRole } from '#shared/workspace-rules';
import type { WorkspaceSummary } from '#shared/workspace-types';
import { useAuth } from '../auth/store';
import { appQueryClient } from '../queries/client';
import { profileOf, useProfile } from '../queries/profile';
import { currentWorkspaceId, spaceOwner, useCurrentWorkspaceId } from './current-space';
import { workspaceKeys } from './keys';
import { spaceAllows, spaceRefusal } from './rules';
import { spaceRole, useSessionWorkspace, workspaceIn, type Balance } from './session-space';

/** The owner part of the current space's cache keys ('' while signed out). */
export function useSpaceOwner(): string {
  const userId = useAuth((state) => state.userId);
  const workspaceId = useCurrentWorkspaceId();
  return userId ? spaceOwner(userId, workspaceId) : '';
}

/** The same, outside a component. */
export function spaceOwnerNow(): string {
  const userId = useAuth.getState().userId;
  return userId ? spaceOwner(userId, currentWorkspaceId()) : '';
}

/** The tab's workspace as `client` holds it now, outside a component (null: personal; undefined: not read). */
function workspaceNow(client: QueryClient): WorkspaceSummary | null | undefined {
  const userId = useAuth.getState().userId;
  return workspaceIn(userId ? client.getQueryData(workspaceKeys.list(userId)) : undefined, currentWorkspaceId());
}

/** The user's role in the current space (session-space.ts spaceRole). */
export function useSpaceRole(): WorkspaceRole | null {
  return spaceRole(useSessionWorkspace());
}

/** The same, outside a component. */
export function spaceRoleNow(client: QueryClient = appQueryClient()): WorkspaceRole | null {
  return spaceRole(workspaceNow(client));
}

export function useSpaceCan(action: WorkspaceAction): boolean {
  return spaceAllows(useSpaceRole(), action);
}

/** Why the user may not do `action` here; null when they may. */
export function useSpaceRefusal(action: WorkspaceAction): string | null {
  return spaceRefusal(useSpaceRole(), action);
}

/** The balance and plan that pay in the current space (the profile, or the workspace's pool); undefined until known. */
export function useSpaceBalance(): Balance | undefined {
  const profile = useProfile();
  const workspace = useSessionWorkspace();
  return workspace === null ? profile : workspace;
}

/** The same, outside a component. */
export function spaceBalanceNow(client: QueryClient = appQueryClient()): Balance | undefined {
  const workspace = workspaceNow(client);
  if (workspace !== null) return workspace;
  const userId = useAuth.getState().userId;
  return userId ? profileOf(client, userId) : undefined;
}

/** The plan of the current space (what decides 4K, masters and watermarks); undefined while unknown. */
export function useSpacePlan(): Balance['plan'] | undefined {
  return useSpaceBalance()?.plan;
}
