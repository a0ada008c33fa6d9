/**
 * Issuing version names (docs/decisions/0087-version-names.md). A generation that enters a project
 * — made in it, or moved into it — gets its name in the same batch: its parent's tree when the
 * parent is named in that project, else a new tree; the next number of that tree. Counters are the
 * project's register of names ever issued (version_names), not its current generations, so deleting
 * or moving a version never renames another and its name is never issued again.
 */
import { sql } from 'drizzle-orm';
import { d1Statement, type Database } from '../db/client';
import { inSpace, type SpaceRef } from '../platform/space';

/**
 * The two statements that name generation `generationId` in project `projectId`, for a batch that
 * has already put it there: the first sets its tree and number (only while it has none), the second
 * registers the name (a repeat registers nothing). Nothing happens when it is not in the project.
 */
export function nameVersionStatements(db: Database, space: SpaceRef, generationId: string, projectId: string): D1PreparedStatement[] {
  const parentTree = sql`(select parent.version_tree from generations as parent
    where parent.id = (select child.parent_id from generations as child where child.id = ${generationId})
      and parent.project_id = ${projectId} and ${inSpace(space, 'parent')})`;
  const newTree = sql`(select coalesce(max(issued.tree) + 1, 0) from version_names as issued where issued.project_id = ${projectId})`;
  return [
    d1Statement(db, sql`
      update generations set
        version_tree = pick.tree,
        version_number = (select coalesce(max(issued.number), 0) + 1 from version_names as issued
          where issued.project_id = ${projectId} and issued.tree = pick.tree)
      from (select coalesce(${parentTree}, ${newTree}) as tree) as pick
      where generations.id = ${generationId} and ${inSpace(space, 'generations')}
        and generations.project_id = ${projectId} and generations.version_tree is null`),
    d1Statement(db, sql`
      insert into version_names (project_id, tree, number, generation_id)
      select project_id, version_tree, version_number, id from generations
      where id = ${generationId} and ${inSpace(space)} and project_id = ${projectId} and version_tree is not null
      on conflict do nothing`),
  ];
}

/**
 * The SET clause of an update that changes a generation's project: the name stays while the
 * project does, and goes with the old project otherwise (the new one issues its own).
 */
export function keepNameIfSameProject(projectId: string | null) {
  const same = sql`project_id is ${projectId}`;
  return sql`version_tree = case when ${same} then version_tree end, version_number = case when ${same} then version_number end`;
}
