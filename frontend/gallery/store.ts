/**
 * What the gallery shows (UI state): the search text and the shuffle seed. The cards are server
 * data in the query cache (queries/lists.ts), so a return to /gallery reuses what was loaded.
 */
import { create } from 'zustand';
import { newGallerySeed } from '../queries/lists';

interface GalleryView {
  query: string;
  /** null: the shared order of the edge-cached pages; a reshuffle picks a seed of its own. */
  seed: number | null;
  /** Shows a search in the shared order; the same text (any viewer) keeps the order it has. */
  open: (query: string) => void;
  reshuffle: () => void;
}

export const useGalleryView = create<GalleryView>()((set, get) => ({
  query: '',
  seed: null,
  open: (query) => {
    if (get().query !== query) set({ query, seed: null });
  },
  reshuffle: () => set({ seed: newGallerySeed() }),
}));
