import type { GenerationVisibility, LibraryItem, LibraryPage } from '#shared/gallery-types';
import { api } from './client';

export function fetchOwnGenerations(cursor: string | null): Promise<LibraryPage> {
  return api<LibraryPage>(`/api/generations${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
}

export function updateVisibility(id: string, visibility: GenerationVisibility): Promise<LibraryItem> {
  return api<LibraryItem>(`/api/generations/${encodeURIComponent(id)}`, { method: 'PATCH', body: { visibility } });
}

export function deleteGeneration(id: string): Promise<void> {
  return api<void>(`/api/generations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
