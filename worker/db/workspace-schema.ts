/**
 * Who belongs to a team workspace and who is invited (docs/decisions/0096-workspaces.md), apart from
 * the core schema in schema.ts (which holds `workspaces` itself, the money boundary); drizzle.config.ts
 * reads this file too.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ASSIGNABLE_ROLES, WORKSPACE_ROLES } from '#shared/workspace-rules';
import { createdAt, users, workspaces } from './schema';

/**
 * A member and their role. Removing one sets `removed_at`: the row stays, so their spend and their
 * name on what they made stay, and every access check (`removed_at is null`) shuts them out at once.
 * Accepting a new invitation brings the same row back.
 */
export const workspaceMembers = sqliteTable(
  'workspace_members',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    /** Credits the member may spend a UTC calendar month; null for no cap. */
    monthlyCap: integer('monthly_cap'),
    joinedAt: createdAt(),
    removedAt: integer('removed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId).where(sql`${t.removedAt} is null`),
    // One owner a workspace, whatever else happens to its rows.
    uniqueIndex('workspace_members_owner_unique').on(t.workspaceId).where(sql`${t.role} = 'owner'`),
    check('workspace_members_role_check', sql`${t.role} in ('owner', 'admin', 'member', 'viewer')`),
    check('workspace_members_cap_check', sql`${t.monthlyCap} is null or ${t.monthlyCap} >= 0`),
  ],
);

/**
 * An invitation by link, naming the invitee's email: the token is shown once (and emailed) and
 * kept only as its SHA-256. It works once (`used_at`, set by one conditional statement), until
 * `expires_at`, unless withdrawn (`revoked_at`).
 */
export const workspaceInvitations = sqliteTable(
  'workspace_invitations',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Normalised as sign-up normalises it. */
    email: text('email').notNull(),
    role: text('role', { enum: ASSIGNABLE_ROLES }).notNull(),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    usedBy: text('used_by'),
    revokedAt: integer('revoked_at'),
  },
  (t) => [
    uniqueIndex('workspace_invitations_token_hash_unique').on(t.tokenHash),
    index('workspace_invitations_workspace_idx').on(t.workspaceId, t.createdAt),
    check('workspace_invitations_role_check', sql`${t.role} in ('admin', 'member', 'viewer')`),
  ],
);

export type WorkspaceMemberRow = typeof workspaceMembers.$inferSelect;
export type WorkspaceInvitationRow = typeof workspaceInvitations.$inferSelect;
