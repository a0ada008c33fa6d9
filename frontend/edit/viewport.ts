/**
 * The editor's zoom and pan: the compare view's one-pane arithmetic (frontend/compare/viewport.ts,
 * docs/decisions/0067-compare-view.md), plus the two things painting needs of it: which image
 * pixel lies under a point of the stage, and how many CSS px one image pixel covers (the brush's
 * outline on screen). The mask itself never changes size with the zoom.
 */
import { clampView, fittedSize, pointAt, zoomLimits, type Frame, type View } from '../compare/viewport';
import type { Point } from './mask';

export { FIT_VIEW, fittedSize, panBy, transformCss, wheelFactor, zoomAt, zoomLimits, type Frame, type View } from '../compare/viewport';

/** The image in the stage: the stage's CSS size and the image's pixel size. */
export function editorFrame(stage: { width: number; height: number }, image: { width: number; height: number }): Frame {
  return { width: stage.width, height: stage.height, imageWidth: image.width, imageHeight: image.height };
}

/** The view kept between the fit and a few times 100 % of the image's pixels. */
export function clampEditorView(view: View, frame: Frame, dpr: number): View {
  return clampView(view, [frame], zoomLimits([frame], dpr));
}

/** The image point (in image pixels, continuous) under a point of the stage (CSS px from its top left). */
export function imagePoint(frame: Frame, view: View, stageX: number, stageY: number): Point {
  const relative = pointAt(frame, view, stageX, stageY);
  return { x: relative.x * frame.imageWidth, y: relative.y * frame.imageHeight };
}

/** CSS px per image pixel at this view. */
export function screenScale(frame: Frame, view: View): number {
  return (fittedSize(frame).width / Math.max(1, frame.imageWidth)) * view.zoom;
}
