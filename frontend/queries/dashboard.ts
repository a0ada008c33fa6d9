/** The dashboard's two lists (own generations, likes) as queries, with their keys. */
import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { GenerationItem, GenerationsPage } from '../api/generations';
import type { LikesPage } from '../api/likes';
import { uniqueItems } from './cache';

export type DashboardTab = 'generations' | 'likes';

export const dashboardKeys = {
  /** Both lists of every owner. */
  all: ['dashboard'] as const,
  list: (ownerId: string, tab: DashboardTab) => ['dashboard', ownerId, tab] as const,
};

/** Whether `key` is a dashboard list of the given tab (any owner). */
export function isDashboardList(key: QueryKey, tab?: DashboardTab): boolean {
  return key[0] === dashboardKeys.all[0] && (tab === undefined || key[2] === tab);
}

type DashboardPage = GenerationsPage | LikesPage;

/** One of the dashboard's lists (own generations or likes) of one owner. */
export function dashboardListQuery(ownerId: string, tab: DashboardTab) {
  return infiniteQueryOptions({
    queryKey: dashboardKeys.list(ownerId, tab),
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
