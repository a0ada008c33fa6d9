import { useMemo, useState } from 'react';
import { thumbHashToDataURL } from 'thumbhash';
import type { StudioImage } from './history';
import { tileMaxWidth } from './grid';
import { studioLabels } from './labels';
import { Icon } from '../ui/icons';
import { editCopy } from '../edit/copy';
import { FidelityBadge } from '../fidelity/FidelityBadge';
import { downloadIcon, regionEditIcon, selectIcon } from '../ui/card-icons';
import type { UpscaleTarget } from '../upscale/target';
import { UpscaleButton } from '../upscale/UpscaleButton';
import { srcsetOf } from '#shared/renditions';
import { studioUiMessages } from '#shared/messages/studio';
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
  prompt: string;
  total: number;
  /** The batch's one tab stop (its other tiles are reached with the arrow keys). */
  tabbable: boolean;
  selected: boolean;
  onFocus: () => void;
  onOpen: () => void;
  onToggleSelect: () => void;
  /** Saves the image under its name (its project and version name inside a project). */
  onDownload: () => void;
  /** Opens the mask editor on this image (finished batches only). */
  onEditRegion?: () => void;
  /** Offers "Upscale ×2" on this image (finished batches only). */
  upscaleTarget?: UpscaleTarget;
}

/** One generated image: opens the viewer; select-for-refinement, edit, upscale and download on top (the like is the batch's). */
export function ImageTile({ image, prompt, total, tabbable, selected, onFocus, onOpen, onToggleSelect, onDownload, onEditRegion, upscaleTarget }: ImageTileProps) {
  const [loaded, setLoaded] = useState(false);
  const placeholder = useMemo(() => placeholderUrl(image.placeholder), [image.placeholder]);
  const ratio = image.width > 0 && image.height > 0 ? `${image.width} / ${image.height}` : '1 / 1';
  const tabIndex = tabbable ? 0 : -1;
  // Every button says which image it acts on: a list of buttons otherwise reads "Download, Download, …".
  const position = image.index + 1;
  return (
    <figure
      className={`studio-tile${selected ? ' is-selected' : ''}`}
      style={{ aspectRatio: ratio, width: tileMaxWidth(image.width, image.height) }}
      onFocus={onFocus}
    >
      <button type="button" className="studio-tile-open" tabIndex={tabIndex} onClick={onOpen} aria-label={studioLabels.openImage(position, total)}>
        <span
          className="studio-tile-placeholder"
          aria-hidden="true"
          style={placeholder && !loaded ? { backgroundImage: `url(${placeholder})` } : undefined}
        />
        <img
          src={image.thumbnailUrl}
          srcSet={srcsetOf(image.renditions) || undefined}
          sizes={studioSizes(total, image.width / Math.max(1, image.height))}
          alt={`${prompt} (${image.index + 1} of ${total})`}
          width={image.width || undefined}
          height={image.height || undefined}
          loading="lazy"
          decoding="async"
          onLoad={() => setLoaded(true)}
          className={loaded ? 'is-loaded' : undefined}
        />
      </button>
      {image.fidelity && <FidelityBadge fidelity={image.fidelity} tabIndex={tabIndex} />}
      <div className="studio-tile-actions">
        <button
          type="button"
          className={`studio-chip-button${selected ? ' is-on' : ''}`}
          tabIndex={tabIndex}
          aria-pressed={selected}
          aria-label={studioUiMessages.imageButton(studioLabels.select, position, total)}
          title={studioLabels.select}
          onClick={onToggleSelect}
        >
          <Icon path={selectIcon} size={18} />
        </button>
        {onEditRegion && (
          <button type="button" className="studio-chip-button" tabIndex={tabIndex} aria-label={studioUiMessages.imageButton(editCopy.editRegion, position, total)}
            title={editCopy.editRegion} onClick={onEditRegion}>
            <Icon path={regionEditIcon} size={18} />
          </button>
        )}
        {upscaleTarget && <UpscaleButton target={upscaleTarget} look="icon" className="studio-chip-button" tabIndex={tabIndex} />}
        <button
          type="button"
          className="studio-chip-button"
          tabIndex={tabIndex}
          aria-label={studioUiMessages.imageButton(studioLabels.download, position, total)}
          title={studioLabels.download}
          onClick={onDownload}
        >
          <Icon path={downloadIcon} size={18} />
        </button>
      </div>
    </figure>
  );
}
