/** `GET /api/gallery/:id`, for a public image's page opened again from the history (image-query.ts). */
import type { GalleryItem } from '#shared/gallery-types';
import { api, ok } from '../api/client';

/** The image, or null when it is not public (any more). */
export async function fetchPublicItem(id: string, signal: AbortSignal): Promise<GalleryItem | null> {
  const response = await api.gallery[':id'].$get({ param: { id } }, { init: { signal } });
  if (response.status === 404) return null;
  return ok(response);
}
