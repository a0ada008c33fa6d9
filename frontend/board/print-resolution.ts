/**
 * How each image of the board prints, as pure rules (docs/decisions/0090-print-ui.md): the dots per
 * inch an image reaches in the rect it is placed in, when the screen warns about it, and which of
 * the image's files the PDF embeds.
 *
 * Only the image's full-size files print: the original JPEG (embedded byte for byte) or, for the
 * owner on a paid plan who asks for it, the lossless PNG master. The WebP renditions never do, even
 * when one is wide enough for its cell: jsPDF would decode it and encode it again as JPEG, a second
 * lossy generation of an already lossy file.
 */
import type { BoardFit } from '#shared/board-types';
import { dotsPerInch, LOW_PRINT_DPI } from '#shared/print';
import type { BoardEntry, BoardImage } from './board-model';
import { pageLayout, paginate, placeInCell, type ImagesPerPage, type PaperSize, type Size } from './layout';

/**
 * The dots per inch an image of `pixels` reaches placed at `placedMm` (aspect kept, so the two
 * sides agree; the lesser counts), rounded down: a cell never claims more than it prints.
 */
export function printDpi(pixels: Size, placedMm: Size): number {
  if (placedMm.width <= 0 || placedMm.height <= 0) return 0;
  // The epsilon keeps an exact 300 from rounding down to 299 through the division.
  return Math.floor(Math.min(dotsPerInch(pixels.width, placedMm.width), dotsPerInch(pixels.height, placedMm.height)) + 1e-9);
}

export function printsLow(dpi: number): boolean {
  return dpi < LOW_PRINT_DPI;
}

/**
 * Which of an image's files the PDF embeds: the original by its URL, which carries its own
 * signature, or the master by its image, behind the API's bearer token
 * (GET /api/generations/:id/images/:index/master).
 */
export type PrintSource = { width: number; height: number } & ({ file: 'original'; url: string } | { file: 'master'; generationId: string; imageIndex: number });

/**
 * The file a board image prints from: the master when the board may use masters and lossless
 * images were asked for, else the original. Both carry the image's full pixels, so the choice is
 * about bytes, not resolution.
 */
export function printSource(image: BoardImage, lossless: boolean): PrintSource {
  const { width, height } = image.image;
  if (lossless) return { file: 'master', generationId: image.generationId, imageIndex: image.imageIndex, width, height };
  return { file: 'original', url: image.image.url, width, height };
}

/** How one chosen image prints on the board as it is set up now. */
export interface CellPrint {
  key: string;
  /** Its place on the board, from 1. */
  position: number;
  dpi: number;
  low: boolean;
}

/**
 * Every chosen image's print resolution at the paper, images per page and fit chosen, in board
 * order (a covering image is placed larger than its cell, so it prints at fewer dots per inch).
 */
export function boardPrint(entries: readonly BoardEntry[], paper: PaperSize, perPage: ImagesPerPage, fit: BoardFit): CellPrint[] {
  const { cells } = pageLayout(paper, perPage);
  return paginate(entries, perPage).flatMap((page, pageIndex) =>
    page.flatMap((entry, index) => {
      const cell = cells[index];
      if (!cell) return [];
      const placed = placeInCell(entry.image.image, cell, fit).image;
      const dpi = printDpi(entry.image.image, placed);
      return [{ key: entry.image.key, position: pageIndex * perPage + index + 1, dpi, low: printsLow(dpi) }];
    }),
  );
}
