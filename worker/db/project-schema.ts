/**
 * Tables that belong to a project beside its generations: the register of version names
 * (docs/decisions/0087-version-names.md) and the saved presentation board
 * (docs/decisions/0088-saved-boards.md). drizzle.config.ts reads this file with schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, projects, users } from './schema';

/**
 * Every version name a project ever issued. The key (project, tree, number) makes a name unique,
 * and a row outlives its generation (no foreign key to it), so a deleted or moved-out version's
 * name is never issued again: "B3" keeps meaning what the client approved.
 */
export const versionNames = sqliteTable(
  'version_names',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tree: integer('tree').notNull(),
    number: integer('number').notNull(),
    generationId: text('generation_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.tree, t.number] }),
    index('version_names_generation_idx').on(t.generationId),
    check('version_names_place_check', sql`${t.tree} >= 0 and ${t.number} >= 1`),
  ],
);

/** A project's presentation board as its owner left it: one JSON document, validated and size-capped by the Worker. */
export const projectBoards = sqliteTable(
  'project_boards',
  {
    projectId: text('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    board: text('board').notNull(),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('project_boards_user_updated_idx').on(t.userId, t.updatedAt)],
);
