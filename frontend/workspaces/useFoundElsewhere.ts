/**
 * The way past a 404 in the tab's space for a screen a link opens — a project's page, board or
 * studio, a comparison (found-elsewhere.ts): while the user's other spaces are asked, and until the
 * one that holds it is entered, the screen waits instead of saying "not found". A 404 is the only
 * failure another space can mend; the asking code loads only after one.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../auth/store';
import { useCurrentWorkspaceId } from './current-space';
import type { Sought } from './found-elsewhere';

const asking = () => import('./found-elsewhere');

/** True while the screen should wait: the other spaces are being asked, or the one found is being entered. */
export function useFoundElsewhere(sought: Sought, missing: boolean): boolean {
  const userId = useAuth((state) => state.userId);
  const current = useCurrentWorkspaceId();
  const client = useQueryClient();
  const search = useQuery({
    queryKey: ['found-elsewhere', userId, sought.kind, sought.id, current ?? 'personal'],
    queryFn: async () => (await asking()).findSpaceOf(client, userId ?? '', sought, current),
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
