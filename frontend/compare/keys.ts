/**
 * The compare screen's keyboard, as data: a key press in, an action out (tested without a DOM).
 * Mode, zoom and pair keys work anywhere in the view; the arrows pan and Space switches the
 * flicker only while the images themselves have focus (elsewhere they belong to the control).
 */
import { COMPARE_MODES, type CompareMode } from './layout';

export type CompareAction =
  | { type: 'mode'; mode: CompareMode }
  | { type: 'zoom'; factor: number }
  | { type: 'fit' }
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'flicker' }
  | { type: 'pair'; delta: number };

/** One press of + or − zooms this much. */
export const KEY_ZOOM_FACTOR = 1.5;
/** One arrow press pans this share of the pane; with Shift, three times as far. */
const KEY_PAN_SHARE = 0.1;
const SHIFT_PAN_MULTIPLIER = 3;

export interface KeyPress {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/** Where the key was pressed: on the images (the stage) or on some control of the view. */
export interface KeyContext {
  onStage: boolean;
  mode: CompareMode;
  pane: { width: number; height: number };
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [1, 0],
  ArrowRight: [-1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

function stageAction(press: KeyPress, context: KeyContext): CompareAction | null {
  const arrow = ARROWS[press.key];
  if (arrow) {
    // An arrow shows more of the image that way: the image moves the other way.
    const share = KEY_PAN_SHARE * (press.shiftKey ? SHIFT_PAN_MULTIPLIER : 1);
    return { type: 'pan', dx: arrow[0] * context.pane.width * share, dy: arrow[1] * context.pane.height * share };
  }
  if (context.mode === 'flicker' && (press.key === ' ' || press.key.toLowerCase() === 'f')) return { type: 'flicker' };
  return null;
}

/** The action of a key press, or null when the key is not the view's (the browser keeps it). */
export function keyAction(press: KeyPress, context: KeyContext): CompareAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  const modeIndex = ['1', '2', '3'].indexOf(press.key);
  const mode = COMPARE_MODES[modeIndex];
  if (mode) return { type: 'mode', mode };
  if (press.key === '+' || press.key === '=') return { type: 'zoom', factor: KEY_ZOOM_FACTOR };
  if (press.key === '-' || press.key === '_') return { type: 'zoom', factor: 1 / KEY_ZOOM_FACTOR };
  if (press.key === '0') return { type: 'fit' };
  if (press.key === '[') return { type: 'pair', delta: -1 };
  if (press.key === ']') return { type: 'pair', delta: 1 };
  return context.onStage ? stageAction(press, context) : null;
}

/** The wipe divider's keys: arrows move it 2 % (10 % with Shift), Home and End to the edges. */
export function wipeKey(position: number, press: KeyPress): number | null {
  const step = press.shiftKey ? 10 : 2;
  switch (press.key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return Math.max(0, position - step);
    case 'ArrowRight':
    case 'ArrowUp':
      return Math.min(100, position + step);
    case 'PageDown':
      return Math.max(0, position - 10);
    case 'PageUp':
      return Math.min(100, position + 10);
    case 'Home':
      return 0;
    case 'End':
      return 100;
    default:
      return null;
  }
}
