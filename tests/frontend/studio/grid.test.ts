/** Pure layout rules of a batch's grid: arrow keys inside a batch, and the portrait height cap. */
import { describe, expect, it } from 'vitest';
import { nextTileIndex, tileMaxWidth } from '../../../frontend/studio/grid';

describe('arrow keys inside a batch', () => {
  it('step, move a row, jump to the ends, and stop at the edges', () => {
    // 4 images in 2 columns: 0 1 / 2 3
    expect(nextTileIndex(0, 'ArrowRight', 4, 2)).toBe(1);
    expect(nextTileIndex(3, 'ArrowRight', 4, 2)).toBe(3);
    expect(nextTileIndex(0, 'ArrowLeft', 4, 2)).toBe(0);
    expect(nextTileIndex(1, 'ArrowDown', 4, 2)).toBe(3);
    expect(nextTileIndex(3, 'ArrowDown', 4, 2)).toBe(3);
    expect(nextTileIndex(2, 'ArrowUp', 4, 2)).toBe(0);
    expect(nextTileIndex(2, 'Home', 4, 2)).toBe(0);
    expect(nextTileIndex(0, 'End', 4, 2)).toBe(3);
  });

  it('leaves other keys (Tab, Enter) alone', () => {
    expect(nextTileIndex(0, 'Tab', 4, 2)).toBeNull();
    expect(nextTileIndex(0, 'Enter', 4, 2)).toBeNull();
    expect(nextTileIndex(0, 'ArrowRight', 0, 1)).toBeNull();
  });
});

describe('the portrait cap', () => {
  it('caps only portrait tiles, by the height limit times their ratio', () => {
    expect(tileMaxWidth(576, 1024)).toBe('min(100%, calc(var(--studio-tile-max-h) * 0.5625))');
    expect(tileMaxWidth(1024, 1024)).toBeUndefined();
    expect(tileMaxWidth(1024, 576)).toBeUndefined();
    expect(tileMaxWidth(0, 0)).toBeUndefined();
  });
});
