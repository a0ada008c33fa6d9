import type { InferResponseType } from 'hono/client';
import { api, ok } from './client';

/** GET /api/likes's answer: generations the caller liked. */
export type LikesPage = InferResponseType<typeof api.likes.$get, 200>;
export type LikeResponse = InferResponseType<(typeof api.generations)[':id']['like']['$put'], 200>;

export function setLiked(generationId: string, liked: boolean): Promise<LikeResponse> {
  const like = api.generations[':id'].like;
  const args = { param: { id: generationId } };
  return ok(liked ? like.$put(args) : like.$delete(args));
}

export function fetchLikesPage(cursor: string | null): Promise<LikesPage> {
  return ok(api.likes.$get({ query: cursor ? { cursor } : {} }));
}
