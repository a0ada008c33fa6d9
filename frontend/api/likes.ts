import type { LikeResponse, LikesPage } from '#shared/gallery-types';
import { api } from './client';

export function setLiked(generationId: string, liked: boolean): Promise<LikeResponse> {
  return api<LikeResponse>(`/api/generations/${encodeURIComponent(generationId)}/like`, {
    method: liked ? 'PUT' : 'DELETE',
  });
}

export function fetchLikesPage(cursor: string | null): Promise<LikesPage> {
  return api<LikesPage>(`/api/likes${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
}
