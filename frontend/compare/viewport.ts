/**
 * The compare screen's one shared pan and zoom, as pure functions (docs/decisions/0067-compare-view.md).
 *
 * Every pane shows its image fitted (contained) in its box; the shared `View` says how far past
 * that fit to zoom and which point of the image (in relative coordinates, 0–1 across and down)
 * sits at the box's centre. So panes of different sizes, and images of different aspect ratios,
 * stay aligned by their relative coordinates whatever pane the gesture happened in.
 */

/** The shared pan and zoom: `zoom` 1 is the fit; `x`, `y` the image point at the box's centre. */
export interface View {
  zoom: number;
  x: number;
  y: number;
}

/** One image in one box: the box's CSS size and the original's pixel size. */
export interface Frame {
  width: number;
  height: number;
  imageWidth: number;
  imageHeight: number;
}

/** How far zooming may go: from the fit to a few device pixels per original pixel. */
export interface ZoomLimits {
  min: number;
  max: number;
}

export const FIT_VIEW: View = { zoom: 1, x: 0.5, y: 0.5 };

/** Past 100 % of the original's pixels the zoom may still go this far (to see a joint or a rail). */
const PIXEL_ZOOM_HEADROOM = 4;
/** The least headroom over the fit, for small originals in small boxes. */
const MIN_MAX_ZOOM = 4;
/** When 100 % is no closer than the fit, a double click zooms this far instead. */
const FALLBACK_TOGGLE_ZOOM = 2;
/** Below this the view counts as fitted (a double click then zooms in, not out). */
const FITTED_EPSILON = 0.01;

/** CSS px per original pixel when the image is fitted in its box. */
function fitScale(frame: Frame): number {
  if (frame.imageWidth <= 0 || frame.imageHeight <= 0) return 1;
  return Math.min(frame.width / frame.imageWidth, frame.height / frame.imageHeight);
}

/** The image's fitted CSS size: the box the <img> is laid out in before the zoom transform. */
export function fittedSize(frame: Frame): { width: number; height: number } {
  const scale = fitScale(frame);
  return { width: frame.imageWidth * scale, height: frame.imageHeight * scale };
}

/** The image's CSS size on screen at a zoom. */
export function shownSize(frame: Frame, zoom: number): { width: number; height: number } {
  const fitted = fittedSize(frame);
  return { width: fitted.width * zoom, height: fitted.height * zoom };
}

/** The zoom at which one original pixel covers one device pixel. */
export function pixelZoom(frame: Frame, dpr: number): number {
  return 1 / Math.max(Number.EPSILON, fitScale(frame) * dpr);
}

/** The zoom range of a set of frames: up to a few times 100 % of the most detailed original. */
export function zoomLimits(frames: readonly Frame[], dpr: number): ZoomLimits {
  const deepest = Math.max(1, ...frames.map((frame) => pixelZoom(frame, dpr)));
  return { min: 1, max: Math.max(MIN_MAX_ZOOM, deepest * PIXEL_ZOOM_HEADROOM) };
}

/**
 * The CSS transform of a fitted <img> laid out at the box's top left (transform-origin 0 0):
 * translate so the view's point sits at the box's centre, then scale by the zoom.
 */
export function imageTransform(frame: Frame, view: View): { x: number; y: number; scale: number } {
  const shown = shownSize(frame, view.zoom);
  return { x: frame.width / 2 - view.x * shown.width, y: frame.height / 2 - view.y * shown.height, scale: view.zoom };
}

export function transformCss(frame: Frame, view: View): string {
  const { x, y, scale } = imageTransform(frame, view);
  return `translate(${x}px, ${y}px) scale(${scale})`;
}

/** The relative image point under a point of the box (box CSS px from its top left). */
export function pointAt(frame: Frame, view: View, boxX: number, boxY: number): { x: number; y: number } {
  const shown = shownSize(frame, view.zoom);
  return {
    x: view.x + (boxX - frame.width / 2) / Math.max(Number.EPSILON, shown.width),
    y: view.y + (boxY - frame.height / 2) / Math.max(Number.EPSILON, shown.height),
  };
}

function clampNumber(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/**
 * The centres one axis allows in one frame: while the image is narrower than its box it stays
 * centred; otherwise its edges may reach the box's edges and no further.
 */
function axisRange(box: number, shown: number): [number, number] {
  if (shown <= box) return [0.5, 0.5];
  const half = box / (2 * shown);
  return [half, 1 - half];
}

/**
 * The view kept inside its limits. With several frames the pan range is the union of theirs, so
 * every image's edges can be reached (a narrower image then shows some background).
 */
export function clampView(view: View, frames: readonly Frame[], limits: ZoomLimits): View {
  const zoom = clampNumber(Number.isFinite(view.zoom) ? view.zoom : 1, limits.min, limits.max);
  if (frames.length === 0) return { zoom, x: 0.5, y: 0.5 };
  const ranges = frames.map((frame) => {
    const shown = shownSize(frame, zoom);
    return { x: axisRange(frame.width, shown.width), y: axisRange(frame.height, shown.height) };
  });
  const low = (axis: 'x' | 'y') => Math.min(...ranges.map((range) => range[axis][0]));
  const high = (axis: 'x' | 'y') => Math.max(...ranges.map((range) => range[axis][1]));
  return { zoom, x: clampNumber(view.x, low('x'), high('x')), y: clampNumber(view.y, low('y'), high('y')) };
}

/**
 * Zooms to `zoom` keeping the image point under (boxX, boxY) of `frame` where it is: the
 * wheel, a pinch and the keys (around the box's centre) all zoom through here.
 */
export function zoomAt(view: View, frame: Frame, boxX: number, boxY: number, zoom: number): View {
  const anchor = pointAt(frame, view, boxX, boxY);
  const next = shownSize(frame, zoom);
  return {
    zoom,
    x: anchor.x - (boxX - frame.width / 2) / Math.max(Number.EPSILON, next.width),
    y: anchor.y - (boxY - frame.height / 2) / Math.max(Number.EPSILON, next.height),
  };
}

/** Moves the image by (dx, dy) CSS px on screen, as a drag does. */
export function panBy(view: View, frame: Frame, dx: number, dy: number): View {
  const shown = shownSize(frame, view.zoom);
  return {
    zoom: view.zoom,
    x: view.x - dx / Math.max(Number.EPSILON, shown.width),
    y: view.y - dy / Math.max(Number.EPSILON, shown.height),
  };
}

/** Where an image point (0–1 across) lies across its box, in percent: how the wipe's divider is placed over it. */
export function boxPercentAt(frame: Frame, view: View, imageX: number): number {
  if (frame.width <= 0) return 50;
  const shown = shownSize(frame, view.zoom);
  return clampNumber(((frame.width / 2 + (imageX - view.x) * shown.width) / frame.width) * 100, 0, 100);
}

/** A wheel's zoom factor: smooth for trackpads, about 1.25× a mouse notch (deltaY in CSS px). */
export function wheelFactor(deltaY: number): number {
  return Math.exp(-clampNumber(deltaY, -200, 200) * 0.0022);
}

/**
 * The double click or double tap: from the fit to 100 % of the original's pixels at the point,
 * and from anything zoomed back to the fit.
 */
export function toggleZoom(view: View, frame: Frame, boxX: number, boxY: number, dpr: number): View {
  if (view.zoom > 1 + FITTED_EPSILON) return FIT_VIEW;
  const actual = pixelZoom(frame, dpr);
  const target = actual > 1 + FITTED_EPSILON ? actual : FALLBACK_TOGGLE_ZOOM;
  return zoomAt(view, frame, boxX, boxY, target);
}

/** The zoom as a percentage of the original's pixels (100 = one image pixel per device pixel). */
export function zoomPercent(frame: Frame, view: View, dpr: number): number {
  return Math.round((view.zoom / pixelZoom(frame, dpr)) * 100);
}

export function isFitted(view: View): boolean {
  return view.zoom <= 1 + FITTED_EPSILON;
}
