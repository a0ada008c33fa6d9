/**
 * The generations a ZIP holds, read with what names their images (./entry-names.ts): the project's
 * name and each generation's version — its depth in its version tree, counting only ancestors in
 * its own project, as the presentation board counts it (frontend/board/board-model.ts versionDepths).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { StoredImage } from '#shared/generation-types';
import type { Database } from '../db/client';
import { inSpace, type SpaceRef } from '../platform/space';

export interface DownloadRow {
  id: string;
  prompt: string;
  projectName: string | null;
  images: StoredImage[];
  createdAt: number;
  version: number;
}

/** A version tree deeper than this is not walked further (none is: a guard against a cycle). */
const MAX_DEPTH = 10_000;

/** `scope` picks the space's generations (a condition on `g`); they come back oldest first, by project. */
async function downloadRows(db: Database, space: SpaceRef, scope: SQL, limit: number): Promise<DownloadRow[]> {
  const rows = await db.all<Omit<DownloadRow, 'images'> & { images: string }>(sql`
    with recursive picked as (
      select g.id, g.parent_id, g.project_id, g.prompt, g.images, g.created_at from generations g
      where ${inSpace(space, 'g')} and g.image_count > 0 and ${scope}
      order by g.created_at, g.id limit ${limit}
    ),
    chain(start, parent, project, depth) as (
      select id, parent_id, project_id, 1 from picked
      union all
      select chain.start, p.parent_id, chain.project, chain.depth + 1
      from chain join generations p on p.id = chain.parent and ${inSpace(space, 'p')} and p.project_id is chain.project
      where chain.depth < ${MAX_DEPTH}
    )
    select picked.id, picked.prompt, picked.images, picked.created_at as createdAt, projects.name as projectName,
      (select max(depth) from chain where chain.start = picked.id) as version
    from picked left join projects on projects.id = picked.project_id
    order by projects.name is null, projects.name, picked.created_at, picked.id`);
  return rows.map((row) => ({ ...row, images: JSON.parse(row.images) as StoredImage[] }));
}

/** The project's generations with images, at most `limit`; a project of the space only (check it first). */
export function projectDownloadRows(db: Database, space: SpaceRef, projectId: string, limit: number): Promise<DownloadRow[]> {
  return downloadRows(db, space, sql`g.project_id = ${projectId}`, limit);
}

/** Those of `ids` that are the space's and have images (one bound list, however many ids: D1 binds at most 100). */
export function selectedDownloadRows(db: Database, space: SpaceRef, ids: readonly string[]): Promise<DownloadRow[]> {
  return downloadRows(db, space, sql`g.id in (select value from json_each(${JSON.stringify(ids)}))`, ids.length);
}

/** Whether the space holds the generations: how many of `ids` are its, with or without images. */
export async function heldCount(db: Database, space: SpaceRef, ids: readonly string[]): Promise<number> {
  const rows = await db.all<{ held: number }>(sql`
    select count(*) as held from generations where ${inSpace(space)} and id in (select value from json_each(${JSON.stringify(ids)}))`);
  return rows[0]?.held ?? 0;
}
