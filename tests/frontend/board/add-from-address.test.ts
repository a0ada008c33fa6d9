import { describe, expect, it } from 'vitest';
import { addedKeyFrom, boardAddHref } from '../../../frontend/board/add-from-address';
import { withAddedImage, type BoardEntry, type BoardImage } from '../../../frontend/board/board-model';

const image = (key: string): BoardImage => ({
  key,
  generationId: key.split('.')[0] ?? key,
  imageIndex: 0,
  image: { url: `/m/${key}.jpg`, thumbnailUrl: `/m/${key}-t.jpg`, width: 1024, height: 1024, renditions: [] },
  prompt: 'A courtyard',
  createdAt: '2026-11-20T10:00:00.000Z',
  name: null,
  upscaledFrom: null,
});
const images = [image('g1.0'), image('g1.1'), image('g2.0')];

describe('Add to board, through the board page’s address', () => {
  it('names the image in the address and reads it back', () => {
    const href = boardAddHref('p1', 'g1', 1);
    expect(href).toBe('/projects/p1/board?add=g1.1');
    expect(addedKeyFrom(href.split('?')[1] ?? '')).toBe('g1.1');
    expect(addedKeyFrom('')).toBeNull();
  });

  it('places the image last, once: not again when it is on the board, not at all when it is not the project’s', () => {
    const placed: BoardEntry[] = [{ image: image('g2.0'), caption: 'Mine' }];
    expect(withAddedImage(placed, images, 'g1.1').map((entry) => entry.image.key)).toEqual(['g2.0', 'g1.1']);
    expect(withAddedImage(placed, images, 'g2.0')).toEqual(placed);
    expect(withAddedImage(placed, images, 'elsewhere.0')).toEqual(placed);
    expect(withAddedImage([], images, null)).toEqual([]);
  });
});
