import { useMemo, useState } from 'react';
import { thumbHashToDataURL } from 'thumbhash';
import type { StudioBatch, StudioImage } from './history';
import { downloadImage } from './download';
import { studioLabels } from './labels';
import { Icon } from '../ui/icons';
import { srcsetOf } from '#shared/renditions';
import { studioSizes } from '#shared/grid-rules';

function placeholderUrl(placeholder: string | null): string | null {
  if (!placeholder) return null;
  try {
    const bytes = Uint8Array.from(atob(placeholder), (char) => char.charCodeAt(0));
    return thumbHashToDataURL(bytes);
  } catch {
    return null;
  }
}

interface ImageTileProps {
  image: StudioImage;
  batch: StudioBatch;
  /** A like of this batch is on its way. */
  likeBusy: boolean;
  total: number;
  selected: boolean;
  onOpen: () => void;
  onToggleSelect: () => void;
  onToggleLike: () => void;
}

/** One generated image: opens the viewer; like, select-for-refinement and download on top. */
export function ImageTile({ image, batch, likeBusy, total, selected, onOpen, onToggleSelect, onToggleLike }: ImageTileProps) {
  const [loaded, setLoaded] = useState(false);
  const placeholder = useMemo(() => placeholderUrl(image.placeholder), [image.placeholder]);
  const ratio = image.width > 0 && image.height > 0 ? `${image.width} / ${image.height}` : '1 / 1';
  return (
    <figure className={`studio-tile${selected ? ' is-selected' : ''}`} style={{ aspectRatio: ratio }}>
      <button type="button" className="studio-tile-open" onClick={onOpen} aria-label={studioLabels.openImage(image.index + 1, total)}>
        <span
          className="studio-tile-placeholder"
          aria-hidden="true"
          style={placeholder && !loaded ? { backgroundImage: `url(${placeholder})` } : undefined}
        />
        <img
          src={image.thumbnailUrl}
          srcSet={srcsetOf(image.renditions) || undefined}
          sizes={studioSizes(total)}
          alt={`${batch.prompt} (${image.index + 1} of ${total})`}
          width={image.width || undefined}
          height={image.height || undefined}
          loading="lazy"
          decoding="async"
          onLoad={() => setLoaded(true)}
          className={loaded ? 'is-loaded' : undefined}
        />
      </button>
      <div className="studio-tile-actions">
        <button
          type="button"
          className={`studio-chip-button${batch.liked ? ' is-on' : ''}`}
          aria-pressed={batch.liked}
          aria-busy={likeBusy}
          aria-label={studioLabels.like}
          title={studioLabels.like}
          onClick={onToggleLike}
        >
          <Icon name="heart" size={18} filled={batch.liked} />
        </button>
        <button
          type="button"
          className={`studio-chip-button${selected ? ' is-on' : ''}`}
          aria-pressed={selected}
          aria-label={studioLabels.select}
          title={studioLabels.select}
          onClick={onToggleSelect}
        >
          <Icon name="select" size={18} />
        </button>
        <button
          type="button"
          className="studio-chip-button"
          aria-label={studioLabels.download}
          title={studioLabels.download}
          onClick={() => void downloadImage(image.url, image.id)}
        >
          <Icon name="download" size={18} />
        </button>
      </div>
    </figure>
  );
}
