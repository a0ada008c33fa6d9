/**
 * The generations a ZIP holds, read with what names their images (./entry-names.ts): the project's
 * name and each generation's stored version name (docs/decisions/0087-version-names.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { StoredImage } from '#shared/generation-types';
import type { VersionRef } from '#shared/version-names';
import type { Database } from '../db/client';
import { inSpace, type SpaceRef } from '../platform/space';

export interface DownloadRow {
  id: string;
  prompt: string;
  projectName: string | null;
  images: StoredImage[];
  createdAt: number;
  /** Its name in its project; null outside any. */
  version: VersionRef | null;
}

interface RawDownloadRow extends Omit<DownloadRow, 'images' | 'version'> {
  images: string;
  versionTree: number | null;
  versionNumber: number | null;
}

/** `scope` picks the space's generations (a condition on `g`); they come back oldest first, by project. */
async function downloadRows(db: Database, space: SpaceRef, scope: SQL, limit: number): Promise<DownloadRow[]> {
  const rows = await db.all<RawDownloadRow>(sql`
    select g.id, g.prompt, g.images, g.created_at as createdAt, projects.name as projectName,
      g.version_tree as versionTree, g.version_number as versionNumber
    from (
      select * from generations as g
      where ${inSpace(space, 'g')} and g.image_count > 0 and ${scope}
      order by g.created_at, g.id limit ${limit}
    ) as g left join projects on projects.id = g.project_id
    order by projects.name is null, projects.name, g.created_at, g.id`);
  return rows.map(({ versionTree, versionNumber, ...row }) => ({
    ...row,
    images: JSON.parse(row.images) as StoredImage[],
    version: versionTree === null || versionNumber === null ? null : { tree: versionTree, number: versionNumber },
  }));
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
