/**
 * Writes to generations that every screen showing cards makes: like/unlike and visibility. Each
 * one updates every cached list that holds the generation (gallery pages, dashboard lists, studio
 * history) through the pure updaters of ./cache, and says so with the existing notices when the
 * Worker refuses. The gallery loads this module: what reaches the jobs and the projects as well
 * (a delete, a change made elsewhere) is ./generations.ts.
 */
import { mutationOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { UNLIKED_REMOVE_DELAY_MS } from '../ui/timings';
import { galleryMessages } from '#shared/messages/gallery';
import type { GenerationVisibility } from '../api/generations';
import { notify } from '../shell/notices';
import { findGeneration, mapGeneration, removeGeneration, toggledLike, withLike, type LikeState } from './cache';
import { dashboardKeys, isDashboardList } from './dashboard';
import { galleryKeys } from './gallery';
import { historyKeys } from './history';

export const generationMutationKeys = {
  like: ['like'] as const,
  visibility: ['visibility'] as const,
  remove: ['delete'] as const,
};

/** The roots of every list that may hold a generation (what the shared updaters walk). */
const generationListRoots: readonly unknown[] = [galleryKeys.all[0], dashboardKeys.all[0], historyKeys.all[0]];

const holdsGenerations = { predicate: (query: { queryKey: QueryKey }) => generationListRoots.includes(query.queryKey[0]) };
const isLikesList = { predicate: (query: { queryKey: QueryKey }) => isDashboardList(query.queryKey, 'likes') };

/** Applies `update` to every cached list holding generations. */
export function updateGenerationLists(client: QueryClient, update: <D>(data: D) => D, filters = holdsGenerations): void {
  for (const [key, data] of client.getQueriesData(filters)) {
    if (data === undefined) continue;
    const next = update(data);
    if (next !== data) client.setQueryData(key, next);
  }
}

export interface LikeVariables {
  id: string;
  liked: boolean;
}

/** Whether a like of `id` is on its way (a second click waits for it). */
export function isLikeBusy(client: QueryClient, id: string): boolean {
  return client.isMutating({ mutationKey: generationMutationKeys.like, predicate: (m) => (m.state.variables as LikeVariables | undefined)?.id === id }) > 0;
}

export function likeMutation(client: QueryClient) {
  return mutationOptions({
    mutationKey: generationMutationKeys.like,
    // The HTTP client comes with the first write (as with the reads, ./gallery.ts); the answer is the re-read state.
    mutationFn: async ({ id, liked }: LikeVariables) => (await import('../api/likes')).setLiked(id, liked),
    onMutate: ({ id, liked }: LikeVariables) => {
      // Each list's own state before the guess, so a refusal puts back exactly what it showed.
      const before: Array<[QueryKey, LikeState]> = [];
      for (const [key, data] of client.getQueriesData(holdsGenerations)) {
        const entry = findGeneration(data, id);
        if (entry) before.push([key, { liked: entry.liked, likeCount: entry.likeCount }]);
      }
      updateGenerationLists(client, (data) => withLike(data, id, (current) => toggledLike(current, liked)));
      return { before };
    },
    onError: (_error, { id }, context) => {
      for (const [key, state] of context?.before ?? []) client.setQueryData(key, (data: unknown) => withLike(data, id, state));
      notify(galleryMessages.likeFailed, { tone: 'error' });
    },
    onSuccess: (truth, { id }) => {
      updateGenerationLists(client, (data) => withLike(data, id, truth));
      if (truth.liked) {
        // The likes tab now misses this card: read it again when it shows.
        void client.invalidateQueries({ ...isLikesList, refetchType: 'none' });
      } else {
        // An unliked card leaves the likes tab after a moment.
        setTimeout(() => updateGenerationLists(client, (data) => removeGeneration(data, id), isLikesList), UNLIKED_REMOVE_DELAY_MS);
      }
    },
  });
}

export interface VisibilityVariables {
  id: string;
  visibility: GenerationVisibility;
}

export function visibilityMutation(client: QueryClient) {
  return mutationOptions({
    mutationKey: generationMutationKeys.visibility,
    mutationFn: async ({ id, visibility }: VisibilityVariables) => (await import('../api/generations')).updateVisibility(id, visibility),
    onSuccess: (updated, { id }) => {
      updateGenerationLists(
        client,
        (data) => mapGeneration(data, id, (entry) => ({ ...entry, visibility: updated.visibility, images: updated.images })),
        { predicate: (query) => isDashboardList(query.queryKey) },
      );
    },
    onError: () => notify(galleryMessages.visibilityFailed, { tone: 'error' }),
  });
}
