/**
 * The stage's pointer side (Pointer Events for mouse, pen and touch alike): one pointer uses the
 * tool (a pen's pressure thins the brush), two pinch and pan, the wheel zooms around the pointer,
 * and a middle-button drag or Space held on the stage pans. A second finger arriving mid-stroke
 * turns the gesture into a pinch and takes the stroke's paint away, so zooming never leaves a
 * smear. The mask changes through the document (frontend/edit/mask-document.ts) in image pixels.
 */
import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { pinchStep, type Point as ScreenPoint } from '../compare/gestures';
import type { Tool } from './keys';
import type { PaintMode, Point, Rect } from './mask';
import type { MaskDocument } from './mask-document';
import { imagePoint, panBy, screenScale, wheelFactor, zoomAt, type Frame, type View } from './viewport';

/** What a rectangle or a lasso looks like while it is drawn (in image pixels). */
export type Preview = { kind: 'rectangle'; from: Point; to: Point } | { kind: 'lasso'; points: Point[] } | null;

type Gesture =
  | { kind: 'paint'; last: Point; mode: PaintMode }
  | { kind: 'rectangle'; from: Point; to: Point }
  | { kind: 'lasso'; points: Point[]; lastScreen: ScreenPoint }
  | { kind: 'pan' }
  | { kind: 'pinch' };

export interface PaintGestureOptions {
  stage: RefObject<HTMLElement | null>;
  doc: MaskDocument;
  tool: Tool;
  /** The brush's diameter in image pixels. */
  size: number;
  /** 0–1. */
  hardness: number;
  frame: Frame;
  view: View;
  change: (update: (view: View) => View) => void;
  /** Redraws a piece of a gesture. */
  draw: (rect: Rect | null) => void;
  /** A gesture ended: redraw and let the editor see the mask anew. */
  settle: (rect: Rect | null) => void;
}

/** A lasso keeps a point once the pointer has moved this far on screen. */
const LASSO_STEP_PX = 3;
/** A pen at its lightest still draws this share of the brush. */
const PEN_MIN_SHARE = 0.25;
/** A line-mode wheel's line, in CSS px. */
const WHEEL_LINE_PX = 16;

export function usePaintGestures(options: PaintGestureOptions) {
  const { stage, doc, tool, size, hardness, frame, view, change, draw, settle } = options;
  /** The brush's outline, moved without rendering React. */
  const cursor = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, ScreenPoint>());
  const gesture = useRef<Gesture | null>(null);
  const spaceHeld = useRef(false);
  const [preview, setPreview] = useState<Preview>(null);

  const origin = () => {
    const box = stage.current?.getBoundingClientRect();
    return { left: box?.left ?? 0, top: box?.top ?? 0 };
  };
  const toImage = (event: { clientX: number; clientY: number }): Point => {
    const { left, top } = origin();
    return imagePoint(frame, view, event.clientX - left, event.clientY - top);
  };
  const radiusOf = (event: PointerEvent) =>
    (size / 2) * (event.pointerType === 'pen' && event.pressure > 0 ? PEN_MIN_SHARE + (1 - PEN_MIN_SHARE) * event.pressure : 1);

  const showCursor = (event: PointerEvent | null) => {
    const element = cursor.current;
    if (!element) return;
    if (!event || event.pointerType === 'touch' || (tool !== 'brush' && tool !== 'eraser')) {
      element.style.visibility = 'hidden';
      return;
    }
    const { left, top } = origin();
    const diameter = size * screenScale(frame, view);
    element.style.visibility = 'visible';
    element.style.width = `${diameter}px`;
    element.style.height = `${diameter}px`;
    element.style.transform = `translate(${event.clientX - left - diameter / 2}px, ${event.clientY - top - diameter / 2}px)`;
  };

  const startTool = (event: PointerEvent) => {
    const point = toImage(event);
    if (tool === 'brush' || tool === 'eraser') {
      const mode: PaintMode = tool === 'eraser' ? 'erase' : 'paint';
      doc.begin();
      draw(doc.stroke(point, point, radiusOf(event), hardness, mode));
      gesture.current = { kind: 'paint', last: point, mode };
    } else if (tool === 'rectangle') {
      gesture.current = { kind: 'rectangle', from: point, to: point };
      setPreview({ kind: 'rectangle', from: point, to: point });
    } else {
      gesture.current = { kind: 'lasso', points: [point], lastScreen: { x: event.clientX, y: event.clientY } };
      setPreview({ kind: 'lasso', points: [point] });
    }
  };

  /** Drops the gesture in progress (a stroke's paint goes away). */
  const abandon = () => {
    if (gesture.current?.kind === 'paint') draw(doc.cancel());
    gesture.current = null;
    setPreview(null);
  };

  const finish = () => {
    const current = gesture.current;
    gesture.current = null;
    setPreview(null);
    if (current?.kind === 'paint') {
      doc.end();
      settle(null);
    } else if (current?.kind === 'rectangle' || current?.kind === 'lasso') {
      doc.begin();
      const rect = current.kind === 'rectangle' ? doc.rectangle(current.from, current.to, 'paint') : doc.lasso(current.points, 'paint');
      doc.end();
      settle(rect);
    }
  };

  const pinch = (event: PointerEvent, point: ScreenPoint) => {
    const [a, b] = [...pointers.current.values()];
    const next = new Map(pointers.current).set(event.pointerId, point);
    const [c, d] = [...next.values()];
    pointers.current = next;
    if (!a || !b || !c || !d) return;
    const step = pinchStep([a, b], [c, d]);
    const { left, top } = origin();
    change((current) => zoomAt(panBy(current, frame, step.dx, step.dy), frame, step.center.x - left, step.center.y - top, current.zoom * step.factor));
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0 && event.button !== 1) return;
    // The middle button would start the browser's autoscroll.
    if (event.button === 1) event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) {
      abandon();
      gesture.current = { kind: 'pinch' };
      return;
    }
    if (pointers.current.size > 2 || gesture.current) return;
    if (event.button === 1 || spaceHeld.current) gesture.current = { kind: 'pan' };
    else startTool(event);
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    showCursor(event);
    const previous = pointers.current.get(event.pointerId);
    const current = gesture.current;
    if (!previous || !current) return;
    const point = { x: event.clientX, y: event.clientY };
    if (current.kind === 'pinch' && pointers.current.size >= 2) return pinch(event, point);
    pointers.current.set(event.pointerId, point);
    if (current.kind === 'pan') change((shown) => panBy(shown, frame, point.x - previous.x, point.y - previous.y));
    else if (current.kind === 'paint') {
      const image = toImage(event);
      draw(doc.stroke(current.last, image, radiusOf(event), hardness, current.mode));
      current.last = image;
    } else if (current.kind === 'rectangle') {
      current.to = toImage(event);
      setPreview({ kind: 'rectangle', from: current.from, to: current.to });
    } else if (current.kind === 'lasso' && Math.hypot(point.x - current.lastScreen.x, point.y - current.lastScreen.y) >= LASSO_STEP_PX) {
      current.points.push(toImage(event));
      current.lastScreen = point;
      setPreview({ kind: 'lasso', points: [...current.points] });
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    // After a pinch, nothing paints until every finger has lifted.
    if (gesture.current?.kind === 'pinch') {
      if (pointers.current.size === 0) gesture.current = null;
      return;
    }
    finish();
  };

  const onPointerCancel = (event: PointerEvent<HTMLElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    if (gesture.current?.kind !== 'pinch' || pointers.current.size === 0) abandon();
  };

  const onWheel = useEffectEvent((event: WheelEvent) => {
    event.preventDefault();
    const { left, top } = origin();
    const delta = event.deltaMode === 1 ? event.deltaY * WHEEL_LINE_PX : event.deltaY;
    change((shown) => zoomAt(shown, frame, event.clientX - left, event.clientY - top, shown.zoom * wheelFactor(delta)));
  });
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    // Not React's onWheel: the page must not scroll, so the listener cannot be passive.
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [stage]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    spaceHeld.current = true;
  };
  const onKeyUp = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === ' ') spaceHeld.current = false;
  };

  return {
    preview,
    cursor,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel,
      onPointerLeave: () => showCursor(null),
      onKeyDown,
      onKeyUp,
      onBlur: () => {
        spaceHeld.current = false;
      },
    },
  };
}
