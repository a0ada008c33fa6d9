/**
 * The current space as the entry's screens (the rail, the account menu, pricing) read it, without
 * TanStack Query: the current workspace and the balance that pays, from the query cache through
 * auth/profile-link.ts, which never fetches (docs/decisions/0097-server-data-owners.md,
 * 0098-workspaces-app.md). Screens that query read the same through ./hooks.ts.
 */
import { useSyncExternalStore } from 'react';
import type { ApiUser } from '#shared/api-types';
import type { WorkspaceRole } from '#shared/workspace-rules';
import type { WorkspaceSummary } from '#shared/workspace-types';
import { cachedWorkspaces, subscribeToProfiles } from '../auth/profile-link';
import { useAuth, useSessionProfile } from '../auth/store';
import { useCurrentWorkspaceId } from './current-space';

/** What pays in a space, and the plan that decides what it may make. */
export type Balance = Pick<ApiUser, 'credits' | 'plan'>;

/**
 * The workspace `workspaceId` names among the user's: null for the personal space, undefined
 * while the user's workspaces are not read yet (or no longer list it).
 */
export function workspaceIn(workspaces: readonly WorkspaceSummary[] | undefined, workspaceId: string | null): WorkspaceSummary | null | undefined {
  return workspaceId === null ? null : workspaces?.find((workspace) => workspace.id === workspaceId);
}

/**
 * The user's role in the space: null in the personal space (everything allowed); a workspace not
 * yet read counts as a viewer's, so nothing its role may refuse shows before it is known.
 */
export function spaceRole(workspace: WorkspaceSummary | null | undefined): WorkspaceRole | null {
  return workspace === null ? null : (workspace?.role ?? 'viewer');
}

/** The tab's workspace as the cache holds it: null in the personal space, undefined until read. */
export function useSessionWorkspace(): WorkspaceSummary | null | undefined {
  const userId = useAuth((state) => state.userId);
  const workspaceId = useCurrentWorkspaceId();
  return useSyncExternalStore(
    subscribeToProfiles,
    () => workspaceIn(userId ? cachedWorkspaces(userId) : undefined, workspaceId),
    () => null,
  );
}

/** The balance and plan that pay in the current space: the user's own, or the workspace's pool; undefined until known. */
export function useSessionBalance(): Balance | undefined {
  const profile = useSessionProfile();
  const workspace = useSessionWorkspace();
  return workspace === null ? profile : workspace;
}
