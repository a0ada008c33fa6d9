/**
 * Writes to generations: like/unlike, visibility, delete. Each one updates every cached list that
 * holds the generation (gallery pages, dashboard lists, studio history) through the pure
 * updaters of ./cache, and says so with the existing notices when the Worker refuses.
 */
import { mutationOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { UNLIKED_REMOVE_DELAY_MS } from '../ui/timings';
import { galleryMessages } from '#shared/messages/gallery';
import type { GenerationVisibility } from '../api/generations';
import { notify } from '../shell/notices';
import { findGeneration, mapGeneration, removeGeneration, toggledLike, withLike, type LikeState } from './cache';
import { generationListRoots, mutationKeys, queryKeys } from './keys';
import { markDeleted, unmarkDeleted } from './tombstones';

const holdsGenerations = { predicate: (query: { queryKey: QueryKey }) => (generationListRoots as readonly unknown[]).includes(query.queryKey[0]) };
const isLikesList = { predicate: (query: { queryKey: QueryKey }) => query.queryKey[0] === queryKeys.dashboard[0] && query.queryKey[2] === 'likes' };

/** Applies `update` to every cached list holding generations. */
export function updateGenerationLists(client: QueryClient, update: <D>(data: D) => D, filters = holdsGenerations): void {
  for (const [key, data] of client.getQueriesData(filters)) {
    if (data === undefined) continue;
    const next = update(data);
    if (next !== data) client.setQueryData(key, next);
  }
}

/** This user's generations changed elsewhere (a live update): the dashboard and the studio re-read. */
export function invalidateGenerationLists(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.dashboard }),
    client.invalidateQueries({ queryKey: queryKeys.history }),
    // A project's count, cover and version tree show its generations too.
    client.invalidateQueries({ queryKey: queryKeys.projects }),
  ]).then(() => undefined);
}

export interface LikeVariables {
  id: string;
  liked: boolean;
}

/** Whether a like of `id` is on its way (a second click waits for it). */
export function isLikeBusy(client: QueryClient, id: string): boolean {
  return client.isMutating({ mutationKey: mutationKeys.like, predicate: (m) => (m.state.variables as LikeVariables | undefined)?.id === id }) > 0;
}

export function likeMutation(client: QueryClient) {
  return mutationOptions({
    mutationKey: mutationKeys.like,
    // The HTTP client comes with the first write (lists.ts); the answer is the re-read state.
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
    mutationKey: mutationKeys.visibility,
    mutationFn: async ({ id, visibility }: VisibilityVariables) => (await import('../api/generations')).updateVisibility(id, visibility),
    onSuccess: (updated, { id }) => {
      updateGenerationLists(
        client,
        (data) => mapGeneration(data, id, (entry) => ({ ...entry, visibility: updated.visibility, images: updated.images })),
        { predicate: (query) => query.queryKey[0] === queryKeys.dashboard[0] },
      );
    },
    onError: () => notify(galleryMessages.visibilityFailed, { tone: 'error' }),
  });
}

export function deleteMutation(client: QueryClient) {
  return mutationOptions({
    mutationKey: mutationKeys.remove,
    mutationFn: async (id: string) => (await import('../api/generations')).deleteGeneration(id),
    // Gone from every list at once, and from the jobs list, whose finished job would show it
    // again (docs/decisions/0052); a refusal re-reads the lists from the server.
    onMutate: (id: string) => {
      markDeleted(id);
      updateGenerationLists(client, (data) => removeGeneration(data, id));
      updateGenerationLists(client, (data) => removeGeneration(data, id), { predicate: (query) => query.queryKey[0] === queryKeys.jobs[0] });
    },
    onError: (_error, id) => {
      unmarkDeleted(id);
      notify(galleryMessages.deleteFailed, { tone: 'error' });
      return invalidateGenerationLists(client);
    },
  });
}
