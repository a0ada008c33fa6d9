/**
 * The signed-in profile (credits, plan) as a query, its one owner on the client
 * (docs/decisions/0097-server-data-owners.md): seeded by every answer that starts or renews a
 * session (through auth/profile-link.ts), read again from GET /api/me when a change may have been
 * missed, and moved by the live connection's `profile` messages and by every answer that carries
 * the balance after its charge. A team workspace's balance and plan are its pool's, which its own
 * query holds (workspaces/keys.ts `list`, one entry per workspace): the one updater here moves the
 * space that paid (docs/decisions/0098-workspaces-app.md).
 */
import { queryOptions, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiUser } from '#shared/api-types';
import type { Plan } from '#shared/plans';
import type { WorkspaceSummary } from '#shared/workspace-types';
import type { ProfileCache } from '../auth/profile-link';
import { apiClient, useAuth } from '../auth/store';
import { workspaceKeys } from '../workspaces/keys';

export const profileKeys = {
  /** Every profile (one per user who signed in in this tab). */
  all: ['profile'] as const,
  of: (userId: string) => ['profile', userId] as const,
};

function profileQuery(userId: string) {
  return queryOptions({
    queryKey: profileKeys.of(userId),
    // The HTTP client comes with the first read, as the session's own calls load it (auth/store.ts).
    queryFn: async (): Promise<ApiUser> => {
      const { api, ok } = await apiClient();
      return ok(api.me.$get());
    },
  });
}

/** The signed-in user's profile; undefined while signed out (and before the session's answer). */
export function useProfile(): ApiUser | undefined {
  const userId = useAuth((state) => state.userId);
  return useQuery({ ...profileQuery(userId ?? ''), enabled: userId !== null }).data;
}

/** The profile as the cache holds it now, for code outside components. */
export function profileOf(client: QueryClient, userId: string): ApiUser | undefined {
  return client.getQueryData(profileKeys.of(userId));
}

/** A new balance (null: enterprise, whose balance never moves), and the plan when it changed too. */
export interface BalanceChange {
  credits: number | null;
  plan?: Plan;
  /** The team workspace whose pool it is; absent or null: the user's own balance. */
  workspaceId?: string | null;
}

function changed<T extends { credits: number; plan: Plan }>(held: T, { credits, plan }: BalanceChange): T {
  return { ...held, ...(credits === null ? {} : { credits }), ...(plan ? { plan } : {}) };
}

/**
 * THE balance updater: the balance after a charge or a refund that an answer carries
 * (`creditsLeft` of a job, a region edit, an upscale), a purchase's grant, a live message — the
 * user's own, or the pool of the workspace that paid, never the one for the other.
 */
export function applyBalance(client: QueryClient, userId: string, change: BalanceChange): void {
  const { workspaceId } = change;
  if (workspaceId) {
    client.setQueryData<WorkspaceSummary[]>(workspaceKeys.list(userId), (workspaces) =>
      workspaces?.map((workspace) => (workspace.id === workspaceId ? changed(workspace, change) : workspace)),
    );
    return;
  }
  client.setQueryData<ApiUser>(profileKeys.of(userId), (profile) => profile && changed(profile, change));
}

/** Whether the cache already holds this balance and plan: a new socket's greeting repeats what the page read. */
export function holdsBalance(client: QueryClient, userId: string, change: BalanceChange): boolean {
  const held = change.workspaceId
    ? client.getQueryData<WorkspaceSummary[]>(workspaceKeys.list(userId))?.find((workspace) => workspace.id === change.workspaceId)
    : profileOf(client, userId);
  return held !== undefined && (change.credits === null || held.credits === change.credits) && (!change.plan || held.plan === change.plan);
}

/** Reads the profile again (GET /api/me): after a drop of the live connection, a return to the tab, an answer without the balance. */
export async function reloadProfile(client: QueryClient, userId: string): Promise<void> {
  // A failed read keeps what the cache holds; the next reason to read tries again.
  await client.fetchQuery({ ...profileQuery(userId), staleTime: 0 }).catch(() => undefined);
}

/** The cache as the session and the entry's screens reach it (auth/profile-link.ts). */
export function profileCacheOf(client: QueryClient): ProfileCache {
  return {
    keep: (profile) => client.setQueryData(profileKeys.of(profile.id), profile),
    read: (userId) => profileOf(client, userId),
    readWorkspaces: (userId) => client.getQueryData(workspaceKeys.list(userId)),
    subscribe: (onChange) =>
      client.getQueryCache().subscribe(({ query }: { query: { queryKey: QueryKey } }) => {
        const root = query.queryKey[0];
        if (root === profileKeys.all[0] || root === workspaceKeys.all[0]) onChange();
      }),
  };
}
