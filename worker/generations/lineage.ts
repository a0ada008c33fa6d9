/**
 * A generation's lineage (docs/decisions/0063-lineage.md): its ancestors, root first, following
 * `parent_id`, and its descendants at every depth, oldest first. Both walks are recursive CTEs
 * that follow only the owner's rows, so a tree never reaches into another user's generations.
 */
import { sql } from 'drizzle-orm';
import { LINEAGE_MAX_DEPTH } from '../platform/limits';
import { generalMessages } from '#shared/messages';
import type { LineageResponse } from '#shared/generations-types';
import type { Database } from '../db/client';
import { ownRow } from './queries';
import { toVersionedItems, toVersionedRow, versionedColumns, type RawVersionedRow, type VersionedRow } from './versioned';
import { AppError } from '../platform/errors';

async function ancestorRows(db: Database, userId: string, id: string): Promise<VersionedRow[]> {
  const rows = await db.all<RawVersionedRow>(sql`
    with recursive ancestors(id, depth) as (
      select parent_id, 1 from generations where id = ${id} and user_id = ${userId}
      union all
      select parent.parent_id, ancestors.depth + 1
      from ancestors join generations as parent on parent.id = ancestors.id and parent.user_id = ${userId}
      where ancestors.depth < ${LINEAGE_MAX_DEPTH})
    select ${versionedColumns(userId)}
    from ancestors join generations on generations.id = ancestors.id and generations.user_id = ${userId}
    order by ancestors.depth desc`);
  return rows.map(toVersionedRow);
}

async function descendantRows(db: Database, userId: string, id: string): Promise<VersionedRow[]> {
  const rows = await db.all<RawVersionedRow>(sql`
    with recursive descendants(id, depth) as (
      select id, 0 from generations where id = ${id} and user_id = ${userId}
      union all
      select child.id, descendants.depth + 1
      from descendants join generations as child on child.parent_id = descendants.id and child.user_id = ${userId}
      where descendants.depth < ${LINEAGE_MAX_DEPTH})
    select ${versionedColumns(userId)}
    from generations
    where generations.id in (select id from descendants where depth > 0)
    order by generations.created_at asc, generations.id asc`);
  return rows.map(toVersionedRow);
}

export async function lineage(deps: { db: Database; signingSecret: string }, userId: string, id: string): Promise<LineageResponse> {
  if (!(await ownRow(deps.db, userId, id))) throw new AppError('not_found', generalMessages.notFound);
  const [ancestors, descendants] = await Promise.all([ancestorRows(deps.db, userId, id), descendantRows(deps.db, userId, id)]);
  return {
    ancestors: await toVersionedItems(deps.signingSecret, ancestors, userId),
    descendants: await toVersionedItems(deps.signingSecret, descendants, userId),
  };
}
