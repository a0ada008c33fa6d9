/**
 * Moving between spaces (docs/decisions/0098-workspaces-app.md): the switcher, a new workspace and
 * an accepted invitation enter one; a removal, a deletion or leaving goes back to the personal
 * space with a notice. The current workspace's summary (its pool, plan and the user's role) is read
 * when the tab starts in it and kept current by its live socket (realtime/store.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { workspaceMessages } from '#shared/messages/workspaces';
import type { Plan } from '#shared/plans';
import type { WorkspaceSummary } from '#shared/workspace-types';
import { navigate } from 'wouter/use-browser-location';
import { useAuth } from '../auth/store';
import { appQueryClient } from '../queries/client';
import { notify } from '../shell/notices';
import { spaceStorageKey, spaceStore } from './current-space';
import { workspaceKeys } from './keys';
import { workspacesQuery } from './queries';
import { pathAfterSwitch, resolveRemembered, spaceOwner, withPool } from './rules';

function remember(userId: string, workspaceId: string | null): void {
  try {
    if (workspaceId === null) localStorage.removeItem(spaceStorageKey(userId));
    else localStorage.setItem(spaceStorageKey(userId), workspaceId);
  } catch {
    // Storage refused: the space holds for this tab only.
  }
}

/**
 * Drops the cached lists of the space being left. Their keys name it, so none would show in the
 * other space anyway; dropping them also means a re-read that starts in the moment between the
 * switch and the screens' next render (a live message) cannot file the new space's answer under
 * the old space's key. Coming back reads them afresh: nothing kept them current meanwhile.
 */
function forgetSpace(client: QueryClient, owner: string): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== workspaceKeys.all[0] && query.queryKey.includes(owner) });
}

/**
 * Makes `workspace` (null: the personal space) this tab's space, and the one this browser
 * remembers for the user. A screen that belongs to the space left (a project, its board, a
 * comparison, the studio with a project open) gives way to the new space's (rules.ts pathAfterSwitch).
 */
export function enterSpace(workspace: WorkspaceSummary | null, client: QueryClient = appQueryClient()): void {
  const user = useAuth.getState().user;
  if (!user) return;
  const leaving = spaceStore.getState().workspaceId;
  const entering = workspace?.id ?? null;
  remember(user.id, entering);
  spaceStore.setState({ workspaceId: entering, workspace });
  if (leaving === entering) return;
  forgetSpace(client, spaceOwner(user.id, leaving));
  const away = pathAfterSwitch(window.location.pathname, window.location.search);
  if (away) navigate(away, { replace: true });
}

/**
 * The current workspace is no longer the user's (removed — its socket closed with 4003 —, left in
 * another tab, or deleted): back to the personal space, saying why.
 */
export function leftWorkspace(workspaceId: string, client: QueryClient = appQueryClient()): void {
  void client.invalidateQueries({ queryKey: workspaceKeys.all });
  const { workspaceId: current, workspace } = spaceStore.getState();
  if (current !== workspaceId) return;
  enterSpace(null, client);
  notify(workspaceMessages.backToPersonal(workspace?.name ?? null), { tone: 'warning', durationMs: 0 });
}

/**
 * Reads the user's workspaces and takes the current one's summary from them; a workspace they no
 * longer belong to sends them back to the personal space. Unreachable, the space stays as it is
 * (the rail says it is loading) until the workspace's socket opens and asks again.
 */
export async function readCurrentWorkspace(workspaceId: string, client: QueryClient = appQueryClient()): Promise<void> {
  const user = useAuth.getState().user;
  if (!user) return;
  let workspaces: WorkspaceSummary[];
  try {
    workspaces = await client.fetchQuery({ ...workspacesQuery(user.id), staleTime: 0 });
  } catch {
    return;
  }
  if (spaceStore.getState().workspaceId !== workspaceId) return;
  const found = resolveRemembered(workspaceId, workspaces);
  if (found) spaceStore.setState({ workspace: found });
  else leftWorkspace(workspaceId, client);
}

/** A live `workspace` message: the pool's balance or plan moved (a charge, a refund, a purchase). */
export function applyPool(workspaceId: string, pool: { credits: number; plan: Plan }, client: QueryClient = appQueryClient()): void {
  const { workspace } = spaceStore.getState();
  if (workspace?.id === workspaceId) spaceStore.setState({ workspace: withPool(workspace, pool) });
  const userId = useAuth.getState().user?.id;
  if (!userId) return;
  client.setQueryData<WorkspaceSummary[]>(workspaceKeys.list(userId), (list) => list?.map((item) => (item.id === workspaceId ? withPool(item, pool) : item)));
}

/**
 * The balance a charge or refund in `workspaceId` left (null: the personal space), as the answer
 * that made it says: the rail and the studio show it at once, before the live message.
 */
export function applyBalance(workspaceId: string | null | undefined, credits: number, plan?: Plan): void {
  if (!workspaceId) {
    const auth = useAuth.getState();
    if (auth.user) auth.setProfile({ credits, plan: plan ?? auth.user.plan });
    return;
  }
  const { workspace } = spaceStore.getState();
  if (workspace?.id === workspaceId) applyPool(workspaceId, { credits, plan: plan ?? workspace.plan });
}
