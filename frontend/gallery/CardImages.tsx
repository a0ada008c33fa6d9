import { useEffect, useRef, useState } from 'react';
import type { CardImage } from '#shared/gallery-types';
import { srcsetOf } from '#shared/renditions';
import { masonrySizes, type ColumnSteps } from '#shared/grid-rules';
import { cardImageShare } from './layout';
import { galleryUiMessages } from './copy';
import { decodedPlaceholder, placeholderDataUrl } from './placeholder';

/** The card's image area, width over height, fixed before any image loads (no layout shift). */
export function cardAspect(images: CardImage[]): number {
  const [only] = images;
  if (only && images.length === 1) return only.width / Math.max(1, only.height);
  return images.length === 2 ? 2 : 1;
}

/** A gallery card's height over its width: exactly its image area's (gallery.css .card-images). */
export const cardHeight = (card: { images: CardImage[] }) => 1 / cardAspect(card.images);

interface CardImagesProps {
  images: CardImage[];
  prompt: string;
  /** The first cards of a grid load at once; the rest when they near the viewport. */
  eager: boolean;
  /** The card is in the grid's first row at some width: its images are fetched first (the largest paint). */
  firstRow?: boolean;
  /** The masonry's column rules: each image's `sizes` comes from them. */
  columns: ColumnSteps;
  onOpen: (index: number) => void;
}

/**
 * The images' ThumbHash placeholders, decoded after the card's first paint and only for images
 * not loaded by then: decoding is the costliest part of a grid's first render, and images the
 * server-rendered HTML has already loaded need none (docs/decisions/0078-react-on-the-server.md).
 */
function usePlaceholders(images: CardImage[]) {
  const container = useRef<HTMLDivElement>(null);
  const hashes = images.map((image) => image.placeholder).join(' ');
  const [placeholders, setPlaceholders] = useState(() => images.map((image) => decodedPlaceholder(image.placeholder) ?? ''));
  useEffect(() => {
    const shown = container.current?.querySelectorAll('img') ?? [];
    const loaded = (index: number) => {
      const image = shown[index];
      return image !== undefined && image.complete && image.naturalWidth > 0;
    };
    setPlaceholders(hashes.split(' ').map((hash, index) => (loaded(index) ? '' : placeholderDataUrl(hash))));
  }, [hashes]);
  return { container, placeholders };
}

/** 1–4 images (the rendition their cell needs, from srcset) in a grid chosen by their count, each over its ThumbHash placeholder. */
export function CardImages({ images, prompt, eager, firstRow = false, columns, onOpen }: CardImagesProps) {
  const shown = images.slice(0, 4);
  const { container, placeholders } = usePlaceholders(shown);
  return (
    <div ref={container} className={`card-images card-images--${shown.length}`} style={{ aspectRatio: String(cardAspect(shown)) }}>
      {shown.map((image, index) => {
        const placeholder = placeholders[index];
        return (
          <button
            key={image.thumbnailUrl}
            type="button"
            className="card-image"
            onClick={() => onOpen(index)}
            style={placeholder ? { backgroundImage: `url("${placeholder}")` } : undefined}
          >
            <img
              src={image.thumbnailUrl}
              srcSet={srcsetOf(image.renditions) || undefined}
              sizes={masonrySizes(columns, cardImageShare(shown.length, index))}
              alt={galleryUiMessages.imageAlt(prompt, index, shown.length)}
              width={image.width}
              height={image.height}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={firstRow ? 'high' : undefined}
              decoding="async"
              draggable={false}
            />
          </button>
        );
      })}
    </div>
  );
}
