import type { InferResponseType } from 'hono/client';
import { api, ok } from './client';

/** GET /api/gallery's answer, as the Worker's route types it. */
export type GalleryPage = InferResponseType<typeof api.gallery.$get, 200>;
export type GalleryItem = GalleryPage['items'][number];

export interface GalleryPageRequest {
  q: string;
  seed: number | null;
  cursor: string | null;
}

/** One page of the public gallery; the token is sent when there is one (like flags, own excluded). */
export function fetchGalleryPage(request: GalleryPageRequest, signal?: AbortSignal): Promise<GalleryPage> {
  const q = request.q.trim();
  const query = {
    ...(q === '' ? {} : { q }),
    ...(request.seed === null ? {} : { seed: String(request.seed) }),
    ...(request.cursor ? { cursor: request.cursor } : {}),
  };
  return ok(api.gallery.$get({ query }, { init: { signal } }));
}
