/**
 * The editor's mask with its history, as the pointer handlers use it: a gesture begins, draws
 * any number of pieces, and ends (one undo step) or is cancelled (a second finger arrived: the
 * gesture becomes a pinch and its paint goes away). No DOM: every call returns the rectangle it
 * changed, for the overlay to redraw. tests/frontend/edit/history.test.ts ("the mask document") proves it.
 */
import { EMPTY_HISTORY, patchOf, record, redo, undo, type History } from './history';
import {
  boundingBox, createMask, fillPolygon, fillRect, paintPinCircle, readRect, strokeSegment, unionRect, writeRect,
  type Mask, type PaintMode, type Point, type Rect,
} from './mask';

export interface MaskDocument {
  readonly mask: Mask;
  /** Starts a gesture (a stroke, a rectangle, a lasso): what it changes becomes one undo step. */
  begin: () => void;
  stroke: (from: Point, to: Point, radius: number, hardness: number, mode: PaintMode) => Rect | null;
  rectangle: (a: Point, b: Point, mode: PaintMode) => Rect | null;
  lasso: (points: readonly Point[], mode: PaintMode) => Rect | null;
  /** Ends the gesture: records it when it changed anything. */
  end: () => void;
  /** Drops the gesture's paint; returns the rectangle restored. */
  cancel: () => Rect | null;
  undo: () => Rect | null;
  redo: () => Rect | null;
  canUndo: () => boolean;
  canRedo: () => boolean;
  /** Whether the user changed the mask (a prefilled pin circle alone is not their work). */
  touchedByUser: () => boolean;
  /** The region to edit, or null while nothing above the threshold is painted. */
  bounds: () => Rect | null;
}

/** A mask of the source's size; a pin (0–1 of the image) paints "Edit here"'s soft circle as an undoable first step. */
export function createMaskDocument(width: number, height: number, pin?: { x: number; y: number }): MaskDocument {
  const mask = createMask(width, height);
  let history: History = EMPTY_HISTORY;
  let snapshot: Uint8Array | null = null;
  let dirty: Rect | null = null;
  let prefilledSteps = 0;

  const touch = (rect: Rect | null): Rect | null => {
    dirty = unionRect(dirty, rect);
    return rect;
  };
  const inGesture = <A extends unknown[]>(draw: (...args: A) => Rect | null) => (...args: A): Rect | null => {
    if (!snapshot) return null;
    return touch(draw(...args));
  };
  const begin = () => {
    // A whole copy per gesture (a memcpy of at most a few MB); the step keeps only its rectangle.
    snapshot = mask.data.slice();
    dirty = null;
  };
  const end = () => {
    if (snapshot && dirty) {
      const patch = patchOf(mask, snapshot, dirty);
      if (patch) history = record(history, patch);
    }
    snapshot = null;
    dirty = null;
  };

  if (pin) {
    begin();
    touch(paintPinCircle(mask, pin));
    end();
    prefilledSteps = history.done.length;
  }

  return {
    mask,
    begin,
    stroke: inGesture((from: Point, to: Point, radius: number, hardness: number, mode: PaintMode) => strokeSegment(mask, from, to, radius, hardness, mode)),
    rectangle: inGesture((a: Point, b: Point, mode: PaintMode) => fillRect(mask, a, b, mode)),
    lasso: inGesture((points: readonly Point[], mode: PaintMode) => fillPolygon(mask, points, mode)),
    end,
    cancel: () => {
      const restored = dirty;
      if (snapshot && restored) writeRect(mask, restored, readRect({ width: mask.width, height: mask.height, data: snapshot }, restored));
      snapshot = null;
      dirty = null;
      return restored;
    },
    undo: () => {
      const result = undo(history, mask);
      history = result.history;
      return result.rect;
    },
    redo: () => {
      const result = redo(history, mask);
      history = result.history;
      return result.rect;
    },
    canUndo: () => history.done.length > 0,
    canRedo: () => history.undone.length > 0,
    touchedByUser: () => history.done.length !== prefilledSteps || history.undone.length > 0,
    bounds: () => boundingBox(mask),
  };
}
