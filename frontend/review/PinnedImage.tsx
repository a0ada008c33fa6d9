import type { MouseEvent } from 'react';
import type { ImageRendition } from '#shared/api-types';
import type { ReviewComment } from '#shared/review-types';
import { srcsetOf } from '#shared/renditions';
import { placeholderDataUrl } from '../gallery/placeholder';
import { reviewMessages } from './copy';
import { pinFromPoint, type NumberedComment } from './rules';

/** What an image needs to be shown right-sized over its placeholder. */
export interface ShownImage {
  thumbnailUrl: string;
  renditions: ImageRendition[];
  placeholder: string;
  width: number;
  height: number;
}

export function ResponsiveImage({ image, alt, sizes, eager = false }: { image: ShownImage; alt: string; sizes: string; eager?: boolean }) {
  return (
    <img
      src={image.thumbnailUrl}
      srcSet={srcsetOf(image.renditions) || undefined}
      sizes={sizes}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
    />
  );
}

interface PinnedImageProps<C extends ReviewComment> {
  image: ShownImage;
  alt: string;
  sizes: string;
  thread: NumberedComment<C>[];
  /** The comment whose pin is highlighted. */
  activeId: string | null;
  onSelect: (commentId: string) => void;
  /** A pin being written, shown until it is posted or cancelled. */
  draft?: { x: number; y: number } | null;
  /** Set when the viewer may pin: a click (or Enter, at the centre) calls it with the spot. */
  onPin?: (pin: { x: number; y: number }) => void;
}

/** An image with its numbered pins; clicking a spot pins a new comment there when `onPin` is set. */
export function PinnedImage<C extends ReviewComment>({ image, alt, sizes, thread, activeId, onSelect, draft, onPin }: PinnedImageProps<C>) {
  const placeholder = placeholderDataUrl(image.placeholder);
  const pin = (event: MouseEvent<HTMLButtonElement>) => {
    if (!onPin) return;
    // A keyboard press has no pointer position (detail 0): the pin goes to the centre.
    if (event.detail === 0) return onPin({ x: 0.5, y: 0.5 });
    onPin(pinFromPoint({ x: event.clientX, y: event.clientY }, event.currentTarget.getBoundingClientRect()));
  };
  return (
    <div
      className="pinned-image"
      style={{ aspectRatio: `${image.width} / ${image.height}`, ...(placeholder ? { backgroundImage: `url("${placeholder}")` } : {}) }}
    >
      {onPin ? (
        <button type="button" className="pinned-image-surface" onClick={pin} aria-label={reviewMessages.pinImage}>
          <ResponsiveImage image={image} alt={alt} sizes={sizes} eager />
        </button>
      ) : (
        <ResponsiveImage image={image} alt={alt} sizes={sizes} eager />
      )}
      {thread.map(({ comment, number }) =>
        number === null || comment.x === null || comment.y === null ? null : (
          <button
            key={comment.id}
            type="button"
            className={`pin${comment.id === activeId ? ' is-active' : ''}${comment.resolvedAt ? ' is-resolved' : ''}`}
            style={{ left: `${comment.x * 100}%`, top: `${comment.y * 100}%` }}
            aria-label={reviewMessages.pinLabel(number)}
            aria-pressed={comment.id === activeId}
            onClick={() => onSelect(comment.id)}
          >
            {number}
          </button>
        ),
      )}
      {draft && (
        <span className="pin pin--draft" style={{ left: `${draft.x * 100}%`, top: `${draft.y * 100}%` }} aria-hidden="true">
          +
        </span>
      )}
    </div>
  );
}
