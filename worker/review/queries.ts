/**
 * Review links and the project's generations they open, in D1 (comments and decisions:
 * feedback-queries.ts). Every write names its owner in the same statement that makes it, so a
 * foreign project is simply "no row".
 */
import { sql } from 'drizzle-orm';
import type { StoredImage } from '#shared/generation-types';
import type { ModelLabel } from '#shared/models';
import { BRIEF_FIELDS, type ProjectBrief } from '#shared/project-types';
import type { ImageEngineName } from '#shared/generation-types';
import type { Database } from '../db/client';
import { MAX_ACTIVE_REVIEW_LINKS_PER_PROJECT, MAX_REVIEW_LINKS_PER_USER_PER_DAY } from '../platform/caps';
import { inSpace, type SpaceRef } from '../platform/space';

export interface LinkRow {
  id: string;
  projectId: string;
  userId: string;
  allowDownload: boolean;
  expiresAt: number;
  revokedAt: number | null;
  createdAt: number;
}

export interface ActiveLink extends LinkRow {
  projectName: string;
  projectBrief: ProjectBrief;
  /** The plan that paid is free (the owner's, or the workspace's): its images, and so their boards, carry the watermark. */
  watermarked: boolean;
  /** The workspace the project belongs to, with its name and logo (the practice the page names); null for a personal project. */
  workspaceId: string | null;
  practiceName: string | null;
  practiceLogoKey: string | null;
}

/** The space a link's project is in: who reads its generations, and whose tabs hear of its feedback. */
export function linkSpace(link: ActiveLink): SpaceRef {
  return { userId: link.userId, workspaceId: link.workspaceId };
}

export interface LinkSummaryRow extends LinkRow {
  commentCount: number;
  approvalCount: number;
}

export interface ReviewGenerationRow {
  id: string;
  /** Who made it: its images are under their folder. */
  userId: string;
  parentId: string | null;
  prompt: string;
  model: ModelLabel;
  engine: ImageEngineName;
  images: StoredImage[];
  starred: boolean;
  createdAt: number;
  versionTree: number | null;
  versionNumber: number | null;
  parentVersionTree: number | null;
  parentVersionNumber: number | null;
}

const LINK_COLUMNS = sql`l.id as id, l.project_id as projectId, l.user_id as userId, l.allow_download as allowDownload,
  l.expires_at as expiresAt, l.revoked_at as revokedAt, l.created_at as createdAt`;
const nowMs = sql`cast(unixepoch('subsec') * 1000 as integer)`;
const DAY_MS = 86_400_000;

type Raw<T> = Omit<T, 'allowDownload'> & { allowDownload: number };
const toLink = <T extends LinkRow>(row: Raw<T>): T => ({ ...row, allowDownload: row.allowDownload === 1 }) as T;

/**
 * Creates a link only on a project of the space (`user_id`: who made the link), and only while
 * the project has fewer than MAX_ACTIVE_REVIEW_LINKS_PER_PROJECT working links and the user made
 * fewer than MAX_REVIEW_LINKS_PER_USER_PER_DAY in the last day, in one statement; null otherwise.
 */
export async function insertLink(
  db: Database,
  space: SpaceRef,
  link: { id: string; projectId: string; userId: string; tokenHash: string; allowDownload: boolean; expiresAt: number },
): Promise<LinkRow | null> {
  const rows = await db.all<Raw<LinkRow>>(sql`
    insert into review_links (id, project_id, user_id, token_hash, allow_download, expires_at)
    select ${link.id}, id, ${link.userId}, ${link.tokenHash}, ${link.allowDownload ? 1 : 0}, ${link.expiresAt}
    from projects where id = ${link.projectId} and ${inSpace(space)}
      and (select count(*) from review_links where project_id = ${link.projectId} and revoked_at is null and expires_at > ${nowMs})
        < ${MAX_ACTIVE_REVIEW_LINKS_PER_PROJECT}
      and (select count(*) from review_links where user_id = ${link.userId} and created_at > ${nowMs} - ${DAY_MS})
        < ${MAX_REVIEW_LINKS_PER_USER_PER_DAY}
    returning id, project_id as projectId, user_id as userId, allow_download as allowDownload,
      expires_at as expiresAt, revoked_at as revokedAt, created_at as createdAt`);
  return rows[0] ? toLink(rows[0]) : null;
}

/** Why a link was not made for a project the user owns: which cap is full, if any. */
export async function linkRoom(db: Database, userId: string, projectId: string): Promise<{ active: number; today: number }> {
  const [row] = await db.all<{ active: number; today: number }>(sql`
    select
      (select count(*) from review_links where project_id = ${projectId} and revoked_at is null and expires_at > ${nowMs}) as active,
      (select count(*) from review_links where user_id = ${userId} and created_at > ${nowMs} - ${DAY_MS}) as today`);
  return row ?? { active: 0, today: 0 };
}

export async function holdsProject(db: Database, space: SpaceRef, projectId: string): Promise<boolean> {
  const rows = await db.all<{ id: string }>(sql`select id from projects where id = ${projectId} and ${inSpace(space)}`);
  return rows.length > 0;
}

/** The project's links (whoever made them; check the project is the caller's space's first), newest first, with how many comments and decisions came through each. */
export async function projectLinks(db: Database, projectId: string): Promise<LinkSummaryRow[]> {
  const rows = await db.all<Raw<LinkSummaryRow>>(sql`
    select ${LINK_COLUMNS},
      (select count(*) from review_comments c where c.link_id = l.id) as commentCount,
      (select count(*) from review_approvals a where a.link_id = l.id) as approvalCount
    from review_links l
    where l.project_id = ${projectId}
    order by l.created_at desc, l.id`);
  return rows.map(toLink);
}

/** Revokes at once (a second revoke keeps the first time); false when the link is not of a project of the space. */
export async function revokeLink(db: Database, space: SpaceRef, linkId: string, nowMs: number): Promise<boolean> {
  const rows = await db.all<{ id: string }>(sql`
    update review_links set revoked_at = coalesce(revoked_at, ${nowMs})
    where id = ${linkId} and project_id in (select id from projects where ${inSpace(space)}) returning id`);
  return rows.length > 0;
}

/** The project a link opens, when it is the space's: what revoking it needs to know. */
export async function linkProjectInSpace(db: Database, space: SpaceRef, linkId: string): Promise<boolean> {
  const rows = await db.all<{ id: string }>(sql`
    select id from review_links where id = ${linkId} and project_id in (select id from projects where ${inSpace(space)})`);
  return rows.length > 0;
}

type RawActiveLink = Raw<LinkRow> & {
  projectName: string;
  projectBrief: string;
  watermarked: number;
  workspaceId: string | null;
  practiceName: string | null;
  practiceLogoKey: string | null;
};

/**
 * The link of a token hash while it works (not revoked, not expired, its workspace not deleted),
 * with its project; the plan that decides the watermark is the workspace's for a workspace's project.
 */
export async function activeLink(db: Database, tokenHash: string, nowMs: number): Promise<ActiveLink | null> {
  const rows = await db.all<RawActiveLink>(sql`
    select ${LINK_COLUMNS}, p.name as projectName, p.brief as projectBrief, coalesce(w.plan, owner.plan) = 'free' as watermarked,
      p.workspace_id as workspaceId, w.name as practiceName, w.logo_key as practiceLogoKey
    from review_links l join projects p on p.id = l.project_id
      join users owner on owner.id = p.user_id
      left join workspaces w on w.id = p.workspace_id
    where l.token_hash = ${tokenHash} and l.revoked_at is null and l.expires_at > ${nowMs}
      and (p.workspace_id is null or w.deleted_at is null)`);
  const row = rows[0];
  if (!row) return null;
  const { projectBrief, watermarked, projectName, workspaceId, practiceName, practiceLogoKey, ...link } = row;
  return { ...toLink<LinkRow>(link), projectName, projectBrief: parseBrief(projectBrief), watermarked: watermarked === 1, workspaceId, practiceName, practiceLogoKey };
}

/** The brief's known fields that hold text; anything else in the stored JSON is not handed on. */
function parseBrief(text: string): ProjectBrief {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null) return {};
  const fields = value as Record<string, unknown>;
  const brief: ProjectBrief = {};
  for (const field of BRIEF_FIELDS) {
    const entry = fields[field];
    if (typeof entry === 'string' && entry.trim() !== '') brief[field] = entry;
  }
  return brief;
}

/** The parent's column when the parent is in the same project (its version name). */
const parentColumn = (column: string) => sql`(select parent.${sql.raw(column)} from generations as parent
  where parent.id = generations.parent_id and parent.project_id = generations.project_id)`;
const GENERATION_COLUMNS = sql`id, user_id as userId, parent_id as parentId, prompt, model, engine, images, starred_at is not null as starred,
  created_at as createdAt, version_tree as versionTree, version_number as versionNumber,
  ${parentColumn('version_tree')} as parentVersionTree, ${parentColumn('version_number')} as parentVersionNumber`;
type RawGeneration = Omit<ReviewGenerationRow, 'images' | 'starred'> & { images: string; starred: number };
const toGeneration = (row: RawGeneration): ReviewGenerationRow => ({
  ...row,
  images: JSON.parse(row.images) as StoredImage[],
  starred: row.starred === 1,
});

/** The project's generations that have images, oldest first: its space's, inside this project only. */
export async function projectGenerations(db: Database, link: ActiveLink): Promise<ReviewGenerationRow[]> {
  const rows = await db.all<RawGeneration>(sql`
    select ${GENERATION_COLUMNS} from generations
    where project_id = ${link.projectId} and ${inSpace(linkSpace(link))} and image_count > 0
    order by created_at, id`);
  return rows.map(toGeneration);
}

/** One generation of the link's project, or null when it is anywhere else. */
export async function projectGeneration(db: Database, link: ActiveLink, generationId: string): Promise<ReviewGenerationRow | null> {
  const rows = await db.all<RawGeneration>(sql`
    select ${GENERATION_COLUMNS} from generations
    where id = ${generationId} and project_id = ${link.projectId} and ${inSpace(linkSpace(link))}`);
  return rows[0] ? toGeneration(rows[0]) : null;
}
