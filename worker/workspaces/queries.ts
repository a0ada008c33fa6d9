/**
 * Workspaces, their members and invitations in D1 (docs/decisions/0096-workspaces.md). Every write
 * that guards a rule — a cap, a role, a single use — guards it in the statement that writes, so
 * parallel requests cannot slip past it.
 */
import { sql } from 'drizzle-orm';
import type { Plan } from '#shared/plans';
import type { AssignableRole, WorkspaceRole } from '#shared/workspace-rules';
import { d1Statement, type Database } from '../db/client';
import { MAX_WORKSPACES_OWNED_PER_USER, MAX_WORKSPACE_SEATS } from '../platform/caps';
import { memberSpentSql } from './spend-sql';

const nowMs = sql`cast(unixepoch('subsec') * 1000 as integer)`;

export interface WorkspaceRecord {
  id: string;
  name: string;
  role: WorkspaceRole;
  credits: number;
  plan: Plan;
  logoKey: string | null;
  createdAt: number;
}

const WORKSPACE_COLUMNS = sql`w.id, w.name, m.role, w.credits, w.plan, w.logo_key as logoKey, w.created_at as createdAt`;

/**
 * The workspace and its owner's membership, in one batch: the workspace row is written only while
 * the user owns fewer than MAX_WORKSPACES_OWNED_PER_USER live ones. Null at the cap.
 */
export async function insertWorkspace(db: Database, workspace: { id: string; name: string; ownerId: string }): Promise<boolean> {
  const [inserted] = await db.$client.batch([
    d1Statement(db, sql`
      insert into workspaces (id, name)
      select ${workspace.id}, ${workspace.name}
      where (select count(*) from workspace_members as m join workspaces as w on w.id = m.workspace_id
             where m.user_id = ${workspace.ownerId} and m.role = 'owner' and w.deleted_at is null) < ${MAX_WORKSPACES_OWNED_PER_USER}`),
    d1Statement(db, sql`
      insert into workspace_members (workspace_id, user_id, role)
      select id, ${workspace.ownerId}, 'owner' from workspaces where id = ${workspace.id}`),
  ]);
  return inserted?.meta.changes === 1;
}

/** The user's workspaces, oldest membership first. */
export async function userWorkspaces(db: Database, userId: string): Promise<WorkspaceRecord[]> {
  return db.all<WorkspaceRecord>(sql`
    select ${WORKSPACE_COLUMNS}
    from workspace_members as m join workspaces as w on w.id = m.workspace_id
    where m.user_id = ${userId} and m.removed_at is null and w.deleted_at is null
    order by m.created_at, w.id`);
}

/** One workspace as `userId` (a current member) sees it; null otherwise. */
export async function memberWorkspace(db: Database, userId: string, workspaceId: string): Promise<WorkspaceRecord | null> {
  const rows = await db.all<WorkspaceRecord>(sql`
    select ${WORKSPACE_COLUMNS}
    from workspace_members as m join workspaces as w on w.id = m.workspace_id
    where m.workspace_id = ${workspaceId} and m.user_id = ${userId} and m.removed_at is null and w.deleted_at is null`);
  return rows[0] ?? null;
}

export interface MemberRecord {
  userId: string;
  email: string;
  role: WorkspaceRole;
  monthlyCap: number | null;
  spentThisMonth: number;
  joinedAt: number;
}

/** Current members, the owner first, then by role and joining; each with what they spent in the month. */
export async function currentMembers(db: Database, workspaceId: string, month: { start: number; end: number }): Promise<MemberRecord[]> {
  return db.all<MemberRecord>(sql`
    select m.user_id as userId, u.email, m.role, m.monthly_cap as monthlyCap, m.created_at as joinedAt,
      ${memberSpentSql(sql`m.workspace_id`, sql`m.user_id`, month)} as spentThisMonth
    from workspace_members as m join users as u on u.id = m.user_id
    where m.workspace_id = ${workspaceId} and m.removed_at is null
    order by case m.role when 'owner' then 0 when 'admin' then 1 when 'member' then 2 else 3 end, m.created_at, m.user_id`);
}

/** One current member with what they spent in the month; null when not (or no longer) a member. */
export async function currentMember(db: Database, workspaceId: string, userId: string, month: { start: number; end: number }): Promise<MemberRecord | null> {
  const rows = await db.all<MemberRecord>(sql`
    select m.user_id as userId, u.email, m.role, m.monthly_cap as monthlyCap, m.created_at as joinedAt,
      ${memberSpentSql(sql`m.workspace_id`, sql`m.user_id`, month)} as spentThisMonth
    from workspace_members as m join users as u on u.id = m.user_id
    where m.workspace_id = ${workspaceId} and m.user_id = ${userId} and m.removed_at is null`);
  return rows[0] ?? null;
}

export async function renameWorkspace(db: Database, workspaceId: string, name: string): Promise<void> {
  await db.run(sql`update workspaces set name = ${name} where id = ${workspaceId} and deleted_at is null`);
}

/** Sets (or clears) the logo's key; returns the key it replaced. */
export async function replaceLogo(db: Database, workspaceId: string, logoKey: string | null): Promise<string | null> {
  const [before] = await db.$client.batch<{ logo_key: string | null }>([
    d1Statement(db, sql`select logo_key from workspaces where id = ${workspaceId}`),
    d1Statement(db, sql`update workspaces set logo_key = ${logoKey} where id = ${workspaceId} and deleted_at is null`),
  ]);
  return before?.results[0]?.logo_key ?? null;
}

/** Marks the workspace deleted: from now on it and everything in it is 404 to everyone. */
export async function markWorkspaceDeleted(db: Database, workspaceId: string): Promise<void> {
  await db.run(sql`update workspaces set deleted_at = coalesce(deleted_at, ${nowMs}) where id = ${workspaceId}`);
}

/**
 * Changes a member's role or cap, only while they still hold `expected` (what the caller's right to
 * change them was judged on): a member whose role changed meanwhile is not changed. False then.
 */
export async function updateMember(
  db: Database,
  workspaceId: string,
  userId: string,
  expected: WorkspaceRole,
  change: { role?: AssignableRole; monthlyCap?: number | null },
): Promise<boolean> {
  const sets = [
    ...(change.role === undefined ? [] : [sql`role = ${change.role}`]),
    ...(change.monthlyCap === undefined ? [] : [sql`monthly_cap = ${change.monthlyCap}`]),
  ];
  if (sets.length === 0) return true;
  const rows = await db.all<{ user_id: string }>(sql`
    update workspace_members set ${sql.join(sets, sql`, `)}
    where workspace_id = ${workspaceId} and user_id = ${userId} and removed_at is null and role = ${expected}
    returning user_id`);
  return rows.length > 0;
}

/** Removes a member who still holds `expected` (never the owner); what they made stays. False when nothing changed. */
export async function removeMember(db: Database, workspaceId: string, userId: string, expected: WorkspaceRole): Promise<boolean> {
  const rows = await db.all<{ user_id: string }>(sql`
    update workspace_members set removed_at = ${nowMs}
    where workspace_id = ${workspaceId} and user_id = ${userId} and removed_at is null and role = ${expected} and role <> 'owner'
    returning user_id`);
  return rows.length > 0;
}

export interface InvitationRecord {
  id: string;
  workspaceId: string;
  email: string;
  role: AssignableRole;
  invitedBy: string;
  createdAt: number;
  expiresAt: number;
}

/** Seats taken: current members and invitations still open. */
function seatsTaken(workspaceId: string) {
  return sql`((select count(*) from workspace_members where workspace_id = ${workspaceId} and removed_at is null)
    + (select count(*) from workspace_invitations where workspace_id = ${workspaceId}
       and used_at is null and revoked_at is null and expires_at > ${nowMs}))`;
}

function isCurrentMember(workspaceId: string, email: string) {
  return sql`exists (select 1 from workspace_members as m join users as u on u.id = m.user_id
    where m.workspace_id = ${workspaceId} and m.removed_at is null and u.email = ${email})`;
}

/**
 * Records an invitation while the email is not a current member's and the workspace has a free
 * seat, in one statement. Null otherwise (invitationRoom says why).
 */
export async function insertInvitation(
  db: Database,
  invitation: { id: string; workspaceId: string; tokenHash: string; email: string; role: AssignableRole; invitedBy: string; expiresAt: number },
): Promise<InvitationRecord | null> {
  const rows = await db.all<InvitationRecord>(sql`
    insert into workspace_invitations (id, workspace_id, token_hash, email, role, invited_by, expires_at)
    select ${invitation.id}, ${invitation.workspaceId}, ${invitation.tokenHash}, ${invitation.email}, ${invitation.role},
      ${invitation.invitedBy}, ${invitation.expiresAt}
    where not ${isCurrentMember(invitation.workspaceId, invitation.email)}
      and ${seatsTaken(invitation.workspaceId)} < ${MAX_WORKSPACE_SEATS}
    returning id, workspace_id as workspaceId, email, role, invited_by as invitedBy, created_at as createdAt, expires_at as expiresAt`);
  return rows[0] ?? null;
}

/** Why an invitation was not recorded: the email is a member's, or the seats are taken. */
export async function invitationRoom(db: Database, workspaceId: string, email: string): Promise<{ member: boolean; seats: number }> {
  const [row] = await db.all<{ member: number; seats: number }>(sql`
    select ${isCurrentMember(workspaceId, email)} as member, ${seatsTaken(workspaceId)} as seats`);
  return { member: row?.member === 1, seats: row?.seats ?? 0 };
}

export interface PendingInvitationRecord extends InvitationRecord {
  inviterEmail: string;
}

/** Invitations still open, newest first. */
export async function pendingInvitations(db: Database, workspaceId: string): Promise<PendingInvitationRecord[]> {
  return db.all<PendingInvitationRecord>(sql`
    select i.id, i.workspace_id as workspaceId, i.email, i.role, i.invited_by as invitedBy, i.created_at as createdAt,
      i.expires_at as expiresAt, u.email as inviterEmail
    from workspace_invitations as i join users as u on u.id = i.invited_by
    where i.workspace_id = ${workspaceId} and i.used_at is null and i.revoked_at is null and i.expires_at > ${nowMs}
    order by i.created_at desc, i.id`);
}

/** Withdraws an open invitation; false when there is none of that id in the workspace. */
export async function revokeInvitation(db: Database, workspaceId: string, invitationId: string): Promise<boolean> {
  const rows = await db.all<{ id: string }>(sql`
    update workspace_invitations set revoked_at = ${nowMs}
    where id = ${invitationId} and workspace_id = ${workspaceId} and used_at is null and revoked_at is null
    returning id`);
  return rows.length > 0;
}

export interface OpenInvitation extends PendingInvitationRecord {
  workspaceName: string;
  logoKey: string | null;
}

/** The invitation a token hash names while it works (unused, not withdrawn, not expired, its workspace alive). */
export async function openInvitation(db: Database, tokenHash: string, now: number): Promise<OpenInvitation | null> {
  const rows = await db.all<OpenInvitation>(sql`
    select i.id, i.workspace_id as workspaceId, i.email, i.role, i.invited_by as invitedBy, i.created_at as createdAt,
      i.expires_at as expiresAt, u.email as inviterEmail, w.name as workspaceName, w.logo_key as logoKey
    from workspace_invitations as i join workspaces as w on w.id = i.workspace_id join users as u on u.id = i.invited_by
    where i.token_hash = ${tokenHash} and i.used_at is null and i.revoked_at is null and i.expires_at > ${now}
      and w.deleted_at is null`);
  return rows[0] ?? null;
}

/**
 * Accepts in one batch: the invitation is claimed only while it works and names `email`, and the
 * membership is written only if this very claim happened (`used_at` is this call's instant). A
 * removed member's row comes back with the invitation's role and no cap; a current member keeps
 * theirs. Returns the workspace id, or null when the token did not work for this user.
 */
export async function acceptInvitation(db: Database, claim: { tokenHash: string; userId: string; email: string; now: number }): Promise<string | null> {
  const { tokenHash, userId, email, now } = claim;
  const [claimed] = await db.$client.batch<{ workspace_id: string }>([
    d1Statement(db, sql`
      update workspace_invitations set used_at = ${now}, used_by = ${userId}
      where token_hash = ${tokenHash} and used_at is null and revoked_at is null and expires_at > ${now} and email = ${email}
        and exists (select 1 from workspaces as w where w.id = workspace_invitations.workspace_id and w.deleted_at is null)
      returning workspace_id`),
    d1Statement(db, sql`
      insert into workspace_members (workspace_id, user_id, role)
      select workspace_id, ${userId}, role from workspace_invitations
      where token_hash = ${tokenHash} and used_by = ${userId} and used_at = ${now}
      on conflict (workspace_id, user_id) do update
        set role = excluded.role, monthly_cap = null, removed_at = null, created_at = ${nowMs}
        where workspace_members.removed_at is not null`),
  ]);
  return claimed?.results[0]?.workspace_id ?? null;
}

/**
 * The member's monthly cap when `cost` more would pass it this month (charges made this month less
 * their refunds), else null: what a refused charge, or the check before a paid validation, tells
 * the member. The charge itself decides in its own statement (worker/generation/charges.ts).
 */
export async function capPassedBy(db: Database, workspaceId: string, userId: string, cost: number, month: { start: number; end: number }): Promise<number | null> {
  const rows = await db.all<{ cap: number | null; spent: number }>(sql`
    select monthly_cap as cap, ${memberSpentSql(workspaceId, userId, month)} as spent
    from workspace_members where workspace_id = ${workspaceId} and user_id = ${userId}`);
  const row = rows[0];
  return row?.cap != null && row.spent + cost > row.cap ? row.cap : null;
}
