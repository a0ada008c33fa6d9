import { describe, expect, it } from 'vitest';
import { brushLimits, EDITOR_ZOOM_FACTOR, editorKeyAction, keyTargetOf, nextBrushSize } from '../../../frontend/edit/keys';

describe('editorKeyAction', () => {
  it('gives every tool a key, in either case', () => {
    expect(editorKeyAction({ key: 'b' }, 'other')).toEqual({ type: 'tool', tool: 'brush' });
    expect(editorKeyAction({ key: 'E' }, 'other')).toEqual({ type: 'tool', tool: 'eraser' });
    expect(editorKeyAction({ key: 'r' }, 'range')).toEqual({ type: 'tool', tool: 'rectangle' });
    expect(editorKeyAction({ key: 'l' }, 'other')).toEqual({ type: 'tool', tool: 'lasso' });
  });

  it('sizes with [ and ], toggles the overlay with M, zooms with + − 0', () => {
    expect(editorKeyAction({ key: '[' }, 'other')).toEqual({ type: 'size', step: -1 });
    expect(editorKeyAction({ key: ']' }, 'other')).toEqual({ type: 'size', step: 1 });
    expect(editorKeyAction({ key: 'm' }, 'other')).toEqual({ type: 'overlay' });
    expect(editorKeyAction({ key: '+' }, 'other')).toEqual({ type: 'zoom', factor: EDITOR_ZOOM_FACTOR });
    expect(editorKeyAction({ key: '-' }, 'other')).toEqual({ type: 'zoom', factor: 1 / EDITOR_ZOOM_FACTOR });
    expect(editorKeyAction({ key: '0' }, 'other')).toEqual({ type: 'fit' });
  });

  it('undoes with Ctrl or Cmd+Z and redoes with Shift added or Ctrl+Y', () => {
    expect(editorKeyAction({ key: 'z', ctrlKey: true }, 'other')).toEqual({ type: 'undo' });
    expect(editorKeyAction({ key: 'z', metaKey: true }, 'range')).toEqual({ type: 'undo' });
    expect(editorKeyAction({ key: 'Z', ctrlKey: true, shiftKey: true }, 'other')).toEqual({ type: 'redo' });
    expect(editorKeyAction({ key: 'y', ctrlKey: true }, 'other')).toEqual({ type: 'redo' });
    expect(editorKeyAction({ key: 'b', ctrlKey: true }, 'other')).toBeNull();
  });

  it('pans with the arrows, except on a slider whose arrows they are', () => {
    expect(editorKeyAction({ key: 'ArrowRight' }, 'other')).toEqual({ type: 'pan', dx: -48, dy: 0 });
    expect(editorKeyAction({ key: 'ArrowUp', shiftKey: true }, 'other')).toEqual({ type: 'pan', dx: 0, dy: 144 });
    expect(editorKeyAction({ key: 'ArrowLeft' }, 'range')).toBeNull();
  });

  it('leaves every key to the instruction field, and Alt combinations to the browser', () => {
    for (const key of ['b', 'z', '[', 'm', 'ArrowLeft', '0']) expect(editorKeyAction({ key }, 'text')).toBeNull();
    expect(editorKeyAction({ key: 'z', ctrlKey: true }, 'text')).toBeNull();
    expect(editorKeyAction({ key: 'b', altKey: true }, 'other')).toBeNull();
    expect(editorKeyAction({ key: 'Escape' }, 'other')).toBeNull();
  });
});

describe('keyTargetOf', () => {
  it('tells text fields and sliders from everything else', () => {
    const range = document.createElement('input');
    range.type = 'range';
    expect(keyTargetOf(document.createElement('textarea'))).toBe('text');
    expect(keyTargetOf(document.createElement('input'))).toBe('text');
    expect(keyTargetOf(range)).toBe('range');
    expect(keyTargetOf(document.createElement('button'))).toBe('other');
    expect(keyTargetOf(null)).toBe('other');
  });
});

describe('brush sizes', () => {
  it('range from a fine line to two fifths of the shorter side, starting at a twelfth', () => {
    expect(brushLimits(2048, 1152)).toEqual({ min: 6, max: 461, initial: 96 });
    expect(brushLimits(100, 100)).toEqual({ min: 2, max: 40, initial: 8 });
  });

  it('step a quarter at a time, at least a pixel, within the limits', () => {
    const limits = { min: 2, max: 100, initial: 10 };
    expect(nextBrushSize(40, 1, limits)).toBe(50);
    expect(nextBrushSize(50, -1, limits)).toBe(40);
    expect(nextBrushSize(2, 1, limits)).toBe(3);
    expect(nextBrushSize(3, -1, limits)).toBe(2);
    expect(nextBrushSize(2, -1, limits)).toBe(2);
    expect(nextBrushSize(90, 1, limits)).toBe(100);
  });
});
