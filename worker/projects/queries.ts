/**
 * Projects in D1: every read and write is conditional on the space in the statement itself — the
 * owner's personal projects, or a workspace's (docs/decisions/0096-workspaces.md) — so a project of
 * another space is indistinguishable from a missing one.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { StoredImage } from '#shared/generation-types';
import type { GenerationVisibility } from '#shared/gallery-types';
import { BRIEF_FIELDS, type ProjectBrief } from '#shared/project-types';
import { d1Statement, type Database } from '../db/client';
import { MAX_PROJECTS_PER_USER, MAX_PROJECTS_PER_WORKSPACE } from '../platform/caps';
import { isRecord } from '../platform/cursor';
import { inSpace, type SpaceRef } from '../platform/space';
import { keepNameIfSameProject, nameVersionStatements, toVersionedRow, versionedColumns, type RawVersionedRow, type VersionedRow } from '../generations';

const nowMs = sql`cast(unixepoch('subsec') * 1000 as integer)`;

export interface ProjectRecord {
  id: string;
  name: string;
  brief: ProjectBrief;
  briefVersion: number;
  heroGenerationId: string | null;
  createdAt: number;
  updatedAt: number;
  workspaceId: string | null;
}

interface RawProjectRow {
  id: string;
  name: string;
  brief: string;
  brief_version: number;
  hero_generation_id: string | null;
  created_at: number;
  updated_at: number;
  workspace_id: string | null;
}

/** The hero counts only while it is a generation in the project (it may have moved out or been deleted). */
const PROJECT_COLUMNS = sql`projects.id, projects.name, projects.brief, projects.brief_version,
  (select hero.id from generations as hero where hero.id = projects.hero_generation_id and hero.project_id = projects.id) as hero_generation_id,
  projects.created_at, projects.updated_at, projects.workspace_id`;

/** The stored brief's text fields, in BRIEF_FIELDS order. */
function parseBrief(text: string): ProjectBrief {
  const value: unknown = JSON.parse(text);
  const brief: ProjectBrief = {};
  if (!isRecord(value)) return brief;
  for (const field of BRIEF_FIELDS) {
    const entry = value[field];
    if (typeof entry === 'string') brief[field] = entry;
  }
  return brief;
}

function toProjectRecord(row: RawProjectRow): ProjectRecord {
  return {
    id: row.id,
    name: row.name,
    brief: parseBrief(row.brief),
    briefVersion: row.brief_version,
    heroGenerationId: row.hero_generation_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    workspaceId: row.workspace_id,
  };
}

/** The most projects one space holds: an account's own, or a workspace's. */
export function projectCap(space: SpaceRef): number {
  return space.workspaceId === null ? MAX_PROJECTS_PER_USER : MAX_PROJECTS_PER_WORKSPACE;
}

/** Creates the project while the space holds fewer than its cap, in one statement; null at the cap. */
export async function insertProject(db: Database, space: SpaceRef, project: { id: string; name: string; brief: ProjectBrief }): Promise<ProjectRecord | null> {
  const rows = await db.all<RawProjectRow>(sql`
    insert into projects (id, user_id, workspace_id, name, brief, brief_version, updated_at)
    select ${project.id}, ${space.userId}, ${space.workspaceId}, ${project.name}, ${JSON.stringify(project.brief)}, 1, ${nowMs}
    where (select count(*) from projects where ${inSpace(space)}) < ${projectCap(space)}
    returning id, name, brief, brief_version, hero_generation_id, created_at, updated_at, workspace_id`);
  const [row] = rows;
  return row ? toProjectRecord(row) : null;
}

/** A project of the space, or null (missing, or another space's). */
export async function findProject(db: Database, space: SpaceRef, id: string): Promise<ProjectRecord | null> {
  const rows = await db.all<RawProjectRow>(sql`select ${PROJECT_COLUMNS} from projects where id = ${id} and ${inSpace(space, 'projects')}`);
  return rows[0] ? toProjectRecord(rows[0]) : null;
}

export interface ProjectPosition {
  updatedAt: number;
  id: string;
}

export interface ProjectListRow extends ProjectRecord {
  generationCount: number;
  cover: { images: StoredImage[]; visibility: GenerationVisibility } | null;
}

interface RawProjectListRow extends RawProjectRow {
  generation_count: number;
  cover_images: string | null;
  cover_visibility: GenerationVisibility | null;
}

/**
 * The space's projects, most recently used first (the (user_id, updated_at) or (workspace_id,
 * updated_at) index), each with its generation count and its cover: the hero when it is in the
 * project, else the newest generation.
 */
export async function spaceProjects(db: Database, space: SpaceRef, after: ProjectPosition | null, limit: number): Promise<ProjectListRow[]> {
  const afterFilter = after
    ? sql` and (updated_at < ${after.updatedAt} or (updated_at = ${after.updatedAt} and id < ${after.id}))`
    : sql``;
  const rows = await db.all<RawProjectListRow>(sql`
    with page as (
      select ${PROJECT_COLUMNS},
        (select count(*) from generations as member where member.project_id = projects.id) as generation_count,
        (select newest.id from generations as newest where newest.project_id = projects.id and newest.image_count > 0
          order by newest.created_at desc, newest.id desc limit 1) as newest_id
      from projects
      where ${inSpace(space, 'projects')}${afterFilter}
      order by updated_at desc, id desc
      limit ${limit})
    select page.*, cover.images as cover_images, cover.visibility as cover_visibility
    from page left join generations as cover on cover.id = coalesce(page.hero_generation_id, page.newest_id)
    order by page.updated_at desc, page.id desc`);
  return rows.map((row) => ({
    ...toProjectRecord(row),
    generationCount: row.generation_count,
    cover: row.cover_images && row.cover_visibility ? { images: JSON.parse(row.cover_images) as StoredImage[], visibility: row.cover_visibility } : null,
  }));
}

/** Every generation in the project, oldest first (the project index); `viewerId` says which the viewer likes. */
export async function projectGenerations(db: Database, space: SpaceRef, projectId: string): Promise<VersionedRow[]> {
  const rows = await db.all<RawVersionedRow>(sql`
    select ${versionedColumns(space.userId)} from generations
    where project_id = ${projectId} and ${inSpace(space, 'generations')}
    order by created_at asc, id asc`);
  return rows.map(toVersionedRow);
}

export interface ProjectUpdate {
  name?: string;
  /** The whole new brief; set only when it differs from the stored one. */
  brief?: ProjectBrief;
  heroGenerationId?: string | null;
}

/**
 * One conditional statement: the version grows only when the stored brief text differs from the
 * new one (briefs are stored in one canonical form, so text equality is sameness), which also
 * holds when two edits race. Returns whether the project was the space's.
 */
export async function updateProject(db: Database, space: SpaceRef, id: string, update: ProjectUpdate): Promise<boolean> {
  const sets: SQL[] = [sql`updated_at = ${nowMs}`];
  if (update.name !== undefined) sets.push(sql`name = ${update.name}`);
  if (update.brief !== undefined) {
    const text = JSON.stringify(update.brief);
    sets.push(sql`brief_version = brief_version + (case when brief = ${text} then 0 else 1 end)`, sql`brief = ${text}`);
  }
  if (update.heroGenerationId !== undefined) sets.push(sql`hero_generation_id = ${update.heroGenerationId}`);
  const rows = await db.all<{ id: string }>(sql`
    update projects set ${sql.join(sets, sql`, `)} where id = ${id} and ${inSpace(space)} returning id`);
  return rows.length > 0;
}

/** Whether the generation is the space's and in the project (a hero must be). */
export async function isInProject(db: Database, space: SpaceRef, projectId: string, generationId: string): Promise<boolean> {
  const rows = await db.all<{ id: string }>(sql`
    select id from generations where id = ${generationId} and ${inSpace(space)} and project_id = ${projectId}`);
  return rows.length > 0;
}

/**
 * One batch: the project's generations leave it (they stay in the space), then the project goes;
 * its review links, comments and approvals go with it by their foreign keys. False when it was
 * not the space's.
 */
export async function deleteProject(db: Database, space: SpaceRef, id: string): Promise<boolean> {
  const [, deleted] = await db.$client.batch<{ id: string }>([
    d1Statement(db, sql`update generations set project_id = null, ${keepNameIfSameProject(null)} where project_id = ${id} and ${inSpace(space)}`),
    d1Statement(db, sql`delete from projects where id = ${id} and ${inSpace(space)} returning id`),
  ]);
  return (deleted?.results.length ?? 0) > 0;
}

/** Marks the space's project used now; a statement for a batch. */
function touchProjectStatement(db: Database, space: SpaceRef, projectId: string, condition: SQL = sql`1`): D1PreparedStatement {
  return d1Statement(db, sql`update projects set updated_at = ${nowMs} where id = ${projectId} and ${inSpace(space)} and ${condition}`);
}

/**
 * A new generation joins its project, is given its version name there and marks the project used,
 * in the batch that saves it: only while the project is still the space's (it may have been deleted
 * while the job ran; the generation then stays outside any project rather than failing to save).
 */
export function joinProjectStatements(db: Database, space: SpaceRef, generationId: string, projectId: string): D1PreparedStatement[] {
  const held = sql`exists (select 1 from projects as target where target.id = ${projectId} and ${inSpace(space, 'target')})`;
  const joined = sql`exists (select 1 from generations where id = ${generationId} and project_id = ${projectId})`;
  return [
    d1Statement(db, sql`update generations set project_id = ${projectId} where id = ${generationId} and ${inSpace(space)} and ${held}`),
    ...nameVersionStatements(db, space, generationId, projectId),
    touchProjectStatement(db, space, projectId, joined),
  ];
}
