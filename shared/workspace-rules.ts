/**
 * Who may do what in a team workspace (docs/decisions/0096-workspaces.md). Pure: the Worker checks
 * every request with these functions and the app hides what they refuse, so the two never disagree.
 */

/** Highest first: each role may do everything the roles after it may. */
export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** Roles an invitation or a role change may give: a workspace has one owner, who made it. */
export const ASSIGNABLE_ROLES = ['admin', 'member', 'viewer'] as const satisfies readonly WorkspaceRole[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** The least role each action needs. */
const ACTION_MIN_ROLE = {
  /** See the workspace, its members, projects, versions, jobs, review links and client feedback; download images. */
  view: 'viewer',
  /** Resolve or reopen a client's comment on a project. */
  comment: 'viewer',
  /** Generate, edit a region, upscale: credits come from the workspace's pool. */
  generate: 'member',
  /** Create projects, rename them, edit briefs, pick heroes, move and star versions, change a version's visibility. */
  editProjects: 'member',
  /** Create and revoke review links of the workspace's projects. */
  shareProjects: 'member',
  /** Delete a version one made oneself, cancel one's own job. */
  deleteOwnGenerations: 'member',
  /** Delete or cancel anyone's version or job. */
  deleteAnyGeneration: 'admin',
  deleteProjects: 'admin',
  /** Invite, change roles and monthly caps, remove members (within canManageMember). */
  manageMembers: 'admin',
  /** The spend view, its ledger rows and CSV, and the workspace's ledger. */
  viewSpend: 'admin',
  /** Buy credits for the pool. */
  buyCredits: 'owner',
  /** Rename the workspace, set its logo, delete it. */
  manageWorkspace: 'owner',
} as const satisfies Record<string, WorkspaceRole>;
export type WorkspaceAction = keyof typeof ACTION_MIN_ROLE;

/** 3 for the owner … 0 for a viewer. */
function roleRank(role: WorkspaceRole): number {
  return WORKSPACE_ROLES.length - 1 - WORKSPACE_ROLES.indexOf(role);
}

/** Whether `role` may do `action` in its workspace. */
export function can(role: WorkspaceRole, action: WorkspaceAction): boolean {
  return roleRank(role) >= roleRank(ACTION_MIN_ROLE[action]);
}

/**
 * Whether `actor` may change or remove a member holding `target`: someone who may manage members,
 * over a role below their own (the owner over everyone else). Nobody changes or removes the owner;
 * leaving is canLeave's.
 */
export function canManageMember(actor: WorkspaceRole, target: WorkspaceRole): boolean {
  return can(actor, 'manageMembers') && target !== 'owner' && (actor === 'owner' || roleRank(target) < roleRank(actor));
}

/** The roles `actor` may give, by invitation or by a role change: never above their own, never owner. */
export function assignableRoles(actor: WorkspaceRole): AssignableRole[] {
  if (!can(actor, 'manageMembers')) return [];
  return ASSIGNABLE_ROLES.filter((role) => roleRank(role) <= roleRank(actor));
}

/** Any member but the owner may leave a workspace (DELETE of their own membership). */
export function canLeave(role: WorkspaceRole): boolean {
  return role !== 'owner';
}

/** A spend month as the API names it: `YYYY-MM`, a calendar month in UTC. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The UTC month holding `ms`, as `YYYY-MM`. */
export function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** The first and the last-plus-one millisecond of a `YYYY-MM` month in UTC; null for anything else. */
export function monthRange(month: string): { start: number; end: number } | null {
  const match = MONTH_PATTERN.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const index = Number(match[2]) - 1;
  return { start: Date.UTC(year, index, 1), end: Date.UTC(year, index + 1, 1) };
}

