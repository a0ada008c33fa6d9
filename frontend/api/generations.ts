import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, ok } from './client';

type Generation = (typeof api.generations)[':id'];

/** GET /api/generations's answer: a page of the caller's own generations. */
export type GenerationsPage = InferResponseType<typeof api.generations.$get, 200>;
export type GenerationItem = GenerationsPage['items'][number];
export type GenerationVisibility = InferRequestType<Generation['$patch']>['json']['visibility'];

/** A page of the caller's generations, newest first (`limit` as the server allows, default its page size). */
/** A page of the caller's generations, newest first: every one, or one project's (`projectId`). */
export function fetchOwnGenerations(cursor: string | null, limit?: number, projectId?: string): Promise<GenerationsPage> {
  const query = { ...(cursor ? { cursor } : {}), ...(limit === undefined ? {} : { limit: String(limit) }), ...(projectId ? { projectId } : {}) };
  return ok(api.generations.$get({ query }));
}

export function updateVisibility(id: string, visibility: GenerationVisibility): Promise<GenerationItem> {
  return ok(api.generations[':id'].$patch({ param: { id }, json: { visibility } }));
}

export async function deleteGeneration(id: string): Promise<void> {
  await ok(api.generations[':id'].$delete({ param: { id } }));
}
