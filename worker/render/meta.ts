/**
 * The meta tags of the public pages' documents (docs/decisions/0094-search-and-previews.md): the
 * words the app's renderer gives, the request's own origin for every URL (Open Graph needs them
 * absolute) and a rendition of a public image as the link preview's picture.
 */
import type { PageMeta, ScreenText } from '#shared/app-document';
import type { GalleryItem } from '#shared/gallery-types';

/** A preview image this wide or narrower, the widest such: link previews show about 1200 px. */
const PREVIEW_MAX_WIDTH = 1280;

/** The preview picture of `item`: its first image's widest rendition up to PREVIEW_MAX_WIDTH. */
export function previewImage(origin: string, item: GalleryItem | undefined): PageMeta['image'] {
  const image = item?.images[0];
  if (!item || !image) return null;
  const fitting = image.renditions.filter((rendition) => rendition.width <= PREVIEW_MAX_WIDTH);
  const chosen = fitting.at(-1) ?? image.renditions[0] ?? { url: image.url, width: image.width, height: image.height };
  return { url: new URL(chosen.url, origin).href, width: chosen.width, height: chosen.height, alt: item.prompt };
}

/**
 * The head of a page at `path` (with `search`, which changes what it shows): its own address as
 * the canonical one, without anything else the request's address carried.
 */
export function pageMeta(
  site: { origin: string; name: string },
  text: ScreenText,
  page: { path: string; search?: string; image: PageMeta['image']; indexed?: boolean },
): PageMeta {
  const canonical = new URL(page.path, site.origin);
  canonical.search = page.search ?? '';
  return { ...text, siteName: site.name, canonical: canonical.href, image: page.image, indexed: page.indexed ?? true };
}
