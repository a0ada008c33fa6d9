/**
 * Projects behind the routes (docs/decisions/0062-projects-api.md): create, list, show, change
 * and delete the owner's projects. Anyone else's project answers the same 404 as a missing one.
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
import { MAX_PROJECTS_PER_USER } from '../platform/caps';
import { AppError } from '../platform/errors';
import {
  deleteOwnProject,
  findOwnProject,
  insertProject,
  isInProject,
  ownProjects,
  projectGenerations,
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
  /** Tells the owner's other tabs that their projects changed. */
  notifyProjects: (userId: string) => Promise<void>;
  notifyGenerations: (userId: string) => Promise<void>;
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
    workspaceId: null,
  };
}

export async function createProject(deps: ProjectDeps, userId: string, body: { name: string; brief?: BriefInput }): Promise<Project> {
  const record = await insertProject(deps.db, userId, { id: crypto.randomUUID(), name: body.name, brief: mergeBrief({}, body.brief) });
  if (!record) throw new AppError('limit_reached', projectMessages.tooManyProjects(MAX_PROJECTS_PER_USER));
  await deps.notifyProjects(userId);
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

export async function listProjects(deps: ProjectDeps, userId: string, request: { cursor?: string; limit: number }): Promise<ProjectPage> {
  const after = request.cursor ? decodeCursor(request.cursor, isProjectPosition) : null;
  const rows = await ownProjects(deps.db, userId, after, request.limit + 1);
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

async function ownProject(deps: ProjectDeps, userId: string, id: string): Promise<ProjectRecord> {
  const record = await findOwnProject(deps.db, userId, id);
  if (!record) throw notFound();
  return record;
}

export async function getProject(deps: ProjectDeps, userId: string, id: string): Promise<ProjectDetail> {
  const record = await ownProject(deps, userId, id);
  const rows = await projectGenerations(deps.db, userId, id);
  return { ...toProject(record), generations: await toVersionedItems(deps.signingSecret, rows, userId) };
}

/** The project's images as one streamed ZIP (docs/decisions/0089-print-resolution.md); owner only. */
export async function projectDownload(deps: ProjectDeps, userId: string, id: string): Promise<Archive> {
  return projectArchive(deps.db, userId, await ownProject(deps, userId, id));
}

export interface ProjectChanges {
  name?: string;
  brief?: BriefInput;
  heroGenerationId?: string | null;
}

/** Renames, edits the brief (its version grows only when it really changes) or picks the hero. */
export async function changeProject(deps: ProjectDeps, userId: string, id: string, changes: ProjectChanges): Promise<Project> {
  const current = await ownProject(deps, userId, id);
  const update: ProjectUpdate = { name: changes.name };
  if (changes.brief) {
    const brief = mergeBrief(current.brief, changes.brief);
    if (!sameBrief(brief, current.brief)) update.brief = brief;
  }
  const hero = changes.heroGenerationId;
  if (hero && !(await isInProject(deps.db, userId, id, hero))) {
    throw new AppError('not_found', projectMessages.heroNotInProject, { field: 'heroGenerationId' });
  }
  if (hero !== undefined) update.heroGenerationId = hero;
  if (!(await updateProject(deps.db, userId, id, update))) throw notFound();
  await deps.notifyProjects(userId);
  return toProject(await ownProject(deps, userId, id));
}

export async function deleteProject(deps: ProjectDeps, userId: string, id: string): Promise<void> {
  if (!(await deleteOwnProject(deps.db, userId, id))) throw notFound();
  // Its generations left it: the dashboard's cards changed too.
  await Promise.all([deps.notifyProjects(userId), deps.notifyGenerations(userId)]);
}
