import type { GenerationVisibility, LibraryItem, LibraryPage } from '#shared/gallery-types';
import { api } from './client';

/** A page of the caller's generations, newest first (`limit` as the server allows, default its page size). */
export function fetchOwnGenerations(cursor: string | null, limit?: number): Promise<LibraryPage> {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  if (limit !== undefined) params.set('limit', String(limit));
  const query = params.toString();
  return api<LibraryPage>(`/api/generations${query ? `?${query}` : ''}`);
}

export function updateVisibility(id: string, visibility: GenerationVisibility): Promise<LibraryItem> {
  return api<LibraryItem>(`/api/generations/${encodeURIComponent(id)}`, { method: 'PATCH', body: { visibility } });
}

export function deleteGeneration(id: string): Promise<void> {
  return api<void>(`/api/generations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
