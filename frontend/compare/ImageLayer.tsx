import { useState, type CSSProperties } from 'react';
import type { ImageRendition } from '#shared/api-types';
import { placeholderDataUrl } from '../gallery/placeholder';
import { FidelityMapImage } from '../fidelity/FidelityOverlay';
import type { FidelityMapSource } from '../fidelity/map';
import { firstSource, needsOriginal } from './sources';
import { fittedSize, shownSize, transformCss, type Frame, type View } from './viewport';

/** One image of a compare, as every caller (the compare page, a review page) hands it over. */
export interface CompareImage {
  /** Unique among the items (e.g. `<generationId>.<imageIndex>`). */
  key: string;
  /** Short and visible over the image, e.g. "B · Standard · 14:05". */
  label: string;
  /** What the image shows, for screen readers (e.g. its prompt). */
  alt: string;
  /** The full-size original. */
  url: string;
  /** The WebP ladder, narrowest first. */
  renditions: ImageRendition[];
  width: number;
  height: number;
  /** ThumbHash, base64 ('' for none). */
  placeholder: string;
  /** A scored view's geometry: its score and where its map is read (docs/decisions/0093-drawing-inputs-ui.md). */
  fidelity?: { score: number; map: FidelityMapSource };
}

interface ImageLayerProps {
  image: CompareImage;
  frame: Frame;
  view: View;
  dpr: number;
  /** Hidden layers stay loaded (flicker switches without a reload) but out of sight and of the accessibility tree. */
  hidden?: boolean;
  /** Clips the layer (the wipe's top image), as a CSS clip-path. */
  clip?: string;
  /** The fidelity overlay's opacity in percent while it is on (the image's map over it, same transform). */
  overlayOpacity?: number;
}

/**
 * An image in its box at the shared view: the largest rendition, and over it the original once
 * the zoom needs it (docs/decisions/0067-compare-view.md). Both share one transform, so the swap
 * only sharpens the picture; the original shows once it has loaded.
 */
export function ImageLayer({ image, frame, view, dpr, hidden = false, clip, overlayOpacity }: ImageLayerProps) {
  const [wantOriginal, setWantOriginal] = useState(false);
  const [originalLoaded, setOriginalLoaded] = useState(false);
  const first = firstSource(image);
  const needed = !first.original && needsOriginal(image.renditions, shownSize(frame, view.zoom).width, dpr);
  // Latched during render (React's pattern for state derived from earlier renders): once needed, kept.
  if (needed && !wantOriginal) setWantOriginal(true);

  const fitted = fittedSize(frame);
  const placeholder = image.placeholder ? placeholderDataUrl(image.placeholder) : '';
  const geometry: CSSProperties = { width: `${fitted.width}px`, height: `${fitted.height}px`, transform: transformCss(frame, view) };
  const layerStyle: CSSProperties = { ...(clip ? { clipPath: clip } : {}), ...(hidden ? { visibility: 'hidden' } : {}) };
  return (
    <div className="compare-layer" style={layerStyle} data-key={image.key}>
      <img
        className="compare-image"
        data-source={first.original ? 'original' : 'rendition'}
        src={first.url}
        alt={image.alt}
        width={image.width}
        height={image.height}
        style={placeholder ? { ...geometry, backgroundImage: `url("${placeholder}")` } : geometry}
        draggable={false}
        decoding="async"
      />
      {wantOriginal && (
        <img
          className={`compare-image compare-image--original${originalLoaded ? ' is-loaded' : ''}`}
          data-source="original"
          data-loaded={originalLoaded ? 'true' : 'false'}
          src={image.url}
          alt=""
          aria-hidden="true"
          width={image.width}
          height={image.height}
          style={geometry}
          draggable={false}
          decoding="async"
          onLoad={() => setOriginalLoaded(true)}
        />
      )}
      {image.fidelity && overlayOpacity !== undefined && (
        <FidelityMapImage source={image.fidelity.map} opacity={overlayOpacity} className="compare-image compare-fidelity-map" style={geometry} />
      )}
    </div>
  );
}
