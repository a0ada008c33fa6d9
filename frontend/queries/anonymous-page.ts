/** The anonymous gallery's first page in the shared order, through the app's query cache. */
import type { GalleryPage } from '../api/gallery';
import { appQueryClient } from './client';
import { galleryPagesQuery } from './gallery';

/** From the cache when a screen (or the document) put it there, else from the edge-cached API. */
export async function anonymousFirstPage(): Promise<GalleryPage | undefined> {
  const data = await appQueryClient().fetchInfiniteQuery(galleryPagesQuery(null, '', null));
  return data.pages[0];
}
