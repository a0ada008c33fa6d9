import { useEffect, useEffectEvent, useRef, useState, type CSSProperties, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { viewerMessages } from '#shared/messages/viewer';
import { useDevicePixelRatio, useStageSize } from '../compare/hooks';
import { TAP_SLOP_PX, type Point } from '../compare/gestures';
import { usePanZoom, type PaneHit } from '../compare/usePanZoom';
import {
  clampView,
  FIT_VIEW,
  fittedSize,
  imageTransform,
  isFitted,
  shownSize,
  toggleZoom,
  transformCss,
  zoomAt,
  zoomLimits,
  zoomPercent,
  type Frame,
  type View,
} from '../compare/viewport';
import { placeholderDataUrl } from '../gallery/placeholder';
import { Icon } from '../ui/icons';
import { zoomInIcon, zoomOutIcon } from '../ui/tool-icons';
import { zoomKeyAction, ZOOM_STEP } from './zoom-keys';

interface ZoomImage {
  /** The original: loaded over the preview once the image is zoomed in. */
  url: string;
  /** What shows first (the largest rendition); the original when absent. */
  preview?: string;
  alt: string;
  width?: number;
  height?: number;
  placeholder?: string;
}

interface ZoomStageProps {
  image: ZoomImage;
  /** A one-finger swipe over the fitted image: −1 back, +1 on. */
  onSwipe: (step: number) => void;
  /** A click or tap on the stage beside the image. */
  onBackdrop: () => void;
  /**
   * Laid over the image at its size and with its transform, so it zooms and pans with it (the
   * geometry map: frontend/fidelity/ViewerFidelity.tsx).
   */
  overlay?: ReactNode;
  /** Drawn over the stage, outside the zoomed image (navigation, a label). */
  children?: ReactNode;
}

/** Controls on the stage keep their own pointer: no drag or zoom starts on them. */
const CONTROLS = 'button, a, input, [data-stage-control]';

/**
 * The viewer's image at any zoom, on the compare screen's pan and zoom (frontend/compare/viewport.ts,
 * usePanZoom.ts): the wheel zooms around the pointer, two fingers pinch, a drag pans, a double
 * click or double tap toggles fit ↔ 100 % of the original's pixels, and + / − / 0 zoom from the
 * keyboard. Fitted, a one-finger swipe steps the viewer instead. Mounted once per image (keyed by
 * the caller), so every image opens fitted.
 */
export function ZoomStage({ image, onSwipe, onBackdrop, overlay, children }: ZoomStageProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const box = useStageSize(boxRef);
  const dpr = useDevicePixelRatio();
  // Width and height come with the slide; an image without them is measured when it loads.
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const imageWidth = image.width || natural?.width || 0;
  const imageHeight = image.height || natural?.height || 0;
  const frame: Frame = { width: box.width, height: box.height, imageWidth: imageWidth || 1, imageHeight: imageHeight || 1 };
  const limits = zoomLimits([frame], dpr);
  const [storedView, setView] = useState<View>(FIT_VIEW);
  const view = clampView(storedView, [frame], limits);
  const change = (update: (view: View) => View) => setView((current) => clampView(update(clampView(current, [frame], limits)), [frame], limits));

  const paneAt = (target: EventTarget | null): PaneHit | null => {
    const element = boxRef.current;
    if (!element || (target instanceof Element && target.closest(CONTROLS))) return null;
    const rect = element.getBoundingClientRect();
    return { frame, left: rect.left, top: rect.top };
  };
  const gestures = usePanZoom(stageRef, { paneAt, change, view, dpr, onSwipe });

  const zoomBy = (factor: number) => change((current) => zoomAt(current, frame, frame.width / 2, frame.height / 2, current.zoom * factor));
  const toggleActual = () => change((current) => toggleZoom(current, frame, frame.width / 2, frame.height / 2, dpr));
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
    const action = zoomKeyAction(event);
    if (!action) return;
    event.preventDefault();
    if (action === 'in') zoomBy(ZOOM_STEP);
    else if (action === 'out') zoomBy(1 / ZOOM_STEP);
    else setView(FIT_VIEW);
  });
  useEffect(() => {
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // A click beside the image closes the viewer; a drag that ends there, or any click on the image, does not.
  const pressedAt = useRef<Point | null>(null);
  const onPointerDownCapture = (event: PointerEvent) => {
    pressedAt.current = { x: event.clientX, y: event.clientY };
  };
  const onClick = (event: MouseEvent) => {
    const start = pressedAt.current;
    const element = boxRef.current;
    if (!element || (event.target instanceof Element && event.target.closest(CONTROLS))) return;
    if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > TAP_SLOP_PX) return;
    const rect = element.getBoundingClientRect();
    const at = imageTransform(frame, view);
    const shown = shownSize(frame, view.zoom);
    const x = event.clientX - rect.left - at.x;
    const y = event.clientY - rect.top - at.y;
    if (x < 0 || y < 0 || x > shown.width || y > shown.height) onBackdrop();
  };

  const zoomed = !isFitted(view);
  const [wantOriginal, setWantOriginal] = useState(false);
  const [originalLoaded, setOriginalLoaded] = useState(false);
  const hasOriginalToLoad = Boolean(image.preview) && image.preview !== image.url;
  // Latched during render: once zoomed in, the original stays (zooming out never reloads it).
  if (zoomed && hasOriginalToLoad && !wantOriginal) setWantOriginal(true);

  const fitted = fittedSize(frame);
  const geometry: CSSProperties = { width: `${fitted.width}px`, height: `${fitted.height}px`, transform: transformCss(frame, view) };
  const placeholder = image.placeholder ? placeholderDataUrl(image.placeholder) : '';
  const percent = zoomPercent(frame, view, dpr);
  const ready = box.width > 0 && imageWidth > 0;
  return (
    <div
      ref={stageRef}
      className={`viewer-stage${zoomed ? ' is-zoomed' : ''}`}
      onPointerDownCapture={onPointerDownCapture}
      onClick={onClick}
      {...gestures}
    >
      <div ref={boxRef} className="viewer-frame">
        <img
          className="viewer-image"
          data-zoom={view.zoom.toFixed(3)}
          src={image.preview ?? image.url}
          alt={image.alt}
          width={image.width}
          height={image.height}
          style={{ ...(ready ? geometry : { visibility: 'hidden' }), ...(placeholder ? { backgroundImage: `url("${placeholder}")` } : {}) }}
          draggable={false}
          onLoad={(event) => {
            const { naturalWidth, naturalHeight } = event.currentTarget;
            if (!image.width && naturalWidth > 0) setNatural({ width: naturalWidth, height: naturalHeight });
          }}
        />
        {wantOriginal && (
          <img
            className={`viewer-image viewer-image--original${originalLoaded ? ' is-loaded' : ''}`}
            src={image.url}
            alt=""
            aria-hidden="true"
            style={geometry}
            draggable={false}
            onLoad={() => setOriginalLoaded(true)}
          />
        )}
        {overlay && (
          <div className="viewer-overlay" style={ready ? geometry : { visibility: 'hidden' }}>
            {overlay}
          </div>
        )}
      </div>
      {children}
      <div className="viewer-zoom" role="group" aria-label={viewerMessages.zoom} aria-describedby="viewer-zoom-help" data-stage-control>
        <button type="button" className="viewer-zoom-button" aria-label={viewerMessages.zoomOut} disabled={!zoomed}
          onClick={() => zoomBy(1 / ZOOM_STEP)}>
          <Icon path={zoomOutIcon} size={18} />
        </button>
        {/* Its name starts with the percentage it shows, then says what a press does. */}
        <button type="button" className="viewer-zoom-percent" title={zoomed ? viewerMessages.fit : viewerMessages.actualSize} onClick={toggleActual}>
          {/* Hidden, its width kept, until the stage is measured: before that the arithmetic gives "0 %". */}
          <span className="viewer-zoom-value" style={ready ? undefined : { visibility: 'hidden' }}>{viewerMessages.zoomPercent(percent)}</span>
          <span className="visually-hidden">{`: ${zoomed ? viewerMessages.fit : viewerMessages.actualSize}`}</span>
        </button>
        <button type="button" className="viewer-zoom-button" aria-label={viewerMessages.zoomIn} disabled={view.zoom >= limits.max - 1e-6}
          onClick={() => zoomBy(ZOOM_STEP)}>
          <Icon path={zoomInIcon} size={18} />
        </button>
      </div>
      <p id="viewer-zoom-help" className="visually-hidden">{viewerMessages.stageHelp}</p>
    </div>
  );
}
