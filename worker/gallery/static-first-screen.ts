/**
 * The gallery's first row as plain HTML just before the app's root element
 * (docs/decisions/0056-static-first-row.md, 0058-route-chunks-preloaded.md): the cards' images
 * with the same srcset and sizes as the app's cards (frontend/gallery/CardImages.tsx), in the same
 * page frame (MASONRY_FRAME) and column rules (GALLERY_COLUMNS), so the largest image paints from
 * the HTML alone. It lies over the page (absolutely placed, so the app's content under it never
 * moves) until the app's grid is on screen, which removes it; the app's first render does not
 * touch it, so its images stay the largest paint while the app's code loads. It is decoration:
 * hidden from assistive technology, with nothing focusable or clickable, so no content is
 * announced or tabbed to twice.
 */
import type { GalleryItem, GalleryPage } from '#shared/gallery-types';
import { GALLERY_COLUMNS, STATIC_FIRST_ROW_ID } from '#shared/edge';
import { cardImageShare, MASONRY_FRAME, masonrySizes } from '#shared/grid-rules';
import { srcsetOf } from '#shared/renditions';

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Width over height of a card's image area (frontend/gallery/CardImages.tsx cardAspect). */
function cardAspect(images: GalleryItem['images']): number {
  const [only] = images;
  if (only && images.length === 1) return only.width / Math.max(1, only.height);
  return images.length === 2 ? 2 : 1;
}

function cardMarkup(item: GalleryItem): string {
  const shown = item.images.slice(0, 4);
  const images = shown.map((image, index) => {
    const srcset = srcsetOf(image.renditions);
    const sizes = masonrySizes(GALLERY_COLUMNS, cardImageShare(shown.length, index));
    const responsive = srcset ? ` srcset="${escapeAttribute(srcset)}" sizes="${escapeAttribute(sizes)}"` : '';
    return `<img src="${escapeAttribute(image.thumbnailUrl)}"${responsive} width="${image.width}" height="${image.height}" alt="" decoding="async">`;
  });
  const aspect = cardAspect(shown).toFixed(4);
  return `<div class="fs-card fs-card--${shown.length}" style="aspect-ratio:${aspect}">${images.join('')}</div>`;
}

/** The stylesheet of the static row: the page frame and columns of gallery.css and app.css. */
function firstRowStyle(): string {
  const { padding, maxWidth, rail, railFrom, gap } = MASONRY_FRAME;
  const columns = [...GALLERY_COLUMNS.steps]
    .sort(([a], [b]) => b - a)
    .map(([maxWidthPx, count]) => `@media (max-width:${maxWidthPx}px){.fs-row{grid-template-columns:repeat(${count},1fr)}.fs-card:nth-child(n+${count + 1}){display:none}}`)
    .join('');
  return (
    `<style>` +
    `.fs-main{position:absolute;top:0;left:0;right:0;pointer-events:none}` +
    `@media (min-width:${railFrom}px){.fs-main{padding-left:${rail}px}}` +
    `.fs-frame{padding:48px clamp(${padding.min}px,${padding.vw}vw,${padding.max}px);max-width:${maxWidth}px;margin:0 auto;box-sizing:border-box}` +
    `.fs-row{display:grid;align-items:start;gap:${gap.narrow}px;grid-template-columns:repeat(${GALLERY_COLUMNS.default},1fr)}` +
    `@media (min-width:${railFrom}px){.fs-row{gap:${gap.wide}px}}${columns}` +
    `.fs-card{display:grid;gap:2px;overflow:hidden;border-radius:var(--radius,12px);background:var(--paper-sunken,#ebe8e1)}` +
    `.fs-card--2,.fs-card--3,.fs-card--4{grid-template-columns:1fr 1fr}.fs-card--3 img:first-child{grid-column:1/-1}` +
    `.fs-card img{display:block;width:100%;height:100%;min-height:0;object-fit:cover}` +
    `</style>`
  );
}

/** The first row's cards (as many as the widest grid has columns), or '' for an empty page. */
export function staticFirstRow(page: GalleryPage): string {
  const cards = page.items.slice(0, GALLERY_COLUMNS.default);
  if (cards.length === 0) return '';
  return `${firstRowStyle()}<div class="fs-main" id="${STATIC_FIRST_ROW_ID}" aria-hidden="true"><div class="fs-frame"><div class="fs-row">${cards.map(cardMarkup).join('')}</div></div></div>`;
}
