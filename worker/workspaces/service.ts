/**
 * Workspaces behind the routes (docs/decisions/0096-workspaces.md): create, list, show, rename,
 * delete, the logo, and members with their roles and caps. Who the caller is in the workspace
 * comes fresh from D1 (worker/platform/space.ts); invitations are invitations.ts, spend spend.ts.
 */
import { generalMessages, workspaceMessages } from '#shared/messages';
import { assignableRoles, canLeave, canManageMember, monthOf, monthRange } from '#shared/workspace-rules';
import type { WorkspaceDetail, WorkspaceList, WorkspaceMember, WorkspaceSummary } from '#shared/workspace-types';
import type { Database } from '../db/client';
import { MAX_WORKSPACES_OWNED_PER_USER } from '../platform/caps';
import { AppError } from '../platform/errors';
import { requireAction, type WorkspaceSpace } from '../platform/space';
import { signedMediaUrl } from '../media';
import {
  currentMember,
  currentMembers,
  insertWorkspace,
  markWorkspaceDeleted,
  memberWorkspace,
  pendingInvitations,
  removeMember,
  renameWorkspace,
  updateMember,
  userWorkspaces,
  type MemberRecord,
  type WorkspaceRecord,
} from './queries';
import type { MemberPatch } from './requests';

export interface WorkspaceDeps {
  db: Database;
  media: R2Bucket;
  signingSecret: string;
  now?: () => number;
  /** Tells every member's tabs on the workspace that its members changed. */
  notifyMembers: (workspaceId: string) => Promise<void>;
  /** Closes a removed member's sockets of the workspace at once. */
  closeMemberSockets: (workspaceId: string, userId: string) => Promise<void>;
}

const notFound = () => new AppError('not_found', generalMessages.notFound);
const iso = (ms: number) => new Date(ms).toISOString();
export const nowOf = (deps: Pick<WorkspaceDeps, 'now'>) => deps.now?.() ?? Date.now();

/** A signed URL of the logo (its key is private), or null without one. */
export async function logoUrl(secret: string, logoKey: string | null, nowMs: number): Promise<string | null> {
  return logoKey ? signedMediaUrl(secret, logoKey, nowMs) : null;
}

async function toSummary(deps: WorkspaceDeps, record: WorkspaceRecord): Promise<WorkspaceSummary> {
  return {
    id: record.id,
    name: record.name,
    role: record.role,
    credits: record.credits,
    plan: record.plan,
    logoUrl: await logoUrl(deps.signingSecret, record.logoKey, nowOf(deps)),
    createdAt: iso(record.createdAt),
  };
}

function toMember(record: MemberRecord): WorkspaceMember {
  return {
    userId: record.userId,
    email: record.email,
    role: record.role,
    monthlyCap: record.monthlyCap,
    spentThisMonth: record.spentThisMonth,
    joinedAt: iso(record.joinedAt),
  };
}

export async function createWorkspace(deps: WorkspaceDeps, userId: string, name: string): Promise<WorkspaceSummary> {
  const id = crypto.randomUUID();
  if (!(await insertWorkspace(deps.db, { id, name, ownerId: userId }))) {
    throw new AppError('limit_reached', workspaceMessages.tooManyWorkspaces(MAX_WORKSPACES_OWNED_PER_USER));
  }
  return workspaceOf(deps, userId, id);
}

export async function listWorkspaces(deps: WorkspaceDeps, userId: string): Promise<WorkspaceList> {
  const records = await userWorkspaces(deps.db, userId);
  return { items: await Promise.all(records.map((record) => toSummary(deps, record))) };
}

/** The workspace as the member `userId` sees it now; 404 when they are not one. */
export async function workspaceOf(deps: WorkspaceDeps, userId: string, workspaceId: string): Promise<WorkspaceSummary> {
  const record = await memberWorkspace(deps.db, userId, workspaceId);
  if (!record) throw notFound();
  return toSummary(deps, record);
}

export async function workspaceDetail(deps: WorkspaceDeps, space: WorkspaceSpace): Promise<WorkspaceDetail> {
  const now = nowOf(deps);
  const month = monthOf(now);
  const range = monthRange(month) ?? { start: now, end: now };
  const manages = space.role === 'owner' || space.role === 'admin';
  const [summary, members, invitations] = await Promise.all([
    workspaceOf(deps, space.userId, space.workspaceId),
    currentMembers(deps.db, space.workspaceId, range),
    manages ? pendingInvitations(deps.db, space.workspaceId) : [],
  ]);
  return {
    ...summary,
    month,
    members: members.map(toMember),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      invitedBy: invitation.inviterEmail,
      createdAt: iso(invitation.createdAt),
      expiresAt: iso(invitation.expiresAt),
    })),
  };
}

export async function rename(deps: WorkspaceDeps, space: WorkspaceSpace, name: string): Promise<WorkspaceSummary> {
  requireAction(space, 'manageWorkspace');
  await renameWorkspace(deps.db, space.workspaceId, name);
  await deps.notifyMembers(space.workspaceId);
  return workspaceOf(deps, space.userId, space.workspaceId);
}

/** Deletes (marks deleted): every member's sockets of it close, and it is 404 from now on. */
export async function deleteWorkspace(deps: WorkspaceDeps, space: WorkspaceSpace): Promise<void> {
  requireAction(space, 'manageWorkspace');
  const members = await currentMembers(deps.db, space.workspaceId, { start: 0, end: 0 });
  await markWorkspaceDeleted(deps.db, space.workspaceId);
  await Promise.all(members.map((member) => deps.closeMemberSockets(space.workspaceId, member.userId)));
}

function monthNow(deps: WorkspaceDeps): { start: number; end: number } {
  const now = nowOf(deps);
  return monthRange(monthOf(now)) ?? { start: now, end: now };
}

/**
 * Changes a member's role or monthly cap: the caller may manage members and outranks the member
 * (the owner anyone else), and gives no role above their own. Judged on the member's role as read,
 * and written only while they still hold it.
 */
export async function changeMember(deps: WorkspaceDeps, space: WorkspaceSpace, userId: string, patch: MemberPatch): Promise<WorkspaceMember> {
  requireAction(space, 'manageMembers');
  const target = await currentMember(deps.db, space.workspaceId, userId, monthNow(deps));
  if (!target) throw notFound();
  const self = target.userId === space.userId;
  // The owner may set their own cap; nobody changes their own role, and only those above a member change them.
  const allowed = self ? space.role === 'owner' && patch.role === undefined : canManageMember(space.role, target.role);
  if (!allowed) throw new AppError('forbidden', workspaceMessages.cannotManageMember);
  if (patch.role !== undefined && !assignableRoles(space.role).includes(patch.role)) {
    throw new AppError('forbidden', workspaceMessages.roleNotAssignable, { field: 'role' });
  }
  if (!(await updateMember(deps.db, space.workspaceId, userId, target.role, patch))) throw new AppError('conflict', workspaceMessages.cannotManageMember);
  await deps.notifyMembers(space.workspaceId);
  const changed = await currentMember(deps.db, space.workspaceId, userId, monthNow(deps));
  if (!changed) throw notFound();
  return toMember(changed);
}

/**
 * Removes a member (or the caller leaves): everything they made stays, their next request is a 404
 * and their live sockets of the workspace close now.
 */
export async function removeFromWorkspace(deps: WorkspaceDeps, space: WorkspaceSpace, userId: string): Promise<void> {
  const target = await currentMember(deps.db, space.workspaceId, userId, { start: 0, end: 0 });
  if (!target) throw notFound();
  const self = target.userId === space.userId;
  if (self && !canLeave(target.role)) throw new AppError('forbidden', workspaceMessages.ownerCannotLeave);
  if (!self) {
    requireAction(space, 'manageMembers');
    if (!canManageMember(space.role, target.role)) throw new AppError('forbidden', workspaceMessages.cannotManageMember);
  }
  if (!(await removeMember(deps.db, space.workspaceId, userId, target.role))) throw notFound();
  await Promise.all([deps.closeMemberSockets(space.workspaceId, userId), deps.notifyMembers(space.workspaceId)]);
}
