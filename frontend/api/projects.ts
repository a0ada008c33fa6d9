/** Projects, their brief and where a generation sits (docs/api.md "Projects, lineage and compare"). */
import type { VersionedItem } from '#shared/generations-types';
import type { ProjectBrief, ProjectDetail, ProjectPage, ProjectSummary } from '#shared/project-types';
import { api, inSpace, ok, orMissing } from './client';

export type { ProjectDetail, ProjectPage, ProjectSummary, VersionedItem };

/** A page of the caller's projects, most recently used first. */
export function fetchProjects(cursor: string | null): Promise<ProjectPage> {
  return ok(api.projects.$get({ query: cursor ? { cursor } : {} }));
}

export function fetchProject(id: string): Promise<ProjectDetail> {
  return ok(api.projects[':id'].$get({ param: { id } }));
}

/** The project as `workspaceId`'s space holds it (null: the personal space), or null when it does not. */
export function fetchProjectIn(id: string, workspaceId: string | null): Promise<ProjectDetail | null> {
  return orMissing(ok(api.projects[':id'].$get({ param: { id } }, inSpace(workspaceId))));
}

export function createProject(name: string): Promise<{ id: string; name: string }> {
  return ok(api.projects.$post({ json: { name } }));
}

/** The fields of a project its owner changes: name, brief (a changed brief is a new version), hero. */
export interface ProjectChange {
  name?: string;
  brief?: ProjectBrief;
  heroGenerationId?: string | null;
}

export function updateProject(id: string, change: ProjectChange): Promise<{ id: string; briefVersion: number }> {
  return ok(api.projects[':id'].$patch({ param: { id }, json: change }));
}

export async function deleteProject(id: string): Promise<void> {
  await ok(api.projects[':id'].$delete({ param: { id } }));
}

/** Moves a generation into a project, or out of any (null). */
export function moveGeneration(id: string, projectId: string | null): Promise<VersionedItem> {
  return ok(api.generations[':id'].$patch({ param: { id }, json: { projectId } }));
}

/** Stars a generation as its view's current version, or unstars it. */
export function starGeneration(id: string, starred: boolean): Promise<VersionedItem> {
  return ok(api.generations[':id'].$patch({ param: { id }, json: { starred } }));
}
