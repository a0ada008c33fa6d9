/**
 * The project reads of the studio and the viewer (api.md "Projects, lineage and compare"): the
 * switcher's projects, the open project with its brief, one generation for a branch, and a
 * generation's lineage.
 */
import type { LineageResponse, ProjectDetail, ProjectPage, VersionedItem } from '#shared/project-types';
import { api, ok } from './client';

/** The caller's first page of projects, most recently used first. */
export function fetchProjectPage(): Promise<ProjectPage> {
  return ok(api.projects.$get({ query: {} }));
}

/** A project of the caller's with its brief and generations. */
export function fetchProjectDetail(id: string): Promise<ProjectDetail> {
  return ok(api.projects[':id'].$get({ param: { id } }));
}

/** One of the caller's generations (GET /api/generations/:id). */
export function fetchGeneration(id: string): Promise<VersionedItem> {
  return ok(api.generations[':id'].$get({ param: { id } }));
}

/** Its lineage: root first, then everything made from it. */
export function fetchLineage(id: string): Promise<LineageResponse> {
  return ok(api.generations[':id'].lineage.$get({ param: { id } }));
}
