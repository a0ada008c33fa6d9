/**
 * How the compare screen lays out its panes, and which items it shows (docs/decisions/0067-compare-view.md):
 * side by side shows every item on a wide screen and a pair on a phone; wipe and flicker compare
 * a pair. A pair is a sliding window (1–2, 2–3, 3–4), so neighbouring versions meet.
 */
import type { Frame } from './viewport';

export type CompareMode = 'side' | 'wipe' | 'flicker';

export const COMPARE_MODES: readonly CompareMode[] = ['side', 'wipe', 'flicker'];

/** Below this stage width side by side shows two items at a time (a phone). */
export const TWO_UP_BELOW_PX = 640;

/** The gap between panes, CSS px. */
export const PANE_GAP_PX = 4;

export interface Grid {
  columns: number;
  rows: number;
}

export interface Size {
  width: number;
  height: number;
}

/** How many items the mode shows at once on a stage this wide. */
export function shownCount(mode: CompareMode, stageWidth: number, count: number): number {
  if (mode !== 'side') return Math.min(2, count);
  return stageWidth < TWO_UP_BELOW_PX ? Math.min(2, count) : count;
}

/** How many panes the mode draws: one overlay for wipe and flicker. */
export function paneCount(mode: CompareMode, shown: number): number {
  return mode === 'side' ? shown : 1;
}

/** The grids worth trying for n panes: one row, one column, and 2×2 for four. */
function candidateGrids(panes: number): Grid[] {
  const grids: Grid[] = [
    { columns: panes, rows: 1 },
    { columns: 1, rows: panes },
  ];
  if (panes === 4) grids.push({ columns: 2, rows: 2 });
  return grids;
}

/** One pane's size in a grid on the stage. */
export function paneSize(stage: Size, grid: Grid, gap: number = PANE_GAP_PX): Size {
  return {
    width: Math.max(0, (stage.width - (grid.columns - 1) * gap) / grid.columns),
    height: Math.max(0, (stage.height - (grid.rows - 1) * gap) / grid.rows),
  };
}

/** The area an image of `aspect` (width / height) covers when fitted in a box. */
function fittedArea(box: Size, aspect: number): number {
  const width = Math.min(box.width, box.height * aspect);
  return width * (width / aspect);
}

/**
 * The grid that shows the images largest: side by side for portrait images on a landscape
 * stage, stacked for landscape images on a portrait phone. Ties keep the row (reading order).
 */
export function bestGrid(stage: Size, aspects: readonly number[], gap: number = PANE_GAP_PX): Grid {
  const panes = Math.max(1, aspects.length);
  let best: Grid = { columns: panes, rows: 1 };
  let bestArea = -1;
  for (const grid of candidateGrids(panes)) {
    const box = paneSize(stage, grid, gap);
    const area = aspects.reduce((sum, aspect) => sum + fittedArea(box, aspect > 0 ? aspect : 1), 0);
    if (area > bestArea + 0.5) {
      best = grid;
      bestArea = area;
    }
  }
  return best;
}

/** The last first-index of a window of `shown` items among `count`. */
export function lastStart(count: number, shown: number): number {
  return Math.max(0, count - shown);
}

/** The window's first index after a step (clamped, no wrap: the buttons disable at the ends). */
export function stepStart(start: number, delta: number, count: number, shown: number): number {
  return Math.min(lastStart(count, shown), Math.max(0, start + delta));
}

/** The item indexes a window shows. */
export function windowIndexes(start: number, count: number, shown: number): number[] {
  const first = Math.min(Math.max(0, start), lastStart(count, shown));
  return Array.from({ length: Math.min(shown, count) }, (_, offset) => first + offset);
}

/** The next of the shown items in flicker (wrapping). */
export function nextFlicker(current: number, shown: number): number {
  return shown <= 0 ? 0 : (current + 1) % shown;
}

/** The box of each shown image: its pane's (side by side) or the whole stage's (wipe, flicker). */
export function framesFor(mode: CompareMode, stage: Size, images: readonly { width: number; height: number }[]): { grid: Grid; frames: Frame[] } {
  const aspects = images.map((image) => image.width / Math.max(1, image.height));
  const grid = mode === 'side' ? bestGrid(stage, aspects) : { columns: 1, rows: 1 };
  const box = paneSize(stage, grid);
  return { grid, frames: images.map((image) => ({ ...box, imageWidth: image.width, imageHeight: image.height })) };
}
