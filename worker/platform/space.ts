/**
 * The space a request acts in (docs/decisions/0096-workspaces.md): the caller's personal space, or
 * a team workspace they belong to. The one place that turns a request's `workspaceId` into a space:
 * membership and role are read from D1 on every request, so a removed member is shut out at once.
 * Every feature that takes or lists the caller's things asks here, and scopes its statements with
 * `inSpace`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { authMessages, generalMessages, workspaceMessages } from '#shared/messages';
import type { Plan } from '#shared/plans';
import { can, type WorkspaceAction, type WorkspaceRole } from '#shared/workspace-rules';
import type { Database } from '../db/client';
import type { AppContext, PublicUser } from './context';
import { AppError } from './errors';

/** Who acts, and where: enough to scope a statement or address a notification. */
export interface SpaceRef {
  userId: string;
  /** Null: the user's personal space. */
  workspaceId: string | null;
}

export interface PersonalSpace extends SpaceRef {
  kind: 'personal';
  workspaceId: null;
  /** The balance that pays, and the plan that decides watermark, visibility and 4K. */
  credits: number;
  plan: Plan;
}

export interface WorkspaceSpace extends SpaceRef {
  kind: 'workspace';
  workspaceId: string;
  name: string;
  role: WorkspaceRole;
  credits: number;
  plan: Plan;
  /** The caller's monthly cap in credits; null for none. */
  monthlyCap: number | null;
}

export type Space = PersonalSpace | WorkspaceSpace;

const workspaceIdField = z.string().min(1).max(64).optional();

/** The query string's `workspaceId`, on routes that take nothing else there (the typed client may leave it out). */
export const spaceQuerySchema = z.object({ workspaceId: workspaceIdField }).optional();

/** The field to add to a query or body schema that has others. */
export const spaceField = { workspaceId: workspaceIdField };

export function personalSpace(user: Pick<PublicUser, 'id' | 'credits' | 'plan'>): PersonalSpace {
  return { kind: 'personal', userId: user.id, workspaceId: null, credits: user.credits, plan: user.plan };
}

const notFound = () => new AppError('not_found', generalMessages.notFound);

/** 403 naming what the role may not do; a personal space may do everything. */
export function requireAction(space: Space, action: WorkspaceAction): void {
  if (space.kind === 'workspace' && !can(space.role, action)) throw new AppError('forbidden', workspaceMessages.refused(action));
}

interface MembershipRow {
  name: string;
  credits: number;
  plan: Plan;
  role: WorkspaceRole;
  monthly_cap: number | null;
}

/**
 * The user's current membership of a workspace that exists, or null (never a member, removed, or
 * the workspace deleted: all the same to the caller).
 */
export async function findMembership(db: Database, userId: string, workspaceId: string): Promise<WorkspaceSpace | null> {
  const rows = await db.all<MembershipRow>(sql`
    select w.name, w.credits, w.plan, m.role, m.monthly_cap
    from workspace_members as m join workspaces as w on w.id = m.workspace_id
    where m.workspace_id = ${workspaceId} and m.user_id = ${userId} and m.removed_at is null and w.deleted_at is null`);
  const row = rows[0];
  if (!row) return null;
  return { kind: 'workspace', userId, workspaceId, name: row.name, role: row.role, credits: row.credits, plan: row.plan, monthlyCap: row.monthly_cap };
}

/**
 * The space `workspaceId` names for `user`: personal without one; else their workspace, a 404 for
 * anyone who is not a member (now), a 403 when their role may not do `action`.
 */
async function resolveSpace(db: Database, user: PublicUser, workspaceId: string | null | undefined, action: WorkspaceAction = 'view'): Promise<Space> {
  if (!workspaceId) return personalSpace(user);
  const space = await findMembership(db, user.id, workspaceId);
  if (!space) throw notFound();
  requireAction(space, action);
  return space;
}

/**
 * The signed-in caller's space for this request. `workspaceId` comes from the validated query, or
 * from a body that may carry it instead (`fromBody`): both, differing, is a 400.
 */
export async function callerSpace(
  c: AppContext,
  workspaceId: string | null | undefined,
  action: WorkspaceAction = 'view',
  fromBody?: string | null,
): Promise<Space> {
  const user = c.var.user;
  if (!user) throw new AppError('not_authenticated', authMessages.notAuthenticated);
  if (workspaceId && fromBody && workspaceId !== fromBody) {
    throw new AppError('invalid_request', generalMessages.invalidRequest, { field: 'workspaceId' });
  }
  return resolveSpace(c.var.db, user, workspaceId || fromBody, action);
}

/** The workspaces the user is a member of now. */
export async function memberWorkspaceIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db.all<{ workspace_id: string }>(sql`
    select m.workspace_id from workspace_members as m join workspaces as w on w.id = m.workspace_id
    where m.user_id = ${userId} and m.removed_at is null and w.deleted_at is null`);
  return rows.map((row) => row.workspace_id);
}

/**
 * What a route adds to the request an Idempotency-Key is tied to: the workspace it acts in, so one
 * key cannot name a personal job and a workspace's. Nothing for the personal space (hashes kept
 * before workspaces stay valid).
 */
export function spaceSuffix(space: SpaceRef): string {
  return space.workspaceId === null ? '' : ` in workspace ${space.workspaceId}`;
}

/**
 * The rows of a table with `user_id` and `workspace_id` (qualified by `alias` when given) that
 * belong to the space: a workspace's rows whoever made them, or the user's own outside every
 * workspace.
 */
export function inSpace(space: SpaceRef, alias?: string): SQL {
  const column = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  if (space.workspaceId !== null) return sql`${column('workspace_id')} = ${space.workspaceId}`;
  return sql`${column('user_id')} = ${space.userId} and ${column('workspace_id')} is null`;
}

/** The balance that pays in the space, as a scalar subquery. */
export function balanceOf(space: SpaceRef): SQL {
  if (space.workspaceId !== null) return sql`(select credits from workspaces where id = ${space.workspaceId})`;
  return sql`(select credits from users where id = ${space.userId})`;
}

/** The balance and plan of the space: the user's own, or the workspace's pool; undefined when it is gone. */
export async function spaceBalance(db: Database, space: SpaceRef): Promise<{ credits: number; plan: Plan } | undefined> {
  const rows =
    space.workspaceId !== null
      ? await db.all<{ credits: number; plan: Plan }>(sql`select credits, plan from workspaces where id = ${space.workspaceId}`)
      : await db.all<{ credits: number; plan: Plan }>(sql`select credits, plan from users where id = ${space.userId}`);
  return rows[0];
}
