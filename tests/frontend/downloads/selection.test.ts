import { describe, expect, it } from 'vitest';
import { DOWNLOAD_MAX_GENERATIONS } from '#shared/print';
import { selectedImageCount, toggleSelected, type SelectedGeneration } from '../../../frontend/downloads/selection';

const generation = (id: string, imageCount = 2): SelectedGeneration => ({ id, imageCount });

describe('the dashboard’s download selection', () => {
  it('adds and removes whole generations, in the order chosen, counting their images', () => {
    let selected: SelectedGeneration[] = [];
    for (const id of ['a', 'b', 'c']) selected = toggleSelected(selected, generation(id, id === 'b' ? 4 : 1)).selected;
    expect(selected.map((entry) => entry.id)).toEqual(['a', 'b', 'c']);
    expect(selectedImageCount(selected)).toBe(6);
    expect(toggleSelected(selected, generation('b'))).toEqual({ selected: [generation('a', 1), generation('c', 1)], full: false });
  });

  it('refuses one past the cap the Worker takes, and says so', () => {
    const full = Array.from({ length: DOWNLOAD_MAX_GENERATIONS }, (_, index) => generation(`g${index}`));
    const refused = toggleSelected(full, generation('one-more'));
    expect(refused.full).toBe(true);
    expect(refused.selected).toHaveLength(DOWNLOAD_MAX_GENERATIONS);
    // Taking one off is always allowed.
    expect(toggleSelected(full, generation('g0')).selected).toHaveLength(DOWNLOAD_MAX_GENERATIONS - 1);
  });
});
