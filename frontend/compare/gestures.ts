/** The pointer arithmetic of the compare screen's gestures: pinch, double tap, swipe. */
import { SWIPE_THRESHOLD_PX } from '../ui/timings';

export interface Point {
  x: number;
  y: number;
}

export interface Tap extends Point {
  time: number;
}

/** Two taps this close in time and space make a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_DISTANCE_PX = 30;
/** A movement shorter than this is still a tap, not a drag. */
export const TAP_SLOP_PX = 8;

export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/**
 * One step of a two-finger pinch: the zoom factor (spread over previous spread), the new
 * midpoint to zoom around, and how far the midpoint moved (a two-finger pan).
 */
export function pinchStep(previous: readonly [Point, Point], next: readonly [Point, Point]): { factor: number; center: Point; dx: number; dy: number } {
  const before = distance(previous[0], previous[1]);
  const after = distance(next[0], next[1]);
  const from = midpoint(previous[0], previous[1]);
  const center = midpoint(next[0], next[1]);
  return { factor: before > 0 ? after / before : 1, center, dx: center.x - from.x, dy: center.y - from.y };
}

export function isDoubleTap(previous: Tap | null, tap: Tap): boolean {
  return previous !== null && tap.time - previous.time <= DOUBLE_TAP_MS && distance(previous, tap) <= DOUBLE_TAP_DISTANCE_PX;
}

/**
 * A one-finger horizontal swipe over fitted images steps the pair: −1 to the previous, +1 to the
 * next, 0 when it was no swipe (too short, mostly vertical, or the images are zoomed: then it pans).
 */
export function swipeStep(dx: number, dy: number, fitted: boolean): number {
  if (!fitted || Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return 0;
  return dx < 0 ? 1 : -1;
}
