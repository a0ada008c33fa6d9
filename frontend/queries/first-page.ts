/**
 * The first gallery page the Worker inlined into the document
 * (docs/decisions/0046-first-screen-without-waiting.md): it seeds the query cache before the
 * first render, so a signed-out visitor's gallery and landing strip paint without a request.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { FIRST_GALLERY_PAGE_ELEMENT_ID } from '#shared/edge';
import type { GalleryPage } from '../api/gallery';
import { queryKeys } from './keys';

export interface InlinedGalleryPage {
  q: string;
  page: GalleryPage;
}

function isInlinedPage(value: unknown): value is InlinedGalleryPage {
  if (typeof value !== 'object' || value === null || !('q' in value) || !('page' in value)) return false;
  const { q, page } = value;
  return typeof q === 'string' && typeof page === 'object' && page !== null && 'items' in page && Array.isArray(page.items);
}

/** The inlined page, or null when there is none (another path, a dev server) or it does not parse. */
export function readInlinedGalleryPage(doc: Document = document): InlinedGalleryPage | null {
  const text = doc.getElementById(FIRST_GALLERY_PAGE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isInlinedPage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Puts the inlined page where the anonymous gallery of its search, in the shared order, looks. */
export function seedInlinedGalleryPage(client: QueryClient, inlined: InlinedGalleryPage | null): void {
  if (!inlined) return;
  const data: InfiniteData<GalleryPage, string | null> = { pages: [inlined.page], pageParams: [null] };
  client.setQueryData(queryKeys.galleryPages(null, inlined.q, null), data);
}
