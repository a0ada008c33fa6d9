/**
 * The studio inside a project (docs/decisions/0070-studio-in-a-project.md): the address names the
 * open project and, for a branch from the project page, the image to refine; the store follows
 * the address, and the project's reads are cached under the projects root, so every change to a
 * project (live updates, the project page) refreshes them too.
 */
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { imageFileName } from '#shared/version-names';
import { useLocation, useSearch } from 'wouter';
import type { ProjectDetail, ProjectPage, ProjectSummary } from '#shared/project-types';
import { fetchGeneration } from '../api/lineage';
import { projectCards, projectListQuery, projectQuery } from '../queries/projects';
import { notify } from '../shell/notices';
import { studioImages, type StudioImage } from './history';
import { studioLabels } from './labels';
import { parentFrom, projectIdFrom, searchWithProject } from './project-rules';
import { useStudio } from './store';
import { useSpaceOwner } from '../workspaces/hooks';
import { isNotFound } from '../api/client';
import { useFoundElsewhere } from '../workspaces/useFoundElsewhere';

/** The switcher's list: the projects loaded so far (the first page), most recently used first. */
export function useProjectList(): ProjectSummary[] {
  const ownerId = useSpaceOwner();
  const list = useInfiniteQuery({ ...projectListQuery(ownerId), enabled: ownerId !== '' });
  return useMemo(() => projectCards(list.data), [list.data]);
}

/** The open project with its brief; undefined outside a project or while it loads. */
export function useOpenProject(): ProjectDetail | undefined {
  const ownerId = useSpaceOwner();
  const projectId = useStudio((state) => state.projectId);
  const project = useQuery({ ...projectQuery(ownerId, projectId ?? ''), enabled: Boolean(ownerId && projectId) });
  return projectId ? project.data : undefined;
}

/**
 * The file name a studio image downloads as: its project's and its own name when both are known,
 * else its id. The project's name comes from what the cache holds when Download is pressed (the
 * open project, the switcher's list): nothing is fetched for it.
 */
export function useImageFileName(): (image: StudioImage, projectId: string | null | undefined) => string {
  const client = useQueryClient();
  const ownerId = useSpaceOwner();
  return useCallback(
    (image, projectId) => {
      const open = projectId ? client.getQueryData<ProjectDetail>(projectQuery(ownerId, projectId).queryKey) : undefined;
      const listed = projectId
        ? projectCards(client.getQueryData<InfiniteData<ProjectPage, unknown>>(projectListQuery(ownerId).queryKey)).find((project) => project.id === projectId)
        : undefined;
      return imageFileName(open?.name ?? listed?.name ?? null, image.name, image.id);
    },
    [client, ownerId],
  );
}

/** Opens another project (or none): the address changes, and the store follows it. */
export function useSwitchProject(): (projectId: string | null) => void {
  const [location, navigate] = useLocation();
  const search = useSearch();
  return (projectId) => navigate(`${location}${searchWithProject(search, projectId)}`);
}

/**
 * Keeps the store's project on the address's, in the space that holds it, and takes a branch
 * (`?parent=`): the image is fetched and selected for refinement, then the parameter leaves the
 * address so a reload does not select it again.
 */
export function useProjectFromAddress(): void {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const setProjectId = useStudio((state) => state.setProjectId);
  const projectId = projectIdFrom(search);
  const parent = parentFrom(search);
  const branch = parent ? `${parent.generationId}.${parent.imageIndex}` : null;
  const ownerId = useSpaceOwner();
  const project = useQuery({ ...projectQuery(ownerId, projectId ?? ''), enabled: Boolean(ownerId && projectId) });
  // A project of another of the user's spaces (a colleague's link): that space is entered.
  useFoundElsewhere({ kind: 'project', id: projectId ?? '' }, projectId !== null && isNotFound(project.error));

  useEffect(() => setProjectId(projectId), [projectId, setProjectId]);

  useEffect(() => {
    if (!parent) return;
    let current = true;
    fetchGeneration(parent.generationId).then(
      (item) => {
        if (!current) return;
        const images = studioImages(item.id, item.images, item.version);
        const image = images[parent.imageIndex] ?? images[0];
        if (image) useStudio.getState().selectOnly(image);
        navigate(`${location}${searchWithProject(search, projectId)}`, { replace: true });
      },
      () => current && notify(studioLabels.branchFailed, { tone: 'error' }),
    );
    return () => {
      current = false;
    };
    // The branch named in the address is taken once; the rest is read when it lands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [branch]);
}
