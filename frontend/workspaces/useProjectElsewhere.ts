/**
 * The project page's and the board's way past a 404 in the tab's space (project-space.ts): while
 * the other spaces are asked, and until the one that holds the project is entered, the page waits
 * instead of saying "not found". The asking code loads only when a project is missing.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../api/client';
import { useAuth } from '../auth/store';
import { useCurrentWorkspaceId } from './current-space';

const asking = () => import('./project-space');

/** Whether the project's own query failed as missing: the only failure another space can mend. */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** True while the page should wait: the other spaces are being asked, or the one found is being entered. */
export function useProjectElsewhere(projectId: string, missing: boolean): boolean {
  const userId = useAuth((state) => state.userId);
  const current = useCurrentWorkspaceId();
  const client = useQueryClient();
  const search = useQuery({
    queryKey: ['project-elsewhere', userId, projectId, current ?? 'personal'],
    queryFn: async () => (await asking()).findProjectSpace(client, userId ?? '', projectId, current),
    enabled: missing && userId !== null,
    retry: false,
    staleTime: Infinity,
  });
  const found = search.data ?? null;
  useEffect(() => {
    if (found) void asking().then(({ enterFoundSpace }) => enterFoundSpace(found, client));
  }, [found, client]);
  return missing && (search.isPending || found !== null);
}
