/**
 * What the gallery shows (UI state): the shuffle asked for. The search is the address's and the
 * cards are server data in the query cache (queries/gallery.ts), so a return to /gallery reuses what
 * was loaded.
 */
import { create } from 'zustand';
import { newGallerySeed } from '../queries/gallery';

interface GalleryView {
  /** The search a reshuffle was asked for, with its seed; any other search shows the shared order. */
  shuffled: { query: string; seed: number } | null;
  reshuffle: (query: string) => void;
}

export const useGalleryView = create<GalleryView>()((set) => ({
  shuffled: null,
  reshuffle: (query) => set({ shuffled: { query, seed: newGallerySeed() } }),
}));

/**
 * The seed `query` is shown in: null for the shared order of the edge-cached pages
 * (docs/decisions/0044-gallery-at-the-edge.md), which the server renders too.
 */
export function useGallerySeed(query: string): number | null {
  return useGalleryView((view) => (view.shuffled?.query === query ? view.shuffled.seed : null));
}
