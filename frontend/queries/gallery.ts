/** The public gallery's pages as queries, with their keys. */
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import type { GalleryItem, GalleryPage } from '../api/gallery';
import { uniqueItems } from './cache';

export const galleryKeys = {
  /** Every gallery query (one per viewer, search text and shuffle seed). */
  all: ['gallery'] as const,
  /** One viewer's gallery of one search and seed; a null viewer and seed: the shared order. */
  pages: (viewerId: string | null, q: string, seed: number | null) => ['gallery', { viewerId, q, seed }] as const,
};

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
    queryKey: galleryKeys.pages(viewerId, q, seed),
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
