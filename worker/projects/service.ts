/**
 * Projects behind the routes (docs/decisions/0062-projects-api.md): create, list, show, change
 * and delete the projects of the caller's space — their own, or a workspace's by role
 * (docs/decisions/0096-workspaces.md). A project of another space answers the same 404 as a
 * missing one.
 */
import type { CardImage } from '#shared/gallery-types';
import { generalMessages, projectMessages } from '#shared/messages';
import { sameBrief } from '#shared/brief';
import { BRIEF_FIELDS, type Project, type ProjectBrief, type ProjectDetail, type ProjectPage, type ProjectSummary } from '#shared/project-types';
import type { Database } from '../db/client';
import { decodeCursor, encodeCursor, isRecord, isSafeInteger } from '../platform/cursor';
import { projectArchive, type Archive } from '../downloads';
import { toVersionedItems } from '../generations';
import { presentStoredImage } from '../media';
import { AppError } from '../platform/errors';
import { requireAction, type Space, type SpaceRef } from '../platform/space';
import {
  deleteProject as deleteSpaceProject,
  findProject,
  insertProject,
  isInProject,
  projectCap,
  projectGenerations,
  spaceProjects,
  updateProject,
  type ProjectListRow,
  type ProjectPosition,
  type ProjectRecord,
  type ProjectUpdate,
} from './queries';
import type { BriefInput } from './requests';

export interface ProjectDeps {
  db: Database;
  signingSecret: string;
  /** Tells the space's other tabs (every member's, in a workspace) that its projects changed. */
  notifyProjects: (space: SpaceRef) => Promise<void>;
  notifyGenerations: (space: SpaceRef) => Promise<void>;
}

const notFound = () => new AppError('not_found', generalMessages.notFound);

/**
 * The brief in its one stored form: fields in BRIEF_FIELDS order, trimmed, empty ones left out.
 * `changes` overrides `base` field by field; '' or null clears a field (a JSON merge patch).
 */
function mergeBrief(base: ProjectBrief, changes: BriefInput = {}): ProjectBrief {
  const brief: ProjectBrief = {};
  for (const field of BRIEF_FIELDS) {
    const value = (field in changes ? changes[field] : base[field])?.trim();
    if (value) brief[field] = value;
  }
  return brief;
}

function toProject(record: ProjectRecord): Project {
  return {
    id: record.id,
    name: record.name,
    brief: record.brief,
    briefVersion: record.briefVersion,
    heroGenerationId: record.heroGenerationId,
    createdAt: new Date(record.createdAt).toISOString(),
    updatedAt: new Date(record.updatedAt).toISOString(),
    workspaceId: record.workspaceId,
  };
}

export async function createProject(deps: ProjectDeps, space: Space, body: { name: string; brief?: BriefInput }): Promise<Project> {
  requireAction(space, 'editProjects');
  const record = await insertProject(deps.db, space, { id: crypto.randomUUID(), name: body.name, brief: mergeBrief({}, body.brief) });
  if (!record) throw new AppError('limit_reached', projectMessages.tooManyProjects(projectCap(space)));
  await deps.notifyProjects(space);
  return toProject(record);
}

function isProjectPosition(value: unknown): value is ProjectPosition {
  return isRecord(value) && isSafeInteger(value.updatedAt) && typeof value.id === 'string';
}

async function coverOf(secret: string, row: ProjectListRow, nowMs: number): Promise<CardImage | null> {
  const image = row.cover?.images[0];
  if (!row.cover || !image) return null;
  const { url, thumbnailUrl, placeholder, width, height, renditions } = await presentStoredImage(secret, image, 0, row.cover.visibility, nowMs);
  return { url, thumbnailUrl, placeholder, width, height, renditions };
}

export async function listProjects(deps: ProjectDeps, space: Space, request: { cursor?: string; limit: number }): Promise<ProjectPage> {
  const after = request.cursor ? decodeCursor(request.cursor, isProjectPosition) : null;
  const rows = await spaceProjects(deps.db, space, after, request.limit + 1);
  const page = rows.slice(0, request.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > request.limit && last ? encodeCursor({ updatedAt: last.updatedAt, id: last.id } satisfies ProjectPosition) : null;
  const nowMs = Date.now();
  const items = await Promise.all(
    page.map(async (row): Promise<ProjectSummary> => ({
      ...toProject(row),
      generationCount: row.generationCount,
      cover: await coverOf(deps.signingSecret, row, nowMs),
    })),
  );
  return { items, nextCursor };
}

async function spaceProject(deps: ProjectDeps, space: SpaceRef, id: string): Promise<ProjectRecord> {
  const record = await findProject(deps.db, space, id);
  if (!record) throw notFound();
  return record;
}

export async function getProject(deps: ProjectDeps, space: Space, id: string): Promise<ProjectDetail> {
  const record = await spaceProject(deps, space, id);
  const rows = await projectGenerations(deps.db, space, id);
  return { ...toProject(record), generations: await toVersionedItems(deps.signingSecret, rows, space.userId) };
}

/** The project's images as one streamed ZIP (docs/decisions/0089-print-resolution.md); anyone who sees the project. */
export async function projectDownload(deps: ProjectDeps, space: Space, id: string): Promise<Archive> {
  return projectArchive(deps.db, space, await spaceProject(deps, space, id));
}

export interface ProjectChanges {
  name?: string;
  brief?: BriefInput;
  heroGenerationId?: string | null;
}

/** Renames, edits the brief (its version grows only when it really changes) or picks the hero. */
export async function changeProject(deps: ProjectDeps, space: Space, id: string, changes: ProjectChanges): Promise<Project> {
  const current = await spaceProject(deps, space, id);
  requireAction(space, 'editProjects');
  const update: ProjectUpdate = { name: changes.name };
  if (changes.brief) {
    const brief = mergeBrief(current.brief, changes.brief);
    if (!sameBrief(brief, current.brief)) update.brief = brief;
  }
  const hero = changes.heroGenerationId;
  if (hero && !(await isInProject(deps.db, space, id, hero))) {
    throw new AppError('not_found', projectMessages.heroNotInProject, { field: 'heroGenerationId' });
  }
  if (hero !== undefined) update.heroGenerationId = hero;
  if (!(await updateProject(deps.db, space, id, update))) throw notFound();
  await deps.notifyProjects(space);
  return toProject(await spaceProject(deps, space, id));
}

export async function deleteProject(deps: ProjectDeps, space: Space, id: string): Promise<void> {
  await spaceProject(deps, space, id);
  requireAction(space, 'deleteProjects');
  if (!(await deleteSpaceProject(deps.db, space, id))) throw notFound();
  // Its generations left it: the dashboard's cards changed too.
  await Promise.all([deps.notifyProjects(space), deps.notifyGenerations(space)]);
}
