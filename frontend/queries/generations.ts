/**
 * A generation's changes that reach past the lists of cards: a delete, which the jobs list must
 * forget too, and a change made elsewhere (another tab, a job's end), which the project pages
 * show too. Only the screens that delete load this module; the gallery's writes are ./mutations.ts.
 */
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { galleryMessages } from '#shared/messages/gallery';
import { notify } from '../shell/notices';
import { removeGeneration } from './cache';
import { dashboardKeys } from './dashboard';
import { historyKeys } from './history';
import { jobKeys } from './jobs';
import { generationMutationKeys, updateGenerationLists } from './mutations';
import { projectKeys } from './projects';
import { markDeleted, unmarkDeleted } from './tombstones';

/** This user's generations changed elsewhere (a live update): the dashboard, the studio and the projects re-read. */
export function invalidateGenerationLists(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: dashboardKeys.all }),
    client.invalidateQueries({ queryKey: historyKeys.all }),
    // A project's count, cover and version tree show its generations too.
    client.invalidateQueries({ queryKey: projectKeys.all }),
  ]).then(() => undefined);
}

export function deleteMutation(client: QueryClient) {
  return mutationOptions({
    mutationKey: generationMutationKeys.remove,
    mutationFn: async (id: string) => (await import('../api/generations')).deleteGeneration(id),
    // Gone from every list at once, and from the jobs list, whose finished job would show it
    // again (docs/decisions/0052); a refusal re-reads the lists from the server.
    onMutate: (id: string) => {
      markDeleted(id);
      updateGenerationLists(client, (data) => removeGeneration(data, id));
      updateGenerationLists(client, (data) => removeGeneration(data, id), { predicate: (query) => query.queryKey[0] === jobKeys.all[0] });
    },
    onError: (_error, id) => {
      unmarkDeleted(id);
      notify(galleryMessages.deleteFailed, { tone: 'error' });
      return invalidateGenerationLists(client);
    },
  });
}

export function useDeleteGeneration() {
  const client = useQueryClient();
  return useMutation(deleteMutation(client)).mutate;
}
