/**
 * What the gallery shows (UI state): the search text and the shuffle seed. The cards are server
 * data in the query cache (queries/lists.ts), so a return to /gallery reuses what was loaded.
 */
import { create } from 'zustand';
import { newGallerySeed } from '../queries/lists';

interface GalleryView {
  query: string;
  seed: number;
  /** Shows a search: a new text gets a new order; the same text (any viewer) keeps it. */
  open: (query: string) => void;
  reshuffle: () => void;
}

export const useGalleryView = create<GalleryView>()((set, get) => ({
  query: '',
  seed: newGallerySeed(),
  open: (query) => {
    if (get().query !== query) set({ query, seed: newGallerySeed() });
  },
  reshuffle: () => set({ seed: newGallerySeed() }),
}));
