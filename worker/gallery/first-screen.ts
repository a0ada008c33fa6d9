/**
 * The first screen with no waiting (docs/decisions/0046-first-screen-without-waiting.md): the
 * app's index.html with the first anonymous gallery page inlined as JSON and the first row's
 * images preloaded, so the grid paints before the app's JavaScript asks for anything.
 */
import type { GalleryPage } from '#shared/gallery-types';
import { FIRST_GALLERY_PAGE_ELEMENT_ID, GALLERY_COLUMNS, ROUTE_PRELOADS_ATTRIBUTE } from '#shared/edge';
import { cardImageShare, masonrySizes } from '#shared/grid-rules';
import { srcsetOf } from '#shared/renditions';
import { escapeAttribute, staticFirstRow } from './static-first-screen';

/** What the app reads from the inlined element: the page and the search it answers. */
export interface InlinedGalleryPage {
  q: string;
  page: GalleryPage;
}

/**
 * JSON safe inside a `<script>` element: `<`, `>` and `&` (so no prompt can close the element or
 * open a comment) and the two line separators JavaScript once rejected are escaped as \\u.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}


/**
 * The smallest viewport width at which the masonry grid has more than `index` columns, so card
 * `index` is in the first row (0 for the cards every width shows).
 */
function firstRowFrom(index: number): number {
  if (index < 1) return 0;
  const widths = GALLERY_COLUMNS.steps.filter(([, columns]) => columns <= index).map(([maxWidth]) => maxWidth + 1);
  return widths.length === 0 ? 0 : Math.max(...widths);
}

/**
 * `<link rel="preload">` for the first image of each card in the grid's first row, each limited
 * by a media query to the widths where it is in that row. They name the same srcset and sizes
 * as the card's <img> (frontend/gallery/CardImages.tsx), so the browser fetches one rendition once.
 */
export function firstRowPreloads(page: GalleryPage): string {
  return page.items
    .slice(0, GALLERY_COLUMNS.default)
    .flatMap((item, index) => {
      const image = item.images[0];
      if (!image) return [];
      const from = firstRowFrom(index);
      const media = from > 0 ? ` media="(min-width: ${from}px)"` : '';
      const priority = index === 0 ? ' fetchpriority="high"' : '';
      const srcset = srcsetOf(image.renditions);
      const sizes = masonrySizes(GALLERY_COLUMNS, cardImageShare(Math.min(item.images.length, 4), 0));
      const responsive = srcset ? ` imagesrcset="${escapeAttribute(srcset)}" imagesizes="${escapeAttribute(sizes)}"` : '';
      return [`<link rel="preload" as="image" href="${escapeAttribute(image.thumbnailUrl)}"${responsive}${media}${priority}>`];
    })
    .join('');
}

/** How the document of one first-screen route is rewritten. */
export interface FirstScreenOptions {
  /** The route served ('/' or '/gallery'): its chunks' preloads are unwrapped, the others dropped. */
  route?: string;
  /** The first row's cards as plain HTML before the root element (static-first-screen.ts). */
  staticRow?: boolean;
}

/**
 * index.html with the inlined page and preloads at the end of `<head>`, the route's chunk
 * preloads taken out of their inert template (docs/decisions/0058-route-chunks-preloaded.md),
 * and optionally the static first row just before the root element.
 */
export function withFirstScreen(html: Response, inlined: InlinedGalleryPage, { route, staticRow = false }: FirstScreenOptions = {}): Response {
  const script = `<script type="application/json" id="${FIRST_GALLERY_PAGE_ELEMENT_ID}">${scriptSafeJson(inlined)}</script>`;
  const rewritten = new HTMLRewriter()
    .on(`template[${ROUTE_PRELOADS_ATTRIBUTE}]`, {
      element(template) {
        if (template.getAttribute(ROUTE_PRELOADS_ATTRIBUTE) === route) template.removeAndKeepContent();
        else template.remove();
      },
    })
    .on('head', {
      element(head) {
        head.append(firstRowPreloads(inlined.page) + script, { html: true });
      },
    })
    .on('#root', {
      element(root) {
        if (staticRow) root.before(staticFirstRow(inlined.page), { html: true });
      },
    })
    .transform(html);
  const headers = new Headers(rewritten.headers);
  // The document now carries data: revalidate it on every visit; the data itself is edge-cached.
  headers.set('Cache-Control', 'no-cache');
  headers.delete('ETag');
  headers.delete('Content-Length');
  return new Response(rewritten.body, { status: rewritten.status, headers });
}
