/** One generation and its lineage, for the studio's branches and the viewer (docs/api.md "Projects, lineage and compare"). */
import type { LineageResponse, VersionedItem } from '#shared/generations-types';
import { api, inSpace, ok, orMissing } from './client';

/** One of the caller's generations (GET /api/generations/:id). */
export function fetchGeneration(id: string): Promise<VersionedItem> {
  return ok(api.generations[':id'].$get({ param: { id } }));
}

/** The generation as `workspaceId`'s space holds it (null: the personal space), or null when it does not. */
export function fetchGenerationIn(id: string, workspaceId: string | null): Promise<VersionedItem | null> {
  return orMissing(ok(api.generations[':id'].$get({ param: { id } }, inSpace(workspaceId))));
}

/** Its lineage: root first, then everything made from it. */
export function fetchLineage(id: string): Promise<LineageResponse> {
  return ok(api.generations[':id'].lineage.$get({ param: { id } }));
}
