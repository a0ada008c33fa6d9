/**
 * Moving between spaces (docs/decisions/0098-workspaces-app.md): the switcher, a new workspace and
 * an accepted invitation enter one; a removal, a deletion or leaving goes back to the personal
 * space with a notice. The workspace itself — its pool, plan and the user's role — is the
 * workspaces query's: read when the tab starts in it, kept current by its live socket
 * (realtime/store.ts) and by the balance updater (queries/profile.ts applyBalance).
 */
import type { QueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { workspaceMessages } from '#shared/messages/workspaces';
import type { WorkspaceSummary } from '#shared/workspace-types';
import { useAuth } from '../auth/store';
import { appQueryClient } from '../queries/client';
import { billingKeys } from '../queries/credits';
import { profileKeys } from '../queries/profile';
import { notify } from '../shell/notices';
import { currentWorkspaceId, spaceOwner, spaceStorageKey, spaceStore } from './current-space';
import { workspaceKeys } from './keys';
import { workspacesQuery } from './queries';
import { pathAfterSwitch } from './rules';
import { workspaceIn } from './session-space';

function remember(userId: string, workspaceId: string | null): void {
  try {
    if (workspaceId === null) localStorage.removeItem(spaceStorageKey(userId));
    else localStorage.setItem(spaceStorageKey(userId), workspaceId);
  } catch {
    // Storage refused: the space holds for this tab only.
  }
}

/** The user's own data, whatever space the tab is in: keyed by their id, never dropped on a switch. */
const USER_ROOTS: readonly unknown[] = [profileKeys.all[0], billingKeys.of('')[0], workspaceKeys.all[0], workspaceKeys.invitation('', '')[0]];

/**
 * Drops the cached lists of the space being left. Their keys name it, so none would show in the
 * other space anyway; dropping them also means a re-read that starts in the moment between the
 * switch and the screens' next render (a live message) cannot file the new space's answer under
 * the old space's key. Coming back reads them afresh: nothing kept them current meanwhile.
 */
function forgetSpace(client: QueryClient, owner: string): void {
  client.removeQueries({ predicate: (query) => !USER_ROOTS.includes(query.queryKey[0]) && query.queryKey.includes(owner) });
}

/**
 * Makes `workspace` (null: the personal space) this tab's space, and the one this browser
 * remembers for the user. A screen that belongs to the space left (a project, its board, a
 * comparison, the studio with a project open) gives way to the new space's (rules.ts
 * pathAfterSwitch), unless `keepScreen`: the screen is the new space's (found-elsewhere.ts).
 */
export function enterSpace(workspace: WorkspaceSummary | null, client: QueryClient = appQueryClient(), options: { keepScreen?: boolean } = {}): void {
  const userId = useAuth.getState().userId;
  if (!userId) return;
  const leaving = currentWorkspaceId();
  const entering = workspace?.id ?? null;
  if (workspace) {
    // A workspace just made or joined is the user's at once: the rail shows it before the list is read again.
    client.setQueryData<WorkspaceSummary[]>(workspaceKeys.list(userId), (list) =>
      list?.some((known) => known.id === workspace.id) ? list : [...(list ?? []), workspace],
    );
  }
  remember(userId, entering);
  spaceStore.setState({ workspaceId: entering });
  if (leaving === entering) return;
  forgetSpace(client, spaceOwner(userId, leaving));
  const away = options.keepScreen ? null : pathAfterSwitch(window.location.pathname, window.location.search);
  if (away) navigate(away, { replace: true });
}

/**
 * The current workspace is no longer the user's (removed — its socket closed with 4003 —, left in
 * another tab, or deleted): back to the personal space, saying why.
 */
export function leftWorkspace(workspaceId: string, client: QueryClient = appQueryClient()): void {
  const userId = useAuth.getState().userId;
  const name = userId ? workspaceIn(client.getQueryData(workspaceKeys.list(userId)), workspaceId)?.name : undefined;
  void client.invalidateQueries({ queryKey: workspaceKeys.all });
  if (currentWorkspaceId() !== workspaceId) return;
  enterSpace(null, client);
  notify(workspaceMessages.backToPersonal(name ?? null), { tone: 'warning', durationMs: 0 });
}

/**
 * Reads the user's workspaces, so the tab's workspace (its pool, plan and the user's role) is
 * known; one they no longer belong to sends them back to the personal space. Unreachable, the
 * space stays as it is (the rail says it is loading) until the workspace's socket opens again.
 */
export async function readCurrentWorkspace(workspaceId: string, client: QueryClient = appQueryClient()): Promise<void> {
  const userId = useAuth.getState().userId;
  if (!userId) return;
  let workspaces: WorkspaceSummary[];
  try {
    workspaces = await client.fetchQuery({ ...workspacesQuery(userId), staleTime: 0 });
  } catch {
    return;
  }
  if (currentWorkspaceId() === workspaceId && !workspaceIn(workspaces, workspaceId)) leftWorkspace(workspaceId, client);
}
