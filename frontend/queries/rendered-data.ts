/**
 * The data a server-rendered document carried (shared/app-document.ts), put where the screens that
 * rendered it look, so they hydrate with what the HTML shows and ask for nothing again.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { RenderedState } from '#shared/app-document';
import type { GalleryPage } from '../api/gallery';
import { reviewKeys } from '../review/keys';
import { galleryKeys } from './gallery';

export function seedRenderedData(client: QueryClient, state: RenderedState | null): void {
  if (state?.gallery) {
    // The anonymous gallery of its search in the shared order (docs/decisions/0044-gallery-at-the-edge.md).
    const data: InfiniteData<GalleryPage, string | null> = { pages: [state.gallery.page], pageParams: [null] };
    client.setQueryData(galleryKeys.pages(null, state.gallery.q, null), data);
  }
  if (state?.review) client.setQueryData(reviewKeys.page(state.review.token), state.review.page);
}
