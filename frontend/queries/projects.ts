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
import { notify } from '../shell/notices';
import { projectUiMessages } from '../projects/copy';
import { queryKeys } from './keys';
import { mapGeneration } from './cache';
import { updateGenerationLists } from './mutations';

export function projectListQuery(ownerId: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.projectList(ownerId),
    queryFn: ({ pageParam }) => fetchProjects(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ProjectPage) => last.nextCursor,
  });
}

/** The loaded projects in the Worker's order (most recently used first), each once. */
export function projectCards(data: InfiniteData<ProjectPage, unknown> | undefined): ProjectSummary[] {
  const seen = new Set<string>();
  return (data?.pages ?? []).flatMap((page) => page.items).filter((project) => !seen.has(project.id) && Boolean(seen.add(project.id)));
}

export function projectQuery(ownerId: string, id: string) {
  return queryOptions({
    queryKey: queryKeys.project(ownerId, id),
    queryFn: () => fetchProject(id),
    // A missing project is an answer, not a hiccup: no retries before the "not found" text.
    retry: false,
  });
}

/** Projects changed (here or elsewhere): every list and page re-reads when shown. */
export function invalidateProjects(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: queryKeys.projects });
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
      void client.invalidateQueries({ queryKey: queryKeys.dashboard });
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
        { predicate: (query) => query.queryKey[0] === queryKeys.dashboard[0] },
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
