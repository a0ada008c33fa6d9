/**
 * The workspaces' UI rules as pure functions (tested without a DOM): what the caller may do in a
 * space and to each member, which logo files may go, which months the spend view offers, and where
 * a switch of space leads. Who may do what is shared/workspace-rules.ts.
 */
import { WORKSPACE_LOGO_MAX_BYTES, WORKSPACE_LOGO_TYPES } from '#shared/limits';
import { workspaceMessages } from '#shared/messages/workspaces';
import {
  assignableRoles,
  can,
  canLeave,
  canManageMember,
  monthOf,
  type AssignableRole,
  type WorkspaceAction,
  type WorkspaceRole,
} from '#shared/workspace-rules';
import type { WorkspaceMember } from '#shared/workspace-types';
import { paths } from '../app/routing';
import { projectIdFrom, searchWithProject } from '../studio/project-rules';

/** Whether the caller may do `action` in the current space: everything in their own, by role in a workspace. */
export function spaceAllows(role: WorkspaceRole | null, action: WorkspaceAction): boolean {
  return role === null || can(role, action);
}

/** Why the caller may not do `action` in the current space; null when they may. */
export function spaceRefusal(role: WorkspaceRole | null, action: WorkspaceAction): string | null {
  return spaceAllows(role, action) ? null : workspaceMessages.refused(action);
}

/** What the caller may do to one row of the members table. */
export interface MemberActions {
  /** The roles the role picker offers (the member's own among them); empty: the role is shown as text. */
  roles: AssignableRole[];
  /** Whether the monthly cap may be set or cleared. */
  changeCap: boolean;
  /** Remove (someone else) or Leave (oneself). */
  remove: 'remove' | 'leave' | null;
}

export function memberActions(actor: WorkspaceRole, actorId: string, member: Pick<WorkspaceMember, 'userId' | 'role'>): MemberActions {
  if (member.userId === actorId) return { roles: [], changeCap: false, remove: canLeave(actor) ? 'leave' : null };
  if (!canManageMember(actor, member.role)) return { roles: [], changeCap: false, remove: null };
  const roles = assignableRoles(actor);
  // A member above what the actor may give (an admin under the owner) keeps their role in the list.
  const offered = member.role !== 'owner' && !roles.includes(member.role) ? [member.role, ...roles] : roles;
  return { roles: offered, changeCap: true, remove: 'remove' };
}

/**
 * A monthly cap as typed: blank clears it (null), a whole number of credits from 0 sets it;
 * anything else is `invalid`, and nothing is sent.
 */
export function parseCap(text: string): { cap: number | null } | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return { cap: null };
  if (!/^\d{1,7}$/.test(trimmed)) return 'invalid';
  return { cap: Number(trimmed) };
}

/** The months the spend view offers, newest first: this UTC month and the `count - 1` before it, as `YYYY-MM`. */
export function recentMonths(now: number, count = 12): string[] {
  const date = new Date(now);
  return Array.from({ length: count }, (_, back) => monthOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - back, 1)));
}

const MONTH_NAME = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `2026-11` as "November 2026"; anything unreadable as it is. */
export function monthName(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return MONTH_NAME.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

/** A line's share of the month's total, as a whole percentage for its bar (0 when nothing was spent). */
export function shareOf(credits: number, total: number): number {
  return total > 0 ? Math.round((Math.max(0, credits) / total) * 100) : 0;
}

/** A role as a sentence says it: "an admin", "a viewer". */
export function withArticle(role: WorkspaceRole): string {
  return `${role === 'admin' || role === 'owner' ? 'an' : 'a'} ${role}`;
}

/**
 * Where a screen goes when the space changes under it, or null to stay: a project, its board and a
 * comparison belong to the space they were opened in, so they give way to the new space's
 * projects or dashboard; the studio closes the project it had open.
 */
export function pathAfterSwitch(location: string, search: string): string | null {
  if (location.startsWith(`${paths.projects}/`)) return paths.projects;
  if (location === paths.compare) return paths.dashboard;
  if (projectIdFrom(search) !== null) return `${location}${searchWithProject(search, null)}`;
  return null;
}

/** Why a picked logo cannot go, before anything is sent (the Worker's own rule, on its declared type); null when it may. */
export function logoProblem(file: Pick<File, 'size' | 'type'>): string | null {
  const typed = (WORKSPACE_LOGO_TYPES as readonly string[]).includes(file.type);
  return file.size > WORKSPACE_LOGO_MAX_BYTES || !typed ? workspaceMessages.logoInvalid : null;
}
