/**
 * A generation's lineage (docs/decisions/0063-lineage.md): its ancestors, root first, following
 * `parent_id`, and its descendants at every depth, oldest first. Both walks are recursive CTEs
 * that follow only the space's rows, so a tree never reaches into another space's generations.
 */
import { sql } from 'drizzle-orm';
import { LINEAGE_MAX_DEPTH } from '../platform/limits';
import { generalMessages } from '#shared/messages';
import type { LineageResponse } from '#shared/generations-types';
import type { Database } from '../db/client';
import { inSpace, type SpaceRef } from '../platform/space';
import { spaceRow } from './queries';
import { toVersionedItems, toVersionedRow, versionedColumns, type RawVersionedRow, type VersionedRow } from './versioned';
import { AppError } from '../platform/errors';

async function ancestorRows(db: Database, space: SpaceRef, id: string): Promise<VersionedRow[]> {
  const rows = await db.all<RawVersionedRow>(sql`
    with recursive ancestors(id, depth) as (
      select parent_id, 1 from generations where id = ${id} and ${inSpace(space)}
      union all
      select parent.parent_id, ancestors.depth + 1
      from ancestors join generations as parent on parent.id = ancestors.id and ${inSpace(space, 'parent')}
      where ancestors.depth < ${LINEAGE_MAX_DEPTH})
    select ${versionedColumns(space.userId)}
    from ancestors join generations on generations.id = ancestors.id and ${inSpace(space, 'generations')}
    order by ancestors.depth desc`);
  return rows.map(toVersionedRow);
}

async function descendantRows(db: Database, space: SpaceRef, id: string): Promise<VersionedRow[]> {
  const rows = await db.all<RawVersionedRow>(sql`
    with recursive descendants(id, depth) as (
      select id, 0 from generations where id = ${id} and ${inSpace(space)}
      union all
      select child.id, descendants.depth + 1
      from descendants join generations as child on child.parent_id = descendants.id and ${inSpace(space, 'child')}
      where descendants.depth < ${LINEAGE_MAX_DEPTH})
    select ${versionedColumns(space.userId)}
    from generations
    where generations.id in (select id from descendants where depth > 0)
    order by generations.created_at asc, generations.id asc`);
  return rows.map(toVersionedRow);
}

export async function lineage(deps: { db: Database; signingSecret: string }, space: SpaceRef, id: string): Promise<LineageResponse> {
  if (!(await spaceRow(deps.db, space, id))) throw new AppError('not_found', generalMessages.notFound);
  const [ancestors, descendants] = await Promise.all([ancestorRows(deps.db, space, id), descendantRows(deps.db, space, id)]);
  return {
    ancestors: await toVersionedItems(deps.signingSecret, ancestors, space.userId),
    descendants: await toVersionedItems(deps.signingSecret, descendants, space.userId),
  };
}
