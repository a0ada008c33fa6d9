/**
 * Where a new generation goes (docs/decisions/0064-generating-in-a-project.md): the project it is
 * made in and the generation it comes from, both in the caller's space (their own, or their
 * workspace's whoever made them) or a 404 before anything is charged; the words the project's
 * brief adds to the engine's prompt; and the hero's first image, which goes along as a reference
 * for Concept.
 */
import { sql } from 'drizzle-orm';
import { briefPromptAddition, briefWithinLimit, instructionPhrase } from '#shared/brief';
import type { StoredImage } from '#shared/generation-types';
import { MAX_INPUT_IMAGES } from '#shared/limits';
import { generalMessages, projectMessages } from '#shared/messages';
import type { Database } from '../db/client';
import { AppError } from '../platform/errors';
import { inSpace, type SpaceRef } from '../platform/space';
import { parseMediaKey } from '../media';
import { findProject } from '../projects';
import type { GenerationPlan } from './request';

export interface Placement {
  projectId: string | null;
  parentId: string | null;
  /** The brief's words for the engine; null outside a project or for an empty brief. */
  briefAddition: string | null;
  briefVersion: number | null;
  /** R2 key of the hero's first image, when the project has a hero. */
  heroImageKey: string | null;
}

export interface PlacementRequest {
  /** Absent: the parent's project (if any); null: outside any project. */
  projectId?: string | null;
  parentId?: string;
  /** false: the brief adds nothing to this generation (it is still made in the project). */
  applyBrief?: boolean;
}

const OUTSIDE: Placement = { projectId: null, parentId: null, briefAddition: null, briefVersion: null, heroImageKey: null };

function notFound(field: string): AppError {
  return new AppError('not_found', generalMessages.notFound, { field });
}

async function spaceGeneration(db: Database, space: SpaceRef, id: string): Promise<{ projectId: string | null; images: StoredImage[] } | null> {
  const rows = await db.all<{ project_id: string | null; images: string }>(sql`
    select project_id, images from generations where id = ${id} and ${inSpace(space)}`);
  const row = rows[0];
  return row ? { projectId: row.project_id, images: JSON.parse(row.images) as StoredImage[] } : null;
}

/** Resolves the request's project and parent in the space; anything else (or a missing one) is a 404 naming the field. */
export async function resolvePlacement(db: Database, space: SpaceRef, request: PlacementRequest): Promise<Placement> {
  let inherited: string | null = null;
  if (request.parentId) {
    const parent = await spaceGeneration(db, space, request.parentId);
    if (!parent) throw notFound('parentId');
    inherited = parent.projectId;
  }
  const projectId = request.projectId === undefined ? inherited : request.projectId;
  const parentId = request.parentId ?? null;
  if (!projectId) return { ...OUTSIDE, parentId };
  const project = await findProject(db, space, projectId);
  if (!project) throw notFound('projectId');
  const hero = project.heroGenerationId ? await spaceGeneration(db, space, project.heroGenerationId) : null;
  const withBrief = request.applyBrief !== false;
  return {
    projectId,
    parentId,
    briefAddition: withBrief ? briefPromptAddition(project.brief) || null : null,
    briefVersion: withBrief ? project.briefVersion : null,
    heroImageKey: hero?.images[0]?.key ?? null,
  };
}

/**
 * The brief's words as the engine will get them beside `prompt` (docs/decisions/0083): a brief
 * that speaks to the model (saved before briefs were checked) is a 400 naming the brief, before
 * anything is charged; the words are cut to fit beside the user's within PROMPT_MAX_CHARS.
 */
export function withEngineBrief(prompt: string, placement: Placement): Placement {
  const addition = placement.briefAddition;
  if (addition && instructionPhrase(addition) !== null) {
    throw new AppError('invalid_request', projectMessages.briefGivesInstructions, { field: 'brief' });
  }
  return { ...placement, briefAddition: briefWithinLimit(prompt, addition) };
}

/**
 * The hero's first image joins Concept's input images, after the user's own and only while there
 * is room within MAX_INPUT_IMAGES; a request that already names it sends it once.
 */
export function withHeroReference(plan: GenerationPlan, placement: Placement): GenerationPlan {
  const key = placement.heroImageKey;
  if (!key || plan.model !== 'concept' || plan.inputs.length >= MAX_INPUT_IMAGES) return plan;
  if (plan.inputs.some((input) => input.kind === 'reference' && input.path === key)) return plan;
  return { ...plan, inputs: [...plan.inputs, { kind: 'reference', path: key }] };
}

/**
 * The stored results among `paths` that the space holds — a saved generation of it, or the view of
 * one of its jobs still running — under the folder of whoever made them: what a request may name as
 * an input image besides the caller's own uploads.
 */
export async function spaceResults(db: Database, space: SpaceRef, paths: readonly string[]): Promise<Set<string>> {
  const named = paths.flatMap((path) => {
    const parsed = parseMediaKey(path);
    return parsed?.kind === 'generations' && parsed.generationId ? [{ path, userId: parsed.userId, generationId: parsed.generationId }] : [];
  });
  if (named.length === 0) return new Set();
  const ids = sql.join(named.map((entry) => sql`${entry.generationId}`), sql`, `);
  const rows = await db.all<{ id: string; user_id: string }>(sql`
    select id, user_id from generations where id in (${ids}) and ${inSpace(space)}
    union
    select id, user_id from generation_jobs where id in (${ids}) and status = 'pending' and ${inSpace(space)}`);
  const held = new Set(rows.map((row) => `${row.user_id}/${row.id}`));
  return new Set(named.filter((entry) => held.has(`${entry.userId}/${entry.generationId}`)).map((entry) => entry.path));
}
