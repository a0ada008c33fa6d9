/** The viewer's zoom keys as data: a key press in, an action out (tested without a DOM). */
import type { KeyPress } from '../compare/keys';

export type ZoomKeyAction = 'in' | 'out' | 'fit';

/** One press of + or −, or one click of a zoom button, zooms this much. */
export const ZOOM_STEP = 1.5;

/** + (or =) zooms in, − zooms out, 0 fits; with a modifier the browser keeps the key (its own page zoom). */
export function zoomKeyAction(press: KeyPress): ZoomKeyAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (press.key === '+' || press.key === '=') return 'in';
  if (press.key === '-' || press.key === '_') return 'out';
  if (press.key === '0') return 'fit';
  return null;
}
