/**
 * The public gallery's state, kept in a store so a return to /gallery reuses what was loaded
 * (the documents' cache). Cards arrive a page at a time; within a page the first batch shows at
 * once and the rest is revealed in small steps ~100 ms apart.
 */
import { create } from 'zustand';
import type { GalleryItem } from '#shared/gallery-types';
import { GALLERY_BATCH_INTERVAL_MS, GALLERY_EAGER_CARDS } from '#shared/limits';
import { studioMessages } from '#shared/messages';
import { fetchGalleryPage } from '../api/gallery';
import { setLiked } from '../api/likes';
import { notify } from './notices';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** A card as the grid shows it: the server's item plus the in-flight like flag. */
export interface GalleryCard extends GalleryItem {
  likeLoading: boolean;
}

interface GalleryState {
  query: string;
  seed: number | null;
  /** Who the cached cards were read for (like flags and own-card exclusion depend on it). */
  viewerId: string | null;
  cards: GalleryCard[];
  /** How many of `cards` are on screen: the rest are revealed step by step. */
  visibleCount: number;
  nextCursor: string | null;
  status: LoadStatus;
  /** Shows the gallery for a query; reuses the cache when it already holds that query and viewer. */
  open: (query: string, viewerId: string | null) => void;
  loadMore: () => Promise<void>;
  reshuffle: () => void;
  toggleLike: (id: string) => Promise<void>;
}

/** Cards revealed per step after the first batch. */
const REVEAL_STEP = 5;
let revealTimer: ReturnType<typeof setInterval> | null = null;
let generation = 0;

export function toCard(item: GalleryItem): GalleryCard {
  return { ...item, likeLoading: false };
}

/** Drops cards already shown (a duplicate batch by id is dropped, the documents §5). */
function appendUnique(existing: GalleryCard[], incoming: GalleryItem[]): GalleryCard[] {
  const seen = new Set(existing.map((card) => card.id));
  return [...existing, ...incoming.filter((item) => item.images.length > 0 && !seen.has(item.id)).map(toCard)];
}

export const useGallery = create<GalleryState>()((set, get) => {
  const revealRest = () => {
    if (revealTimer) clearInterval(revealTimer);
    revealTimer = setInterval(() => {
      const { visibleCount, cards } = get();
      if (visibleCount >= cards.length) {
        if (revealTimer) clearInterval(revealTimer);
        revealTimer = null;
        return;
      }
      set({ visibleCount: Math.min(cards.length, visibleCount + REVEAL_STEP) });
    }, GALLERY_BATCH_INTERVAL_MS);
  };

  const loadPage = async (reset: boolean) => {
    const ticket = reset ? ++generation : generation;
    const { query, seed, nextCursor, cards } = get();
    set({ status: 'loading' });
    try {
      const page = await fetchGalleryPage({ q: query, seed, cursor: reset ? null : nextCursor });
      if (ticket !== generation) return; // a newer search or reshuffle took over
      const merged = appendUnique(reset ? [] : cards, page.items);
      const firstBatch = reset ? Math.min(merged.length, GALLERY_EAGER_CARDS) : get().visibleCount;
      set({ cards: merged, seed: page.seed, nextCursor: page.nextCursor, status: 'ready', visibleCount: firstBatch });
      revealRest();
    } catch (error) {
      if (ticket !== generation) return;
      console.error('gallery load failed', error); // the documents: gallery errors are only logged
      set({ status: 'error' });
    }
  };

  return {
    query: '',
    seed: null,
    viewerId: null,
    cards: [],
    visibleCount: 0,
    nextCursor: null,
    status: 'idle',
    open: (query, viewerId) => {
      const state = get();
      const cached = state.status !== 'idle' && state.query === query && state.viewerId === viewerId;
      if (cached) return;
      // A new viewer keeps the order (same seed) but needs fresh like flags.
      const seed = state.query === query ? state.seed : null;
      set({ query, viewerId, seed, cards: [], visibleCount: 0, nextCursor: null });
      void loadPage(true);
    },
    loadMore: async () => {
      const { status, nextCursor, visibleCount, cards } = get();
      if (status === 'loading' || !nextCursor || visibleCount < cards.length) return;
      await loadPage(false);
    },
    reshuffle: () => {
      set({ seed: null, cards: [], visibleCount: 0, nextCursor: null });
      void loadPage(true);
    },
    toggleLike: async (id) => {
      const card = get().cards.find((candidate) => candidate.id === id);
      if (!card || card.likeLoading) return;
      const wanted = !card.liked;
      const patch = (change: Partial<GalleryCard>) =>
        set({ cards: get().cards.map((candidate) => (candidate.id === id ? { ...candidate, ...change } : candidate)) });
      patch({ liked: wanted, likeCount: Math.max(0, card.likeCount + (wanted ? 1 : -1)), likeLoading: true });
      try {
        const state = await setLiked(id, wanted); // the server's answer is the re-read state
        patch({ liked: state.liked, likeCount: state.likeCount, likeLoading: false });
      } catch {
        patch({ liked: card.liked, likeCount: card.likeCount, likeLoading: false });
        notify(studioMessages.likeFailed, { tone: 'error' });
      }
    },
  };
});
