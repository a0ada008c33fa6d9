import { describe, expect, it } from 'vitest';
import { LOW_PRINT_DPI, PRINT_DPI, pixelsForPrint } from '#shared/print';
import { boardImagesOf, toggleEntry, withUpscaled, type BoardEntry, type BoardGeneration } from '../../../frontend/board/board-model';
import { pageLayout, placeInCell } from '../../../frontend/board/layout';
import { boardPrint, printDpi, printSource, printsLow } from '../../../frontend/board/print-resolution';

const generation = (id: string, width: number, height: number, extra: Partial<BoardGeneration> = {}): BoardGeneration => ({
  id,
  version: null,
  prompt: `Prompt of ${id}`,
  createdAt: '2026-11-20T09:30:00.000Z',
  images: [{ url: `/media/${id}.jpg`, thumbnailUrl: `/media/${id}-t.webp`, width, height, renditions: [] }],
  ...extra,
});

const entriesOf = (generations: BoardGeneration[]) => boardImagesOf(generations).reduce<BoardEntry[]>((list, image) => toggleEntry(list, image), []);

describe('print density', () => {
  it('is the pixels over the inches they print across, rounded down, the lesser side counting', () => {
    // 300 dpi exactly: 3000 px over 10 inches.
    expect(printDpi({ width: 3000, height: 1500 }, { width: 254, height: 127 })).toBe(300);
    expect(printDpi({ width: 2999, height: 1500 }, { width: 254, height: 127 })).toBe(299);
    expect(printDpi({ width: 2048, height: 1152 }, { width: 254, height: 200 })).toBe(146);
    expect(printDpi({ width: 100, height: 100 }, { width: 0, height: 10 })).toBe(0);
  });

  it('is low below 200 dpi', () => {
    expect([printsLow(LOW_PRINT_DPI - 1), printsLow(LOW_PRINT_DPI), printsLow(PRINT_DPI)]).toEqual([true, false, false]);
  });

  it('needs as many pixels as shared/print.ts says for 300 dpi', () => {
    const placed = { width: 190, height: 120 };
    const needed = pixelsForPrint(placed.width);
    expect(printDpi({ width: needed, height: pixelsForPrint(placed.height) }, placed)).toBeGreaterThanOrEqual(PRINT_DPI);
    expect(printDpi({ width: needed - 2, height: 10_000 }, placed)).toBeLessThan(PRINT_DPI);
  });
});

describe('each image of the board', () => {
  it('prints at fewer dots per inch when it covers its cell than when it fits in it', () => {
    const entries = entriesOf([generation('wide', 2048, 1152)]);
    const [contained] = boardPrint(entries, 'A3', 4, 'contain');
    const [covering] = boardPrint(entries, 'A3', 4, 'cover');
    if (!contained || !covering) throw new Error('no print');
    expect(covering.dpi).toBeLessThan(contained.dpi);
  });

  it('prints at its own pixels over the rect the layout places it in, page after page', () => {
    const entries = entriesOf([generation('wide', 4096, 2304), generation('square', 1024, 1024), generation('tall', 1536, 2048)]);
    const prints = boardPrint(entries, 'A3', 2, 'contain');
    const { cells } = pageLayout('A3', 2);
    const expected = entries.map((entry, index) => {
      const cell = cells[index % 2];
      if (!cell) throw new Error('no cell');
      const placed = placeInCell(entry.image.image, cell, 'contain').image;
      return Math.floor(Math.min(entry.image.image.width / (placed.width / 25.4), entry.image.image.height / (placed.height / 25.4)) + 1e-9);
    });
    expect(prints.map((print) => print.dpi)).toEqual(expected);
    expect(prints.map((print) => print.position)).toEqual([1, 2, 3]);
    expect(prints.map((print) => print.low)).toEqual(expected.map((dpi) => dpi < 200));
  });

  it('reaches 300 dpi on A3 four up from a 4K original, not from a 2K one', () => {
    const [fourK, twoK, oneK] = boardPrint(entriesOf([generation('4k', 4096, 2304), generation('2k', 2048, 1152), generation('1k', 1024, 576)]), 'A3', 4, 'contain');
    expect(fourK?.dpi).toBeGreaterThanOrEqual(PRINT_DPI);
    expect(twoK?.dpi).toBeLessThan(PRINT_DPI);
    expect(twoK?.low).toBe(false);
    expect(oneK?.low).toBe(true);
  });

  it('a larger sheet or fewer images a page lowers the density of the same image', () => {
    const entries = entriesOf([generation('2k', 2048, 1152)]);
    const [a4Six] = boardPrint(entries, 'A4', 6, 'contain');
    const [a3One] = boardPrint(entries, 'A3', 1, 'contain');
    expect(a4Six?.low).toBe(false);
    expect(a3One?.low).toBe(true);
    expect(a3One?.dpi).toBeLessThan(a4Six?.dpi ?? 0);
  });
});

describe('the file each image prints from', () => {
  const [image] = boardImagesOf([generation('g1', 2048, 1152)]);
  if (!image) throw new Error('no image');

  it('is the original JPEG at its own signed URL, with the image full pixels', () => {
    expect(printSource(image, false)).toEqual({ file: 'original', url: '/media/g1.jpg', width: 2048, height: 1152 });
  });

  it('is the lossless master, behind the token, when asked', () => {
    expect(printSource(image, true)).toEqual({ file: 'master', generationId: 'g1', imageIndex: 0, width: 2048, height: 1152 });
  });
});

describe('an upscale asked for from the board', () => {
  const source = generation('src', 1024, 576);
  const upscaled = generation('up', 2048, 1152, { kind: 'upscale', upscale: { sourceId: 'src', sourceIndex: 0 } });
  const other = generation('other', 1024, 576);

  it('knows its source', () => {
    expect(boardImagesOf([source, upscaled]).map((image) => image.upscaledFrom)).toEqual([null, 'src.0']);
  });

  it('takes the place of the image it was asked for, keeping the caption', () => {
    const entries = entriesOf([other, source]).map((entry, index) => ({ ...entry, caption: `caption ${index + 1}` }));
    const images = boardImagesOf([other, source, upscaled]);
    const next = withUpscaled(entries, images, new Set(['src.0']));
    expect(next.map((entry) => [entry.image.key, entry.caption])).toEqual([['other.0', 'caption 1'], ['up.0', 'caption 2']]);
  });

  it('changes nothing for an image not sent from here, before the result lands, or when the result is on the board already', () => {
    const entries = entriesOf([source]);
    expect(withUpscaled(entries, boardImagesOf([source, upscaled]), new Set())).toBe(entries);
    expect(withUpscaled(entries, boardImagesOf([source]), new Set(['src.0']))).toBe(entries);
    const both = entriesOf([source, upscaled]);
    expect(withUpscaled(both, boardImagesOf([source, upscaled]), new Set(['src.0']))).toBe(both);
  });
});
