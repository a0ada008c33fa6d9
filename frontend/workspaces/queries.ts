/**
 * Workspaces in the query cache (keys.ts): the user's list, each workspace's members and
 * invitations, a month's spend and the ledger rows behind it, an invitation. Every write re-reads
 * what it changes; a live `members` or `workspace` message re-reads them all (realtime/store.ts).
 */
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { AssignableRole } from '#shared/workspace-rules';
import type { SpendEntriesPage, SpendEntry } from '#shared/workspace-types';
import {
  changeMember,
  createWorkspace,
  deleteWorkspace,
  fetchInvitation,
  fetchSpend,
  fetchSpendEntries,
  fetchWorkspace,
  fetchWorkspaces,
  inviteMember,
  removeLogo,
  removeMember,
  renameWorkspace,
  uploadLogo,
  withdrawInvitation,
  type MemberChange,
  type SpendLineFilter,
} from './api';
import { workspaceKeys } from './keys';

export function workspacesQuery(userId: string) {
  return queryOptions({ queryKey: workspaceKeys.list(userId), queryFn: ({ signal }) => fetchWorkspaces(signal) });
}

export function workspaceQuery(userId: string, id: string) {
  // Read again on every visit: members, caps and spend move while the page is closed.
  return queryOptions({ queryKey: workspaceKeys.detail(userId, id), queryFn: ({ signal }) => fetchWorkspace(id, signal), staleTime: 0 });
}

export function spendQuery(userId: string, id: string, month: string) {
  return queryOptions({ queryKey: workspaceKeys.spend(userId, id, month), queryFn: ({ signal }) => fetchSpend(id, month, signal), staleTime: 0 });
}

export function spendEntriesQuery(userId: string, id: string, month: string, line: SpendLineFilter) {
  return infiniteQueryOptions({
    queryKey: workspaceKeys.spendEntries(userId, id, month, line),
    queryFn: ({ pageParam, signal }) => fetchSpendEntries(id, month, line, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: SpendEntriesPage) => last.nextCursor,
    staleTime: 0,
  });
}

/** Every loaded row, newest first. */
export function spendRows(data: InfiniteData<SpendEntriesPage, unknown> | undefined): SpendEntry[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

export function invitationQuery(userId: string, token: string) {
  return queryOptions({ queryKey: workspaceKeys.invitation(userId, token), queryFn: ({ signal }) => fetchInvitation(token, signal), staleTime: 0 });
}

/** The mutations of one workspace's page; each re-reads the workspace queries when it lands. */
export function useWorkspaceMutations(id: string) {
  const client = useQueryClient();
  const settled = () => client.invalidateQueries({ queryKey: workspaceKeys.all });
  return {
    invite: useMutation({ mutationFn: ({ email, role }: { email: string; role: AssignableRole }) => inviteMember(id, email, role), onSettled: settled }),
    withdraw: useMutation({ mutationFn: (invitationId: string) => withdrawInvitation(id, invitationId), onSettled: settled }),
    change: useMutation({ mutationFn: ({ userId, change }: { userId: string; change: MemberChange }) => changeMember(id, userId, change), onSettled: settled }),
    remove: useMutation({ mutationFn: (userId: string) => removeMember(id, userId), onSettled: settled }),
    rename: useMutation({ mutationFn: (name: string) => renameWorkspace(id, name), onSettled: settled }),
    setLogo: useMutation({ mutationFn: (file: File) => uploadLogo(id, file), onSettled: settled }),
    removeLogo: useMutation({ mutationFn: () => removeLogo(id), onSettled: settled }),
    deleteWorkspace: useMutation({ mutationFn: () => deleteWorkspace(id), onSettled: settled }),
  };
}

export function useCreateWorkspace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, logo }: { name: string; logo: File | null }) => {
      const workspace = await createWorkspace(name);
      if (!logo) return { workspace, logoSaved: true };
      // The workspace exists either way; a refused logo is said, and can be set again on its page.
      const logoUrl = await uploadLogo(workspace.id, logo).then((saved) => saved.logoUrl, () => undefined);
      return { workspace: logoUrl === undefined ? workspace : { ...workspace, logoUrl }, logoSaved: logoUrl !== undefined };
    },
    onSettled: () => client.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
}
