/** The workspace calls of docs/api.md "Workspaces (teams)", through the typed client. */
import type { AssignableRole } from '#shared/workspace-rules';
import type {
  CreatedInvitation,
  InvitationPreview,
  SpendEntriesPage,
  WorkspaceDetail,
  WorkspaceMember,
  WorkspaceSpend,
  WorkspaceSummary,
} from '#shared/workspace-types';
import { api, ok, toApiError } from '../api/client';

const workspace = api.workspaces[':id'];

export async function fetchWorkspaces(signal?: AbortSignal): Promise<WorkspaceSummary[]> {
  return (await ok(api.workspaces.$get(undefined, { init: { signal } }))).items;
}

export function fetchWorkspace(id: string, signal?: AbortSignal): Promise<WorkspaceDetail> {
  return ok(workspace.$get({ param: { id } }, { init: { signal } }));
}

export function createWorkspace(name: string): Promise<WorkspaceSummary> {
  return ok(api.workspaces.$post({ json: { name } }));
}

export function renameWorkspace(id: string, name: string): Promise<WorkspaceSummary> {
  return ok(workspace.$patch({ param: { id }, json: { name } }));
}

export async function deleteWorkspace(id: string): Promise<void> {
  await ok(workspace.$delete({ param: { id } }));
}

export function uploadLogo(id: string, file: File): Promise<{ logoUrl: string | null }> {
  return ok(workspace.logo.$put({ param: { id }, form: { file } }));
}

export async function removeLogo(id: string): Promise<void> {
  await ok(workspace.logo.$delete({ param: { id } }));
}

export function inviteMember(id: string, email: string, role: AssignableRole): Promise<CreatedInvitation> {
  return ok(workspace.invitations.$post({ param: { id }, json: { email, role } }));
}

export async function withdrawInvitation(id: string, invitationId: string): Promise<void> {
  await ok(workspace.invitations[':invitationId'].$delete({ param: { id, invitationId } }));
}

export interface MemberChange {
  role?: AssignableRole;
  monthlyCap?: number | null;
}

export function changeMember(id: string, userId: string, change: MemberChange): Promise<WorkspaceMember> {
  return ok(workspace.members[':userId'].$patch({ param: { id, userId }, json: change }));
}

/** Removes a member, or, with the caller's own id, leaves. */
export async function removeMember(id: string, userId: string): Promise<void> {
  await ok(workspace.members[':userId'].$delete({ param: { id, userId } }));
}

export function fetchSpend(id: string, month: string, signal?: AbortSignal): Promise<WorkspaceSpend> {
  return ok(workspace.spend.$get({ param: { id }, query: { month } }, { init: { signal } }));
}

/** Which ledger rows to list: one member's, one project's (`none`: outside any project), or the month's. */
export interface SpendLineFilter {
  memberId?: string;
  projectId?: string;
}

export function fetchSpendEntries(id: string, month: string, line: SpendLineFilter, cursor: string | null, signal?: AbortSignal): Promise<SpendEntriesPage> {
  const query = { month, ...line, ...(cursor ? { cursor } : {}) };
  return ok(workspace.spend.entries.$get({ param: { id }, query }, { init: { signal } }));
}

/** The month's rows as the Worker's CSV file, with the name it gives it. */
export async function fetchSpendCsv(id: string, month: string): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await workspace.spend.csv.$get({ param: { id }, query: { month } });
  if (!response.ok) throw toApiError(response.status, await response.json().catch(() => null));
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

export function fetchInvitation(token: string, signal?: AbortSignal): Promise<InvitationPreview> {
  return ok(api.invitations[':token'].$get({ param: { token } }, { init: { signal } }));
}

export function acceptInvitation(token: string): Promise<WorkspaceSummary> {
  return ok(api.invitations[':token'].accept.$post({ param: { token } }));
}
