/** The gallery's pages and the dashboard's two lists, as query factories over frontend/api. */
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import type { GalleryItem, GalleryPage } from '../api/gallery';
import type { GenerationItem, GenerationsPage } from '../api/generations';
import type { LikesPage } from '../api/likes';
import { uniqueItems } from './cache';
import { queryKeys, type DashboardTab } from './keys';

/** A new shuffle seed, in the range the Worker accepts ("reshuffle" means a new seed). */
export function newGallerySeed(random: () => number = Math.random): number {
  return Math.floor(random() * 0x1_0000_0000);
}

/**
 * The public gallery for one viewer (like flags and own-card exclusion depend on them), search
 * text and seed, a page at a time by cursor. A null seed asks for the shared order every visitor
 * gets from the edge cache (docs/decisions/0044-gallery-at-the-edge.md).
 */
export function galleryPagesQuery(viewerId: string | null, q: string, seed: number | null) {
  return infiniteQueryOptions({
    queryKey: queryKeys.galleryPages(viewerId, q, seed),
    // The HTTP client comes with the first request, not with the screen: a gallery the server
    // rendered reads nothing until the visitor scrolls or searches (docs/decisions/0078).
    queryFn: async ({ pageParam, signal }) => (await import('../api/gallery')).fetchGalleryPage({ q, seed, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: GalleryPage) => last.nextCursor,
  });
}

/** The gallery's cards: every loaded page, a card shown twice only once (docs/decisions/0033). */
export function galleryCards(data: InfiniteData<GalleryPage, unknown> | undefined): GalleryItem[] {
  return uniqueItems(data?.pages);
}

type DashboardPage = GenerationsPage | LikesPage;

/** One of the dashboard's lists (own generations or likes) of one owner. */
export function dashboardListQuery(ownerId: string, tab: DashboardTab) {
  return infiniteQueryOptions({
    queryKey: queryKeys.dashboardList(ownerId, tab),
    queryFn: async ({ pageParam }): Promise<DashboardPage> =>
      tab === 'generations'
        ? (await import('../api/generations')).fetchOwnGenerations(pageParam)
        : (await import('../api/likes')).fetchLikesPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: DashboardPage) => last.nextCursor,
  });
}

/** Liked cards carry no reference images and sit in none of the caller's projects. */
const LIKED_CARD_DEFAULTS = { referenceImages: [], projectId: null, parentId: null, starred: false, briefVersion: null, briefAddition: null,
  version: null, parentVersion: null };

/** The dashboard's cards, in the owner's shape (VersionedItem). */
export function dashboardCards(data: InfiniteData<DashboardPage, unknown> | undefined): GenerationItem[] {
  return uniqueItems<LikesPage['items'][number] | GenerationItem>(data?.pages).map((item) => ({ ...LIKED_CARD_DEFAULTS, ...item }));
}
