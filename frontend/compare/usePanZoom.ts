/**
 * The pointer side of the shared pan and zoom: the wheel zooms around the pointer, one pointer
 * drags, two pinch (and pan), a double click or double tap toggles fit ↔ 100 %, and a swipe over
 * fitted images steps the pair. Every change goes through `change`, which clamps and shares it.
 */
import { useEffect, useEffectEvent, useRef, type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { isDoubleTap, pinchStep, swipeStep, TAP_SLOP_PX, type Point, type Tap } from './gestures';
import { isFitted, panBy, toggleZoom, wheelFactor, zoomAt, type Frame, type View } from './viewport';

/** The pane under a pointer: its frame and where its box sits on the screen. */
export interface PaneHit {
  frame: Frame;
  left: number;
  top: number;
}

export interface PanZoomOptions {
  paneAt: (target: EventTarget | null) => PaneHit | null;
  change: (update: (view: View) => View) => void;
  /** The shared view as shown now. */
  view: View;
  dpr: number;
  onSwipe: (step: number) => void;
}

interface Gesture {
  pane: PaneHit;
  start: Point;
  moved: boolean;
  pointerType: string;
  pinched: boolean;
}

/** A line of a line-mode wheel, in CSS px (Firefox with a mouse). */
const WHEEL_LINE_PX = 16;

export function usePanZoom(stage: RefObject<HTMLElement | null>, options: PanZoomOptions) {
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<Tap | null>(null);
  const lastPointerType = useRef('mouse');

  const onWheel = useEffectEvent((event: WheelEvent) => {
    const pane = options.paneAt(event.target);
    if (!pane) return;
    event.preventDefault();
    const delta = event.deltaMode === 1 ? event.deltaY * WHEEL_LINE_PX : event.deltaY;
    const x = event.clientX - pane.left;
    const y = event.clientY - pane.top;
    options.change((view) => zoomAt(view, pane.frame, x, y, view.zoom * wheelFactor(delta)));
  });
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    // Not React's onWheel: the page must not scroll, so the listener cannot be passive.
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [stage]);

  const pinch = (next: Map<number, Point>, current: Gesture) => {
    const [a, b] = [...pointers.current.values()];
    const [c, d] = [...next.values()];
    if (!a || !b || !c || !d) return;
    const step = pinchStep([a, b], [c, d]);
    const { frame, left, top } = current.pane;
    options.change((view) => zoomAt(panBy(view, frame, step.dx, step.dy), frame, step.center.x - left, step.center.y - top, view.zoom * step.factor));
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    lastPointerType.current = event.pointerType;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const pane = gesture.current?.pane ?? options.paneAt(event.target);
    if (!pane) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 1) {
      gesture.current = { pane, start: { x: event.clientX, y: event.clientY }, moved: false, pointerType: event.pointerType, pinched: false };
    } else if (gesture.current) {
      gesture.current.pinched = true;
    }
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const current = gesture.current;
    const previous = pointers.current.get(event.pointerId);
    if (!current || !previous) return;
    const point = { x: event.clientX, y: event.clientY };
    if (Math.hypot(point.x - current.start.x, point.y - current.start.y) > TAP_SLOP_PX) current.moved = true;
    if (pointers.current.size >= 2) {
      const next = new Map(pointers.current).set(event.pointerId, point);
      pinch(next, current);
      pointers.current = next;
      return;
    }
    pointers.current.set(event.pointerId, point);
    // A touch over fitted images is a swipe between pairs, decided when it ends; zoomed, it pans.
    if (current.pointerType === 'touch' && isFitted(options.view)) return;
    options.change((view) => panBy(view, current.pane.frame, point.x - previous.x, point.y - previous.y));
  };

  const finishTouch = (current: Gesture, point: Point) => {
    if (current.moved) {
      const step = swipeStep(point.x - current.start.x, point.y - current.start.y, isFitted(options.view));
      if (step !== 0) options.onSwipe(step);
      return;
    }
    const tap = { ...point, time: performance.now() };
    if (isDoubleTap(lastTap.current, tap)) {
      lastTap.current = null;
      const { frame, left, top } = current.pane;
      options.change((view) => toggleZoom(view, frame, point.x - left, point.y - top, options.dpr));
    } else {
      lastTap.current = tap;
    }
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const current = gesture.current;
    if (pointers.current.size > 0 || !current) return;
    gesture.current = null;
    if (current.pointerType === 'touch' && !current.pinched) finishTouch(current, { x: event.clientX, y: event.clientY });
  };

  const onDoubleClick = (event: ReactMouseEvent<HTMLElement>) => {
    // Touch double taps are handled above (a touch may or may not produce dblclick too).
    if (lastPointerType.current === 'touch') return;
    // The drag's pointer capture makes the stage the click's target: find the pane by the point.
    const pane = options.paneAt(document.elementFromPoint(event.clientX, event.clientY));
    if (!pane) return;
    options.change((view) => toggleZoom(view, pane.frame, event.clientX - pane.left, event.clientY - pane.top, options.dpr));
  };

  return { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd, onDoubleClick };
}
