/**
 * The dashboard's two lists (own generations, likes), kept in a store so a return to the page
 * reuses them. Writes go to the Worker, which checks ownership; the lists follow its answers.
 */
import { create } from 'zustand';
import type { GalleryItem, GenerationVisibility, LibraryItem } from '#shared/gallery-types';
import { UNLIKED_REMOVE_DELAY_MS } from '#shared/limits';
import { galleryMessages, studioMessages } from '#shared/messages';
import { deleteGeneration, fetchOwnGenerations, updateVisibility } from '../api/generations';
import { fetchLikesPage, setLiked } from '../api/likes';
import { notify } from './notices';

export type DashboardTab = 'generations' | 'likes';
export type ListStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface DashboardCard extends LibraryItem {
  likeLoading: boolean;
}

interface DashboardList {
  cards: DashboardCard[];
  nextCursor: string | null;
  status: ListStatus;
}

interface DashboardState {
  ownerId: string | null;
  lists: Record<DashboardTab, DashboardList>;
  open: (tab: DashboardTab, ownerId: string) => void;
  loadMore: (tab: DashboardTab) => Promise<void>;
  toggleLike: (tab: DashboardTab, id: string) => Promise<void>;
  setVisibility: (id: string, visibility: GenerationVisibility) => Promise<void>;
  remove: (id: string) => Promise<void>;
  /** Marks both lists for a re-read (their cards stay until it answers): generations changed elsewhere. */
  invalidate: () => void;
}

const emptyList = (): DashboardList => ({ cards: [], nextCursor: null, status: 'idle' });

function toCard(item: GalleryItem | LibraryItem): DashboardCard {
  return { referenceImages: [], ...item, likeLoading: false };
}

function fetchPage(tab: DashboardTab, cursor: string | null) {
  return tab === 'generations' ? fetchOwnGenerations(cursor) : fetchLikesPage(cursor);
}

export const useDashboard = create<DashboardState>()((set, get) => {
  const setList = (tab: DashboardTab, change: Partial<DashboardList>) =>
    set({ lists: { ...get().lists, [tab]: { ...get().lists[tab], ...change } } });
  const patchCard = (tab: DashboardTab, id: string, change: Partial<DashboardCard>) =>
    setList(tab, { cards: get().lists[tab].cards.map((card) => (card.id === id ? { ...card, ...change } : card)) });
  const dropCard = (tab: DashboardTab, id: string) =>
    setList(tab, { cards: get().lists[tab].cards.filter((card) => card.id !== id) });

  const load = async (tab: DashboardTab, reset: boolean) => {
    const owner = get().ownerId;
    const list = get().lists[tab];
    setList(tab, { status: 'loading' });
    try {
      const page = await fetchPage(tab, reset ? null : list.nextCursor);
      if (get().ownerId !== owner) return;
      const seen = new Set(reset ? [] : get().lists[tab].cards.map((card) => card.id));
      const fresh = page.items.filter((item) => item.images.length > 0 && !seen.has(item.id)).map(toCard);
      setList(tab, {
        cards: [...(reset ? [] : get().lists[tab].cards), ...fresh],
        nextCursor: page.nextCursor,
        status: 'ready',
      });
    } catch (error) {
      if (get().ownerId !== owner) return;
      console.error('dashboard load failed', error);
      // A load error shows the empty state (the documents §2).
      setList(tab, { status: 'error', nextCursor: null, ...(reset ? { cards: [] } : {}) });
    }
  };

  return {
    ownerId: null,
    lists: { generations: emptyList(), likes: emptyList() },
    open: (tab, ownerId) => {
      if (get().ownerId !== ownerId) set({ ownerId, lists: { generations: emptyList(), likes: emptyList() } });
      if (get().lists[tab].status === 'idle') void load(tab, true);
    },
    loadMore: async (tab) => {
      const list = get().lists[tab];
      if (list.status === 'loading' || !list.nextCursor) return;
      await load(tab, false);
    },
    toggleLike: async (tab, id) => {
      const card = get().lists[tab].cards.find((candidate) => candidate.id === id);
      if (!card || card.likeLoading) return;
      const wanted = !card.liked;
      patchCard(tab, id, { liked: wanted, likeCount: Math.max(0, card.likeCount + (wanted ? 1 : -1)), likeLoading: true });
      try {
        const state = await setLiked(id, wanted);
        patchCard(tab, id, { liked: state.liked, likeCount: state.likeCount, likeLoading: false });
        // The other tab's copy is stale now; it is read again when opened.
        const other: DashboardTab = tab === 'generations' ? 'likes' : 'generations';
        setList(other, emptyList());
        if (tab === 'likes' && !state.liked) setTimeout(() => dropCard('likes', id), UNLIKED_REMOVE_DELAY_MS);
      } catch {
        patchCard(tab, id, { liked: card.liked, likeCount: card.likeCount, likeLoading: false });
        notify(studioMessages.likeFailed, { tone: 'error' });
      }
    },
    setVisibility: async (id, visibility) => {
      try {
        const updated = await updateVisibility(id, visibility);
        patchCard('generations', id, { visibility: updated.visibility, images: updated.images });
      } catch {
        notify(galleryMessages.visibilityFailed, { tone: 'error' });
      }
    },
    invalidate: () => {
      const { generations, likes } = get().lists;
      set({ lists: { generations: { ...generations, status: 'idle' }, likes: { ...likes, status: 'idle' } } });
    },
    remove: async (id) => {
      try {
        await deleteGeneration(id);
        dropCard('generations', id);
        dropCard('likes', id);
      } catch {
        notify(galleryMessages.deleteFailed, { tone: 'error' });
      }
    },
  };
});
