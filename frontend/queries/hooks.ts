/**
 * The React side of the generation writes: one like hook for every screen, and visibility.
 * The gallery imports this module, so nothing here may pull in the studio (its generate hook
 * lives in studio/generate.ts) or the jobs (delete: ./generations.ts).
 */
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { generationMutationKeys, isLikeBusy, likeMutation, visibilityMutation, type LikeVariables } from './mutations';

/** Toggles a card's like (optimistic in every list); `busy` holds the ids whose like is on its way. */
export function useLike(): { toggle: (card: { id: string; liked: boolean }) => void; busy: ReadonlySet<string> } {
  const client = useQueryClient();
  const { mutate } = useMutation(likeMutation(client));
  const pending = useMutationState({
    filters: { mutationKey: generationMutationKeys.like, status: 'pending' },
    select: (mutation) => (mutation.state.variables as LikeVariables | undefined)?.id ?? '',
  });
  return {
    toggle: (card) => {
      if (!isLikeBusy(client, card.id)) mutate({ id: card.id, liked: !card.liked });
    },
    busy: new Set(pending),
  };
}

export function useSetVisibility() {
  const client = useQueryClient();
  return useMutation(visibilityMutation(client)).mutate;
}
