/**
 * Saved boards in D1 (docs/decisions/0088-saved-boards.md): one row a project, written only on a
 * project of the caller's in the same statement, so another user's project is simply "no row".
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

const nowMs = sql`cast(unixepoch('subsec') * 1000 as integer)`;

export interface StoredBoard {
  board: string;
  updatedAt: number;
}

/** Whether the project is the caller's. */
export async function ownsProject(db: Database, userId: string, projectId: string): Promise<boolean> {
  const rows = await db.all<{ id: string }>(sql`select id from projects where id = ${projectId} and user_id = ${userId}`);
  return rows.length > 0;
}

/** The project's board, when the project is the caller's and a board was saved. */
export async function findBoard(db: Database, userId: string, projectId: string): Promise<StoredBoard | null> {
  const rows = await db.all<StoredBoard>(sql`
    select board, updated_at as updatedAt from project_boards where project_id = ${projectId} and user_id = ${userId}`);
  return rows[0] ?? null;
}

/** Saves the board of a project of the caller's in one statement; null when the project is not theirs. */
export async function saveBoard(db: Database, userId: string, projectId: string, board: string): Promise<number | null> {
  const rows = await db.all<{ updatedAt: number }>(sql`
    insert into project_boards (project_id, user_id, board, updated_at)
    select id, user_id, ${board}, ${nowMs} from projects where id = ${projectId} and user_id = ${userId}
    on conflict (project_id) do update set board = excluded.board, updated_at = excluded.updated_at
    returning updated_at as updatedAt`);
  return rows[0]?.updatedAt ?? null;
}

/** The practice name and logo of the caller's most recently saved board that names a practice. */
export async function latestPractice(db: Database, userId: string): Promise<{ name: string; logoKey: string | null } | null> {
  const rows = await db.all<{ name: string; logoKey: string | null }>(sql`
    select json_extract(board, '$.title.practiceName') as name, json_extract(board, '$.title.logoKey') as logoKey
    from project_boards
    where user_id = ${userId} and coalesce(json_extract(board, '$.title.practiceName'), '') <> ''
    order by updated_at desc limit 1`);
  return rows[0] ?? null;
}

/** Which of these uploaded keys a board of the user shows as its logo (the upload cleanup keeps them). */
export async function logosInUse(db: Database, userId: string, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.all<{ key: string }>(sql`
    select distinct json_extract(board, '$.title.logoKey') as key from project_boards
    where user_id = ${userId} and json_extract(board, '$.title.logoKey') in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)})`);
  return new Set(rows.map((row) => row.key));
}
