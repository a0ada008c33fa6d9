import { describe, expect, it } from 'vitest';
import { isDoubleTap, pinchStep, swipeStep } from '../../../frontend/compare/gestures';
import { keyAction, KEY_ZOOM_FACTOR, wipeKey, type KeyContext } from '../../../frontend/compare/keys';

const onStage: KeyContext = { onStage: true, mode: 'side', pane: { width: 600, height: 400 } };
const onButton: KeyContext = { ...onStage, onStage: false };

describe('keyAction', () => {
  it('switches modes with 1, 2 and 3 from anywhere in the view', () => {
    expect(keyAction({ key: '1' }, onButton)).toEqual({ type: 'mode', mode: 'side' });
    expect(keyAction({ key: '2' }, onButton)).toEqual({ type: 'mode', mode: 'wipe' });
    expect(keyAction({ key: '3' }, onStage)).toEqual({ type: 'mode', mode: 'flicker' });
  });

  it('zooms with + (or =) and −, fits with 0, steps pairs with [ and ]', () => {
    expect(keyAction({ key: '+' }, onButton)).toEqual({ type: 'zoom', factor: KEY_ZOOM_FACTOR });
    expect(keyAction({ key: '=' }, onStage)).toEqual({ type: 'zoom', factor: KEY_ZOOM_FACTOR });
    expect(keyAction({ key: '-' }, onStage)).toEqual({ type: 'zoom', factor: 1 / KEY_ZOOM_FACTOR });
    expect(keyAction({ key: '0' }, onStage)).toEqual({ type: 'fit' });
    expect(keyAction({ key: ']' }, onStage)).toEqual({ type: 'pair', delta: 1 });
    expect(keyAction({ key: '[' }, onStage)).toEqual({ type: 'pair', delta: -1 });
  });

  it('pans with the arrows only on the stage, showing more of the image that way', () => {
    expect(keyAction({ key: 'ArrowRight' }, onStage)).toEqual({ type: 'pan', dx: -60, dy: 0 });
    expect(keyAction({ key: 'ArrowUp' }, onStage)).toEqual({ type: 'pan', dx: 0, dy: 40 });
    const shifted = keyAction({ key: 'ArrowLeft', shiftKey: true }, onStage);
    expect(shifted?.type === 'pan' && shifted.dx).toBeCloseTo(180);
    expect(keyAction({ key: 'ArrowRight' }, onButton)).toBeNull();
  });

  it('switches the flicker with Space or F on the stage, in flicker mode only', () => {
    expect(keyAction({ key: ' ' }, { ...onStage, mode: 'flicker' })).toEqual({ type: 'flicker' });
    expect(keyAction({ key: 'F' }, { ...onStage, mode: 'flicker' })).toEqual({ type: 'flicker' });
    expect(keyAction({ key: ' ' }, onStage)).toBeNull();
    expect(keyAction({ key: ' ' }, { ...onButton, mode: 'flicker' })).toBeNull();
  });

  it('leaves the browser its shortcuts', () => {
    expect(keyAction({ key: '+', ctrlKey: true }, onStage)).toBeNull();
    expect(keyAction({ key: '0', metaKey: true }, onStage)).toBeNull();
    expect(keyAction({ key: 'Tab' }, onStage)).toBeNull();
  });
});

describe('wipeKey', () => {
  it('moves the divider 2 % an arrow, 10 % with Shift or a page key, and to the edges', () => {
    expect(wipeKey(50, { key: 'ArrowLeft' })).toBe(48);
    expect(wipeKey(50, { key: 'ArrowRight', shiftKey: true })).toBe(60);
    expect(wipeKey(95, { key: 'PageUp' })).toBe(100);
    expect(wipeKey(1, { key: 'ArrowDown' })).toBe(0);
    expect(wipeKey(30, { key: 'Home' })).toBe(0);
    expect(wipeKey(30, { key: 'End' })).toBe(100);
    expect(wipeKey(30, { key: 'a' })).toBeNull();
  });
});

describe('gestures', () => {
  it('reads a pinch as a zoom factor around the new midpoint plus the midpoint move', () => {
    const step = pinchStep([{ x: 100, y: 100 }, { x: 200, y: 100 }], [{ x: 80, y: 110 }, { x: 280, y: 110 }]);
    expect(step.factor).toBe(2);
    expect(step.center).toEqual({ x: 180, y: 110 });
    expect(step.dx).toBe(30);
    expect(step.dy).toBe(10);
  });

  it('knows a double tap: close in time and place', () => {
    const first = { x: 10, y: 10, time: 1000 };
    expect(isDoubleTap(null, first)).toBe(false);
    expect(isDoubleTap(first, { x: 20, y: 15, time: 1200 })).toBe(true);
    expect(isDoubleTap(first, { x: 20, y: 15, time: 1400 })).toBe(false);
    expect(isDoubleTap(first, { x: 90, y: 10, time: 1100 })).toBe(false);
  });

  it('steps pairs on a horizontal swipe over fitted images only', () => {
    expect(swipeStep(-80, 10, true)).toBe(1);
    expect(swipeStep(80, 10, true)).toBe(-1);
    expect(swipeStep(-30, 0, true)).toBe(0);
    expect(swipeStep(-80, 70, true)).toBe(0);
    expect(swipeStep(-80, 0, false)).toBe(0);
  });
});
