/**
 * One public image for its own page (docs/decisions/0094-search-and-previews.md): its query, with
 * its key beside it. The server's render puts the image it renders under this key, the browser's
 * first render takes it from the document; only a page opened again from the history asks
 * `GET /api/gallery/:id`, through a module loaded then.
 */
import { queryOptions } from '@tanstack/react-query';

export function galleryItemQuery(id: string) {
  return queryOptions({
    queryKey: ['gallery-item', id] as const,
    queryFn: ({ signal }) => import('./image-item').then(({ fetchPublicItem }) => fetchPublicItem(id, signal)),
  });
}
