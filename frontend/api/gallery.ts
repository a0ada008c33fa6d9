import type { GalleryPage } from '#shared/gallery-types';
import { api } from './client';

export interface GalleryPageRequest {
  q: string;
  seed: number | null;
  cursor: string | null;
}

/** One page of the public gallery; the token is sent when there is one (like flags, own excluded). */
export function fetchGalleryPage(request: GalleryPageRequest, signal?: AbortSignal): Promise<GalleryPage> {
  const params = new URLSearchParams();
  if (request.q.trim() !== '') params.set('q', request.q.trim());
  if (request.seed !== null) params.set('seed', String(request.seed));
  if (request.cursor) params.set('cursor', request.cursor);
  const query = params.toString();
  return api<GalleryPage>(`/api/gallery${query ? `?${query}` : ''}`, { signal });
}
