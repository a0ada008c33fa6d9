/**
 * The generations of the caller's space for the dashboard — their own, or a workspace's whoever
 * made them (docs/decisions/0096-workspaces.md): listing, visibility and deletion.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { StoredImage } from '#shared/generation-types';
import { d1Statement, type Database } from '../db/client';
import { inSpace, type SpaceRef } from '../platform/space';
import { CARD_COLUMNS, toCardRow, type CardRow, type RawCardRow } from '../gallery';
import type { GenerationPatch } from './requests';
import { keepNameIfSameProject, nameVersionStatements } from './version-names';
import { toVersionedRow, versionedColumns, type RawVersionedRow, type VersionedRow } from './versioned';

const nowMs = sql`cast(unixepoch('subsec') * 1000 as integer)`;

export interface GenerationPosition {
  createdAt: number;
  id: string;
}

/**
 * The space's generations, newest first, served by the (user_id, created_at) or (workspace_id,
 * created_at) index; one project's only when `projectId` is set (the (project_id, created_at) index).
 */
export async function spaceRows(
  db: Database,
  space: SpaceRef,
  after: GenerationPosition | null,
  limit: number,
  projectId: string | null = null,
): Promise<VersionedRow[]> {
  const afterFilter = after
    ? sql` and (created_at < ${after.createdAt} or (created_at = ${after.createdAt} and id < ${after.id}))`
    : sql``;
  const projectFilter = projectId === null ? sql`` : sql` and project_id = ${projectId}`;
  const rows = await db.all<RawVersionedRow>(sql`
    select ${versionedColumns(space.userId)}
    from generations
    where ${inSpace(space, 'generations')}${projectFilter}${afterFilter}
    order by created_at desc, id desc
    limit ${limit}`);
  return rows.map(toVersionedRow);
}

/** One of the space's generations, or null when it is missing or another space's. */
export async function spaceRow(db: Database, space: SpaceRef, id: string): Promise<VersionedRow | null> {
  const rows = await db.all<RawVersionedRow>(sql`
    select ${versionedColumns(space.userId)} from generations where id = ${id} and ${inSpace(space, 'generations')}`);
  return rows[0] ? toVersionedRow(rows[0]) : null;
}

/**
 * Changes visibility, project and star in one batch, conditional on the space holding the
 * generation and, when it moves into a project, that project too; the projects it leaves and
 * joins are marked used in the same batch, only when the move happens, and a generation that joins
 * a project is given its version name there (./version-names.ts). False when not the space's.
 */
export async function patchRow(db: Database, space: SpaceRef, id: string, patch: GenerationPatch): Promise<boolean> {
  const sets: SQL[] = [];
  if (patch.visibility) sets.push(sql`visibility = ${patch.visibility}`);
  if (patch.starred !== undefined) {
    sets.push(patch.starred ? sql`starred_at = coalesce(starred_at, cast(unixepoch('subsec') * 1000 as integer))` : sql`starred_at = null`);
  }
  if (patch.projectId !== undefined) sets.push(sql`project_id = ${patch.projectId}`, keepNameIfSameProject(patch.projectId));
  const target = patch.projectId ? sql`exists (select 1 from projects as target where target.id = ${patch.projectId} and ${inSpace(space, 'target')})` : sql`1`;
  const update = d1Statement(db, sql`
    update generations set ${sql.join(sets, sql`, `)} where id = ${id} and ${inSpace(space)} and ${target} returning id`);
  if (patch.projectId === undefined) {
    const [updated] = await db.$client.batch<{ id: string }>([update]);
    return (updated?.results.length ?? 0) > 0;
  }
  const leaving = sql`(select project_id from generations where id = ${id} and ${inSpace(space)})`;
  const statements = [d1Statement(db, sql`update projects set updated_at = ${nowMs}
    where ${inSpace(space)} and id = ${leaving} and ${target}`), update];
  if (patch.projectId) {
    const joined = sql`exists (select 1 from generations where id = ${id} and ${inSpace(space)} and project_id = ${patch.projectId})`;
    statements.push(
      d1Statement(db, sql`update projects set updated_at = ${nowMs}
      where id = ${patch.projectId} and ${inSpace(space)} and ${joined}`),
      ...nameVersionStatements(db, space, id, patch.projectId),
    );
  }
  const [, updated] = await db.$client.batch<{ id: string }>(statements);
  return (updated?.results.length ?? 0) > 0;
}

/**
 * Deletes the row (its likes go with it, by the foreign key) and marks its job deleted in the
 * same batch: the job stays `done` as the tombstone that keeps the charge from ever looking
 * unfinished. `madeBy` narrows it to one maker's (a member deleting their own). The deleted row, or null.
 */
export async function deleteRow(db: Database, space: SpaceRef, id: string, madeBy?: string): Promise<CardRow | null> {
  const maker = madeBy === undefined ? sql`1` : sql`user_id = ${madeBy}`;
  const [, deleted] = await db.$client.batch<RawCardRow>([
    d1Statement(db, sql`
      update generation_jobs set deleted_at = cast(unixepoch('subsec') * 1000 as integer)
      where id = ${id}
        and exists (select 1 from generations where id = ${id} and ${inSpace(space)} and ${maker})`),
    d1Statement(db, sql`
      delete from generations where id = ${id} and ${inSpace(space)} and ${maker}
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

/**
 * Image `index` of one of the space's generations; while its job still runs (no row yet), the
 * job's view of that index. Null when neither is the space's or the image does not exist.
 */
export async function spaceImage(db: Database, space: SpaceRef, id: string, index: number): Promise<StoredImage | null> {
  const path = `$[${index}]`;
  const saved = await db.all<{ image: string | null }>(sql`
    select json_extract(images, ${path}) as image from generations where id = ${id} and ${inSpace(space)}`);
  if (saved[0]) return parseImage(saved[0].image);
  const running = await db.all<{ image: string | null }>(sql`
    select json_extract(views, ${`${path}.image`}) as image from generation_jobs
    where id = ${id} and ${inSpace(space)} and status = 'pending' and deleted_at is null`);
  return parseImage(running[0]?.image ?? null);
}

function parseImage(text: string | null): StoredImage | null {
  if (!text) return null;
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null ? (value as StoredImage) : null;
}
