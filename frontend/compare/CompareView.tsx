import './compare.css';
import { useEffect, useEffectEvent, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { compareMessages } from './copy';
import { CompareBottomBar, CompareTopBar } from './CompareBars';
import { useDevicePixelRatio, useFlicker, useStageSize } from './hooks';
import { ImageLayer, type CompareImage } from './ImageLayer';
import { keyAction, KEY_ZOOM_FACTOR, type CompareAction } from './keys';
import { framesFor, shownCount, stepStart, windowIndexes, type CompareMode } from './layout';
import { usePanZoom, type PaneHit } from './usePanZoom';
import { WipeDivider } from './WipeDivider';
import { useOverlaySettings } from '../fidelity/FidelityOverlay';
import { fidelityCopy } from '../fidelity/copy';
import { fidelityPercent } from '../fidelity/rules';
import { boxPercentAt, clampView, FIT_VIEW, panBy, zoomAt, zoomLimits, zoomPercent, type Frame, type View } from './viewport';

export type { CompareImage } from './ImageLayer';

export interface CompareViewProps {
  /** Two to four images, in the order they are compared. */
  items: readonly CompareImage[];
  /** Controls before the mode switch: the page's way back. */
  leading?: ReactNode;
  initialMode?: CompareMode;
  /**
   * The image point (0–1 across) the wipe's divider starts over, e.g. the middle of an edit's
   * mask (frontend/edit/before-after.ts); the middle of the pane when absent.
   */
  initialWipeAt?: number;
}

const NO_FRAME: Frame = { width: 0, height: 0, imageWidth: 1, imageHeight: 1 };

/**
 * Two to four images side by side with one shared pan and zoom, overlaid with a wipe, or
 * flickering (docs/decisions/0067-compare-view.md). Props only, no fetching: every page that has
 * the images (the compare page, a review page) can show it.
 */
export function CompareView({ items, leading, initialMode = 'side', initialWipeAt }: CompareViewProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const helpId = useId();
  const stage = useStageSize(stageRef);
  const dpr = useDevicePixelRatio();
  const [mode, setMode] = useState<CompareMode>(initialMode);
  const [storedView, setView] = useState<View>(FIT_VIEW);
  const [start, setStart] = useState(0);
  // Placed over the image point once the wipe's pane has a size; the middle of the pane otherwise.
  const [storedWipe, setWipe] = useState<number | null>(initialWipeAt === undefined ? 50 : null);

  const count = items.length;
  const shown = shownCount(mode, stage.width, count);
  const visible = windowIndexes(start, count, shown).flatMap((index) => items[index] ?? []);
  const flicker = useFlicker(mode === 'flicker', visible.length);
  // The fidelity overlay (docs/decisions/0093-drawing-inputs-ui.md): one switch and opacity for every shown image with a map.
  const overlay = useOverlaySettings();
  const hasMaps = visible.some((item) => item.fidelity);
  const overlayOpacity = hasMaps && overlay.on ? overlay.opacity : undefined;
  const { grid, frames } = framesFor(mode, stage, visible);
  const limits = zoomLimits(frames, dpr);
  const view = clampView(storedView, frames, limits);
  const change = (update: (view: View) => View) =>
    setView((current) => clampView(update(clampView(current, frames, limits)), frames, limits));
  const step = (delta: number) => setStart((current) => stepStart(current, delta, count, shown));
  const frameOfPane = (pane: number): Frame => frames[mode === 'flicker' ? flicker.shown : pane] ?? NO_FRAME;
  const wipeFrame = mode === 'wipe' ? frames[0] : undefined;
  if (storedWipe === null && initialWipeAt !== undefined && wipeFrame && wipeFrame.width > 0) setWipe(boxPercentAt(wipeFrame, view, initialWipeAt));
  const wipe = storedWipe ?? 50;

  const paneAt = (target: EventTarget | null): PaneHit | null => {
    const element = target instanceof Element ? target.closest<HTMLElement>('[data-pane]') : null;
    if (!element) return null;
    const rect = element.getBoundingClientRect();
    return { frame: frameOfPane(Number(element.dataset.pane)), left: rect.left, top: rect.top };
  };
  const gestures = usePanZoom(stageRef, { paneAt, change, view, dpr, onSwipe: step });

  const centreZoom = (factor: number) => {
    const frame = frameOfPane(0);
    change((current) => zoomAt(current, frame, frame.width / 2, frame.height / 2, current.zoom * factor));
  };
  const perform = (action: CompareAction) => {
    if (action.type === 'mode') setMode(action.mode);
    else if (action.type === 'zoom') centreZoom(action.factor);
    else if (action.type === 'fit') setView(FIT_VIEW);
    else if (action.type === 'pan') change((current) => panBy(current, frameOfPane(0), action.dx, action.dy));
    else if (action.type === 'flicker') flicker.step();
    else step(action.delta);
  };
  const onKey = (event: KeyboardEvent<HTMLElement> | globalThis.KeyboardEvent, onStage: boolean) => {
    const action = keyAction(event, { onStage, mode, pane: frameOfPane(0) });
    if (!action) return;
    event.preventDefault();
    perform(action);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (!target.closest('input, select, textarea')) onKey(event, target === stageRef.current);
  };
  // With nothing focused (the page just opened, or after a click outside any control) the keys
  // still reach the images: the screen is theirs.
  const onDocumentKey = useEffectEvent((event: globalThis.KeyboardEvent) => {
    if (event.target === document.body) onKey(event, true);
  });
  useEffect(() => {
    document.addEventListener('keydown', onDocumentKey);
    return () => document.removeEventListener('keydown', onDocumentKey);
  }, []);

  const labels = visible.map((item) => item.label);
  const first = visible[0];
  const second = visible[1];
  const firstIndex = Math.min(start, Math.max(0, count - shown));
  return (
    <section className={`compare compare--${mode}`} aria-label={compareMessages.viewLabel} onKeyDown={onKeyDown}>
      <CompareTopBar leading={leading} mode={mode} onMode={setMode} />
      <div
        ref={stageRef}
        className="compare-stage"
        style={{ gridTemplateColumns: `repeat(${grid.columns}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${grid.rows}, minmax(0, 1fr))` }}
        tabIndex={0}
        role="group"
        aria-label={compareMessages.stageLabel(visible.length)}
        aria-describedby={helpId}
        {...gestures}
      >
        {stage.width > 0 && mode === 'side' &&
          visible.map((item, pane) => (
            <figure key={item.key} className="compare-pane" data-pane={pane}>
              <ImageLayer image={item} frame={frameOfPane(pane)} view={view} dpr={dpr} overlayOpacity={overlayOpacity} />
              <figcaption className="compare-label">
                {item.label}
                {item.fidelity && ` · ${fidelityCopy.badge(fidelityPercent(item.fidelity.score))}`}
              </figcaption>
            </figure>
          ))}
        {stage.width > 0 && mode === 'wipe' && first && second && (
          <figure className="compare-pane" data-pane={0}>
            <ImageLayer image={first} frame={frames[0] ?? NO_FRAME} view={view} dpr={dpr} overlayOpacity={overlayOpacity} />
            <ImageLayer image={second} frame={frames[1] ?? NO_FRAME} view={view} dpr={dpr} clip={`inset(0 0 0 ${wipe}%)`} overlayOpacity={overlayOpacity} />
            <figcaption className="compare-label">{first.label}</figcaption>
            <figcaption className="compare-label compare-label--right">{second.label}</figcaption>
            <WipeDivider position={wipe} leftLabel={first.label} rightLabel={second.label} onChange={setWipe} />
          </figure>
        )}
        {stage.width > 0 && mode === 'flicker' && (
          <figure className="compare-pane" data-pane={0}>
            {visible.map((item, index) => (
              <ImageLayer key={item.key} image={item} frame={frames[index] ?? NO_FRAME} view={view} dpr={dpr} hidden={index !== flicker.shown} overlayOpacity={overlayOpacity} />
            ))}
            <figcaption className="compare-label" data-flicker-index={flicker.shown}>{visible[flicker.shown]?.label}</figcaption>
          </figure>
        )}
      </div>
      <CompareBottomBar
        zoom={{
          percent: zoomPercent(frameOfPane(0), view, dpr),
          canZoomIn: view.zoom < limits.max - 1e-6,
          canZoomOut: view.zoom > limits.min + 1e-6,
          onZoom: centreZoom,
          onFit: () => setView(FIT_VIEW),
          factor: KEY_ZOOM_FACTOR,
        }}
        pairs={shown < count ? { first: firstIndex + 1, last: firstIndex + shown, count, onStep: step } : null}
        flicker={mode === 'flicker' ? flicker : null}
        overlay={hasMaps ? overlay : null}
      />
      <p id={helpId} className="visually-hidden">{compareMessages.stageHelp}</p>
      <p className="visually-hidden" aria-live="polite">{compareMessages.showing(labels)}</p>
    </section>
  );
}
