/**
 * The mask editor's keyboard as data (docs/decisions/0085-mask-editor.md): a key press and where
 * it happened in, an action out. B E R L pick the tools, [ ] the brush size, M the overlay,
 * Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z (or Ctrl+Y) undo and redo, + − 0 zoom and fit, the arrows pan.
 * Escape is the dialog's own (it asks before discarding a painted mask). In the instruction
 * field every key is the field's; on a slider the arrows and Home/End are the slider's.
 */
import type { KeyPress } from '../compare/keys';

export type Tool = 'brush' | 'eraser' | 'rectangle' | 'lasso';
export const TOOLS: readonly Tool[] = ['brush', 'eraser', 'rectangle', 'lasso'];

/** The key of each tool, as the buttons' titles show it. */
export const TOOL_KEYS: Record<Tool, string> = { brush: 'B', eraser: 'E', rectangle: 'R', lasso: 'L' };

export type EditorAction =
  | { type: 'tool'; tool: Tool }
  | { type: 'size'; step: 1 | -1 }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'overlay' }
  | { type: 'zoom'; factor: number }
  | { type: 'fit' }
  | { type: 'pan'; dx: number; dy: number };

/** What has focus: a text field, a slider, or anything else in the editor. */
export type KeyTarget = 'text' | 'range' | 'other';

/** One press of + or − zooms this much. */
export const EDITOR_ZOOM_FACTOR = 1.5;
/** One arrow press pans this many CSS px (three times with Shift). */
const PAN_STEP_PX = 48;

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [1, 0],
  ArrowRight: [-1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

function historyAction(press: KeyPress): EditorAction | null {
  const key = press.key.toLowerCase();
  if (key === 'z') return press.shiftKey ? { type: 'redo' } : { type: 'undo' };
  if (key === 'y' && !press.shiftKey) return { type: 'redo' };
  return null;
}

export function editorKeyAction(press: KeyPress, target: KeyTarget): EditorAction | null {
  if (target === 'text' || press.altKey) return null;
  if (press.ctrlKey || press.metaKey) return historyAction(press);
  const arrow = ARROWS[press.key];
  if (arrow) {
    if (target === 'range') return null;
    const step = PAN_STEP_PX * (press.shiftKey ? 3 : 1);
    return { type: 'pan', dx: arrow[0] * step, dy: arrow[1] * step };
  }
  const tool = (Object.keys(TOOL_KEYS) as Tool[]).find((candidate) => TOOL_KEYS[candidate].toLowerCase() === press.key.toLowerCase());
  if (tool) return { type: 'tool', tool };
  switch (press.key) {
    case '[':
      return { type: 'size', step: -1 };
    case ']':
      return { type: 'size', step: 1 };
    case 'm':
    case 'M':
      return { type: 'overlay' };
    case '+':
    case '=':
      return { type: 'zoom', factor: EDITOR_ZOOM_FACTOR };
    case '-':
    case '_':
      return { type: 'zoom', factor: 1 / EDITOR_ZOOM_FACTOR };
    case '0':
      return { type: 'fit' };
    default:
      return null;
  }
}

/** Where a key was pressed, from the element that has focus. */
export function keyTargetOf(element: Element | null): KeyTarget {
  if (!element) return 'other';
  if (element instanceof HTMLTextAreaElement) return 'text';
  if (element instanceof HTMLInputElement) return element.type === 'range' ? 'range' : 'text';
  return element instanceof HTMLElement && element.isContentEditable ? 'text' : 'other';
}

export interface BrushLimits {
  min: number;
  max: number;
  initial: number;
}

/** The brush's diameter in image pixels: from a fine line to two fifths of the shorter side; it starts at a twelfth. */
export function brushLimits(width: number, height: number): BrushLimits {
  const short = Math.max(1, Math.min(width, height));
  const min = Math.max(2, Math.round(short * 0.005));
  const max = Math.max(min + 1, Math.round(short * 0.4));
  return { min, max, initial: Math.min(max, Math.max(min, Math.round(short / 12))) };
}

/** One press of [ or ]: a quarter smaller or larger, at least one pixel, within the limits. */
export function nextBrushSize(size: number, step: 1 | -1, limits: BrushLimits): number {
  const scaled = step > 0 ? Math.max(size + 1, Math.round(size * 1.25)) : Math.min(size - 1, Math.round(size / 1.25));
  return Math.min(limits.max, Math.max(limits.min, scaled));
}
