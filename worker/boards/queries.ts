/**
 * Saved boards in D1 (docs/decisions/0088-saved-boards.md): one row a project, written only on a
 * project of the caller's space in the same statement (their own, or their workspace's:
 * docs/decisions/0096-workspaces.md), so another space's project is simply "no row".
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { inSpace, type SpaceRef } from '../platform/space';

const nowMs = sql`cast(unixepoch('subsec') * 1000 as integer)`;

export interface StoredBoard {
  board: string;
  updatedAt: number;
}

/** Whether the project is the space's. */
export async function holdsProject(db: Database, space: SpaceRef, projectId: string): Promise<boolean> {
  const rows = await db.all<{ id: string }>(sql`select id from projects where id = ${projectId} and ${inSpace(space)}`);
  return rows.length > 0;
}

/** The project's board, when the project is the space's and a board was saved. */
export async function findBoard(db: Database, space: SpaceRef, projectId: string): Promise<StoredBoard | null> {
  const rows = await db.all<StoredBoard>(sql`
    select b.board, b.updated_at as updatedAt from project_boards as b join projects as p on p.id = b.project_id
    where b.project_id = ${projectId} and ${inSpace(space, 'p')}`);
  return rows[0] ?? null;
}

/**
 * Saves the board of a project of the space in one statement, `user_id` naming who saved it last;
 * null when the project is not the space's.
 */
export async function saveBoard(db: Database, space: SpaceRef, projectId: string, board: string): Promise<number | null> {
  const rows = await db.all<{ updatedAt: number }>(sql`
    insert into project_boards (project_id, user_id, board, updated_at)
    select id, ${space.userId}, ${board}, ${nowMs} from projects where id = ${projectId} and ${inSpace(space)}
    on conflict (project_id) do update set board = excluded.board, updated_at = excluded.updated_at, user_id = excluded.user_id
    returning updated_at as updatedAt`);
  return rows[0]?.updatedAt ?? null;
}

/**
 * The practice a board's title block and a reply name: a workspace's own name; for the personal
 * space, the name and logo of the user's most recently saved board of their own projects that names one.
 */
export async function latestPractice(db: Database, space: SpaceRef): Promise<{ name: string; logoKey: string | null } | null> {
  if (space.workspaceId !== null) {
    const rows = await db.all<{ name: string }>(sql`select name from workspaces where id = ${space.workspaceId}`);
    return rows[0] ? { name: rows[0].name, logoKey: null } : null;
  }
  const rows = await db.all<{ name: string; logoKey: string | null }>(sql`
    select json_extract(b.board, '$.title.practiceName') as name, json_extract(b.board, '$.title.logoKey') as logoKey
    from project_boards as b join projects as p on p.id = b.project_id
    where b.user_id = ${space.userId} and p.workspace_id is null and coalesce(json_extract(b.board, '$.title.practiceName'), '') <> ''
    order by b.updated_at desc limit 1`);
  return rows[0] ?? null;
}

/** Which of these uploaded keys a board shows as its logo (the upload cleanup keeps them), whoever saved the board. */
export async function logosInUse(db: Database, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.all<{ key: string }>(sql`
    select distinct json_extract(board, '$.title.logoKey') as key from project_boards
    where json_extract(board, '$.title.logoKey') in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)})`);
  return new Set(rows.map((row) => row.key));
}
