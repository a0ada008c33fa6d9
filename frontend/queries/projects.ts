/**
 * Projects in the query cache: the list (the Projects view, the dashboard's move dialog and
 * badges) and each project page. Every write re-reads what it changes; a live `projects` or
 * `generations` message and a finished job re-read them all (realtime/store.ts, queries/jobs.ts).
 */
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import {
  createProject, deleteProject, fetchProject, fetchProjects, moveGeneration, starGeneration, updateProject,
  type ProjectChange, type ProjectPage, type ProjectSummary,
} from '../api/projects';
import { fetchLineage } from '../api/lineage';
import { notify } from '../shell/notices';
import { projectUiMessages } from '../projects/copy';
import { mapGeneration } from './cache';
import { dashboardKeys, isDashboardList } from './dashboard';
import { updateGenerationLists } from './mutations';

export const projectKeys = {
  /** Every project query of every owner: the list, each project page and each generation's lineage. */
  all: ['projects'] as const,
  list: (ownerId: string) => ['projects', ownerId, 'list'] as const,
  page: (ownerId: string, id: string) => ['projects', ownerId, 'project', id] as const,
  /** A generation's lineage (the viewer's): it changes with its project's version tree. */
  lineage: (ownerId: string, generationId: string) => ['projects', ownerId, 'lineage', generationId] as const,
};

export function projectListQuery(ownerId: string) {
  return infiniteQueryOptions({
    queryKey: projectKeys.list(ownerId),
    queryFn: ({ pageParam }) => fetchProjects(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ProjectPage) => last.nextCursor,
  });
}

/** The loaded projects in the Worker's order (most recently used first), each once. */
export function projectCards(data: InfiniteData<ProjectPage, unknown> | undefined): ProjectSummary[] {
  const byId = new Map<string, ProjectSummary>();
  for (const project of (data?.pages ?? []).flatMap((page) => page.items)) if (!byId.has(project.id)) byId.set(project.id, project);
  return [...byId.values()];
}

export function projectQuery(ownerId: string, id: string) {
  return queryOptions({
    queryKey: projectKeys.page(ownerId, id),
    queryFn: () => fetchProject(id),
    // A missing project is an answer, not a hiccup: no retries before the "not found" text.
    retry: false,
  });
}

/** A generation's lineage: root first, then everything made from it. */
export function lineageQuery(ownerId: string, generationId: string) {
  return queryOptions({ queryKey: projectKeys.lineage(ownerId, generationId), queryFn: () => fetchLineage(generationId) });
}

/** Projects changed (here or elsewhere): every list and page re-reads when shown. */
export function invalidateProjects(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: projectKeys.all });
}

export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createProject(name),
    onSuccess: () => invalidateProjects(client),
    onError: () => notify(projectUiMessages.createFailed, { tone: 'error' }),
  });
}

export function useUpdateProject(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ProjectChange) => updateProject(id, change),
    onSuccess: () => invalidateProjects(client),
    onError: () => notify(projectUiMessages.saveFailed, { tone: 'error' }),
  });
}

/** Deletes a project; its generations stay (outside any project), so the dashboard re-reads too. */
export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) => deleteProject(id),
    onSuccess: (_answer, { name }) => {
      notify(projectUiMessages.deleted(name), { tone: 'success' });
      void client.invalidateQueries({ queryKey: dashboardKeys.all });
      return invalidateProjects(client);
    },
    onError: () => notify(projectUiMessages.deleteFailed, { tone: 'error' }),
  });
}

/** Moves a dashboard card into a project or out of any: the card shows it at once, the projects re-read. */
export function useMoveGeneration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, projectId }: { id: string; projectId: string | null; projectName: string | null }) => moveGeneration(id, projectId),
    onSuccess: (_moved, { id, projectId, projectName }) => {
      updateGenerationLists(
        client,
        (data) => mapGeneration(data, id, (entry) => ({ ...entry, projectId })),
        { predicate: (query) => isDashboardList(query.queryKey) },
      );
      notify(projectName ? projectUiMessages.movedTo(projectName) : projectUiMessages.movedOut, { tone: 'success' });
      return invalidateProjects(client);
    },
    onError: () => notify(projectUiMessages.moveFailed, { tone: 'error' }),
  });
}

export function useStarGeneration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, starred }: { id: string; starred: boolean }) => starGeneration(id, starred),
    onSuccess: () => invalidateProjects(client),
    onError: () => notify(projectUiMessages.saveFailed, { tone: 'error' }),
  });
}
