/**
 * Where a new generation goes (docs/decisions/0064-generating-in-a-project.md): the project it is
 * made in and the generation it comes from, both the caller's own or a 404 before anything is
 * charged; the words the project's brief adds to the engine's prompt; and the hero's first image,
 * which goes along as a reference for Concept.
 */
import { sql } from 'drizzle-orm';
import { briefPromptAddition, briefWithinLimit, instructionPhrase } from '#shared/brief';
import type { StoredImage } from '#shared/generation-types';
import { MAX_INPUT_IMAGES } from '#shared/limits';
import { generalMessages, projectMessages } from '#shared/messages';
import type { Database } from '../db/client';
import { AppError } from '../platform/errors';
import { findOwnProject } from '../projects';
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

async function ownGeneration(db: Database, userId: string, id: string): Promise<{ projectId: string | null; images: StoredImage[] } | null> {
  const rows = await db.all<{ project_id: string | null; images: string }>(sql`
    select project_id, images from generations where id = ${id} and user_id = ${userId}`);
  const row = rows[0];
  return row ? { projectId: row.project_id, images: JSON.parse(row.images) as StoredImage[] } : null;
}

/** Resolves the request's project and parent; anyone else's (or a missing one) is a 404 naming the field. */
export async function resolvePlacement(db: Database, userId: string, request: PlacementRequest): Promise<Placement> {
  let inherited: string | null = null;
  if (request.parentId) {
    const parent = await ownGeneration(db, userId, request.parentId);
    if (!parent) throw notFound('parentId');
    inherited = parent.projectId;
  }
  const projectId = request.projectId === undefined ? inherited : request.projectId;
  const parentId = request.parentId ?? null;
  if (!projectId) return { ...OUTSIDE, parentId };
  const project = await findOwnProject(db, userId, projectId);
  if (!project) throw notFound('projectId');
  const hero = project.heroGenerationId ? await ownGeneration(db, userId, project.heroGenerationId) : null;
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
