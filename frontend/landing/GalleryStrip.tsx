/**
 * Work from the public gallery on the landing page (docs/decisions/0047-landing-shows-work.md):
 * the first cards of the inlined anonymous page when the Worker put one in the document, else of
 * the edge-cached gallery API. Every tile's box is fixed before any data or image arrives, so
 * nothing moves; images below the fold load lazily at thumbnail size.
 */
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { GalleryItem, GalleryPage } from '../api/gallery';
import { paths } from '../app/routing';
import { galleryPagesQuery } from '../queries/lists';
import { galleryStrip } from './content';
import { landingStripSizes } from '#shared/grid-rules';
import { srcsetOf } from '#shared/renditions';

/** How many tiles the strip shows (two rows of four, or four rows of two on a phone). */
const GALLERY_STRIP_TILES = 8;

/** The strip's cards: the first image of each of the first cards that have one. */
function stripCards(data: InfiniteData<GalleryPage, unknown> | undefined): GalleryItem[] {
  return (data?.pages[0]?.items ?? []).filter((item) => item.images.length > 0).slice(0, GALLERY_STRIP_TILES);
}

/** The strip's cards, or null while they load (the inlined page means no loading at all). */
function useStripCards(): GalleryItem[] | null {
  const client = useQueryClient();
  const query = galleryPagesQuery(null, '', null);
  const [cards, setCards] = useState(() => {
    const held = client.getQueryData(query.queryKey);
    return held ? stripCards(held) : null;
  });
  const missing = cards === null;
  useEffect(() => {
    if (!missing) return;
    let live = true;
    client
      .fetchInfiniteQuery(galleryPagesQuery(null, '', null))
      .then((data) => live && setCards(stripCards(data)))
      .catch((error: unknown) => console.error('gallery strip load failed', error));
    return () => {
      live = false;
    };
  }, [client, missing]);
  return cards;
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
