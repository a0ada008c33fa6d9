/** The layout rules of a batch's grid of images (pure; tests/frontend/studio/grid.test.ts). */

export { gridColumns } from '#shared/grid-rules';

/**
 * Where an arrow key moves the focus inside a batch (one tab stop per batch, the arrows move
 * between its images): left/right step, up/down move a row, Home/End jump; null for other keys.
 */
export function nextTileIndex(current: number, key: string, count: number, columns: number): number | null {
  if (count <= 0) return null;
  const last = count - 1;
  switch (key) {
    case 'ArrowLeft':
      return Math.max(0, current - 1);
    case 'ArrowRight':
      return Math.min(last, current + 1);
    case 'ArrowUp':
      return current - columns >= 0 ? current - columns : current;
    case 'ArrowDown':
      return current + columns <= last ? current + columns : current;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/**
 * A tile's width cap, so a portrait batch stays about one screen high: the tile is never
 * taller than the `--studio-tile-max-h` of studio.css (its width follows from its ratio).
 */
export function tileMaxWidth(width: number, height: number): string | undefined {
  if (width <= 0 || height <= 0 || height <= width) return undefined;
  return `min(100%, calc(var(--studio-tile-max-h) * ${(width / height).toFixed(4)}))`;
}
