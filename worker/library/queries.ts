/** A user's own generations for the dashboard: listing, visibility and deletion (owner only). */
import { sql } from 'drizzle-orm';
import type { GenerationVisibility } from '#shared/gallery-types';
import { d1Statement, type Database } from '../db/client';
import { CARD_COLUMNS, toCardRow, type CardRow, type RawCardRow } from '../gallery/card-rows';

export interface LibraryPosition {
  createdAt: number;
  id: string;
}

function ownLikedColumn(userId: string) {
  return sql`exists (select 1 from liked where liked.user_id = ${userId} and liked.generation_id = generations.id)`;
}

/** The owner's generations, newest first, served by the (user_id, created_at) index. */
export async function ownRows(
  db: Database,
  userId: string,
  after: LibraryPosition | null,
  limit: number,
): Promise<CardRow[]> {
  const afterFilter = after
    ? sql` and (created_at < ${after.createdAt} or (created_at = ${after.createdAt} and id < ${after.id}))`
    : sql``;
  const rows = await db.all<RawCardRow>(sql`
    select ${sql.raw(CARD_COLUMNS)}, ${ownLikedColumn(userId)} as liked
    from generations
    where user_id = ${userId}${afterFilter}
    order by created_at desc, id desc
    limit ${limit}`);
  return rows.map(toCardRow);
}

/** One of the owner's generations, or null when it is missing or someone else's. */
export async function ownRow(db: Database, userId: string, id: string): Promise<CardRow | null> {
  const rows = await db.all<RawCardRow>(sql`
    select ${sql.raw(CARD_COLUMNS)}, ${ownLikedColumn(userId)} as liked
    from generations where id = ${id} and user_id = ${userId}`);
  return rows[0] ? toCardRow(rows[0]) : null;
}

/** Sets the visibility in one conditional statement; false when not the owner's. */
export async function setVisibility(
  db: Database,
  userId: string,
  id: string,
  visibility: GenerationVisibility,
): Promise<boolean> {
  const rows = await db.all<{ id: string }>(sql`
    update generations set visibility = ${visibility}
    where id = ${id} and user_id = ${userId} returning id`);
  return rows.length > 0;
}

/**
 * Deletes the row (its likes go with it, by the foreign key) and marks its job deleted in the
 * same batch: the job stays `done` as the tombstone that keeps the charge from ever looking
 * unfinished. The deleted row, or null.
 */
export async function deleteOwnRow(db: Database, userId: string, id: string): Promise<CardRow | null> {
  const [, deleted] = await db.$client.batch<RawCardRow>([
    d1Statement(db, sql`
      update generation_jobs set deleted_at = cast(unixepoch('subsec') * 1000 as integer)
      where id = ${id} and user_id = ${userId}
        and exists (select 1 from generations where id = ${id} and user_id = ${userId})`),
    d1Statement(db, sql`
      delete from generations where id = ${id} and user_id = ${userId}
      returning ${sql.raw(CARD_COLUMNS)}, 0 as liked`),
  ]);
  const row = deleted?.results[0];
  return row ? toCardRow(row) : null;
}

/** Which of these reference keys another generation of the user still uses. */
export async function referencesStillUsed(db: Database, userId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.all<{ value: string }>(sql`
    select distinct refs.value as value
    from generations, json_each(generations.reference_images) as refs
    where generations.user_id = ${userId}
      and refs.value in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)})`);
  return new Set(rows.map((row) => row.value));
}
