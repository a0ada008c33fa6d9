/**
 * Work from the public gallery on the landing page (docs/decisions/0047-landing-shows-work.md):
 * the first cards of the anonymous page the document carried (the Worker adds it to `/`), else of
 * the edge-cached gallery API, through the query module loaded only then. The prerendered HTML
 * holds the empty tiles; every tile's box is fixed before any data or image arrives, so nothing
 * moves; images below the fold load lazily at thumbnail size.
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { GalleryItem, GalleryPage } from '#shared/gallery-types';
import { paths } from '../app/routing';
import { renderedState } from '../app/rendered-state';
import { useHydrated } from '../ui/useHydrated';
import { galleryStrip } from './content';
import { landingStripSizes } from '#shared/grid-rules';
import { srcsetOf } from '#shared/renditions';

/** How many tiles the strip shows (two rows of four, or four rows of two on a phone). */
const GALLERY_STRIP_TILES = 8;

/** The strip's cards: the first image of each of the first cards that have one. */
function stripCards(page: GalleryPage | undefined): GalleryItem[] {
  return (page?.items ?? []).filter((item) => item.images.length > 0).slice(0, GALLERY_STRIP_TILES);
}

/** The anonymous shared-order page of the empty search, when the document carried it. */
function carriedPage(): GalleryPage | null {
  const gallery = renderedState()?.gallery;
  return gallery?.q === '' ? gallery.page : null;
}

/** The strip's cards, or null while they load (a page the document carried means no loading at all). */
function useStripCards(): GalleryItem[] | null {
  // Hydration renders the prerendered HTML's empty tiles; the cards come right after.
  const hydrated = useHydrated();
  const carried = hydrated ? carriedPage() : null;
  const [fetched, setFetched] = useState<GalleryItem[] | null>(null);
  const missing = hydrated && carried === null && fetched === null;
  useEffect(() => {
    if (!missing) return;
    let live = true;
    import('../queries/anonymous-page')
      .then(({ anonymousFirstPage }) => anonymousFirstPage())
      .then((page) => live && setFetched(stripCards(page)))
      .catch((error: unknown) => console.error('gallery strip load failed', error));
    return () => {
      live = false;
    };
  }, [missing]);
  return carried ? stripCards(carried) : fetched;
}

export function GalleryStrip() {
  const loaded = useStripCards();
  // A young gallery shows what it has, not empty frames; the section waits for a first work.
  if (loaded?.length === 0) return null;
  const cards = loaded ?? [];
  const tiles = loaded === null ? GALLERY_STRIP_TILES : loaded.length;
  return (
    <section className="landing-section" aria-labelledby="gallery-strip-title">
      <header className="landing-section-heading">
        <p className="landing-eyebrow">{galleryStrip.kicker}</p>
        <h2 id="gallery-strip-title">{galleryStrip.title}</h2>
      </header>
      <ul className="gallery-strip" data-testid="gallery-strip">
        {Array.from({ length: tiles }, (_, index) => {
          const card = cards[index];
          const image = card?.images[0];
          return (
            <li key={card?.id ?? `empty-${index}`} className="gallery-strip-tile">
              {card && image && (
                <img
                  src={image.thumbnailUrl}
                  srcSet={srcsetOf(image.renditions) || undefined}
                  sizes={landingStripSizes(image.width / Math.max(1, image.height))}
                  alt={card.prompt}
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                  decoding="async"
                />
              )}
            </li>
          );
        })}
      </ul>
      <p className="gallery-strip-more">
        <Link href={paths.gallery} className="button">{galleryStrip.more}</Link>
      </p>
    </section>
  );
}
