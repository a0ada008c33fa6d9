/** The compare page's server state: each compared generation, read once per owner and id. */
import { queryOptions } from '@tanstack/react-query';
import { api, isNotFound, ok } from '../api/client';

/** GET /api/generations/:id (owner only; anything else is 404). */
function fetchGeneration(id: string) {
  return ok(api.generations[':id'].$get({ param: { id } }));
}

/** A 404 means the generation is gone (or never was the caller's): asking again will not help. */
function retryUnlessGone(failures: number, error: Error): boolean {
  return !isNotFound(error) && failures < 2;
}

/** One of the caller's generations (GET /api/generations/:id), read once per owner and id. */
export const generationKeys = {
  of: (ownerId: string, id: string) => ['generation', ownerId, id] as const,
};

export function generationQuery(ownerId: string, id: string) {
  return queryOptions({
    queryKey: generationKeys.of(ownerId, id),
    queryFn: () => fetchGeneration(id),
    retry: retryUnlessGone,
  });
}
