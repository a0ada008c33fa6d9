/**
 * The presentation board's geometry, in millimetres, as pure rules: the PDF and the on-screen
 * preview both place everything from here (docs/decisions/0074-presentation-board.md).
 *
 * A3 is A4 scaled by √2, so the board is drawn once on A4's proportions and scaled: margins,
 * gutters, the title block and type sizes keep their proportion on either sheet.
 */

import { BOARD_IMAGES_PER_PAGE, BOARD_PAPERS, type BoardFit, type BoardImagesPerPage, type BoardPaper } from '#shared/board-types';

export const PAPER_SIZES = BOARD_PAPERS;
export type PaperSize = BoardPaper;

/** How many images a page holds, and the grid they sit in. */
export const IMAGES_PER_PAGE = BOARD_IMAGES_PER_PAGE;
export type ImagesPerPage = BoardImagesPerPage;

export interface Size {
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** ISO 216, landscape, in mm. */
const LANDSCAPE_MM: Record<PaperSize, Size> = {
  A4: { width: 297, height: 210 },
  A3: { width: 420, height: 297 },
};

const MM_PER_INCH = 25.4;
const POINTS_PER_INCH = 72;

/** Sizes below are for A4; other sheets scale them by their width against A4's. */
const A4_WIDTH_MM = 297;
const MARGIN_MM = 10;
const GUTTER_MM = 5;
const TITLE_BLOCK_MM = 24;
/** Space between the image grid and the title block's rule. */
const TITLE_GAP_MM = 4;
const CAPTION_MM = 6;

/** Type sizes in points on A4 (scaled like the geometry). */
export const TYPE_PT = { title: 16, label: 7, body: 9, caption: 8 } as const;

const GRID: Record<ImagesPerPage, { columns: number; rows: number }> = {
  1: { columns: 1, rows: 1 },
  2: { columns: 2, rows: 1 },
  4: { columns: 2, rows: 2 },
  6: { columns: 3, rows: 2 },
};

export function pageSizeMm(paper: PaperSize): Size {
  return LANDSCAPE_MM[paper];
}

export function mmToPt(mm: number): number {
  return (mm * POINTS_PER_INCH) / MM_PER_INCH;
}

export function ptToMm(pt: number): number {
  return (pt * MM_PER_INCH) / POINTS_PER_INCH;
}

/** The sheet in PDF points, as a PDF's MediaBox carries it (two decimals). */
export function pageSizePt(paper: PaperSize): Size {
  const { width, height } = pageSizeMm(paper);
  return { width: round2(mmToPt(width)), height: round2(mmToPt(height)) };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** How much larger than A4 this sheet is drawn (1 for A4, √2 for A3). */
function scaleOf(paper: PaperSize): number {
  return pageSizeMm(paper).width / A4_WIDTH_MM;
}

/** A type size in points on this sheet. */
export function typeSize(paper: PaperSize, role: keyof typeof TYPE_PT): number {
  return round2(TYPE_PT[role] * scaleOf(paper));
}

export interface Cell {
  /** The whole cell: image above, caption below. */
  cell: Rect;
  /** Where the image is fitted. */
  image: Rect;
  /** The caption's line, under the image area. */
  caption: Rect;
}

export interface PageLayout {
  page: Size;
  margin: number;
  /** The title block along the foot of the sheet, inside the margins. */
  titleBlock: Rect;
  cells: Cell[];
}

/** Every rect of one page with `perPage` cells, left to right, top to bottom. */
export function pageLayout(paper: PaperSize, perPage: ImagesPerPage): PageLayout {
  const page = pageSizeMm(paper);
  const scale = scaleOf(paper);
  const margin = MARGIN_MM * scale;
  const gutter = GUTTER_MM * scale;
  const titleHeight = TITLE_BLOCK_MM * scale;
  const inner = { x: margin, y: margin, width: page.width - 2 * margin, height: page.height - 2 * margin };
  const titleBlock = { x: inner.x, y: inner.y + inner.height - titleHeight, width: inner.width, height: titleHeight };
  const grid = { ...inner, height: inner.height - titleHeight - TITLE_GAP_MM * scale };
  return { page, margin, titleBlock, cells: gridCells(grid, GRID[perPage], gutter, CAPTION_MM * scale) };
}

function gridCells(area: Rect, grid: { columns: number; rows: number }, gutter: number, captionHeight: number): Cell[] {
  const width = (area.width - gutter * (grid.columns - 1)) / grid.columns;
  const height = (area.height - gutter * (grid.rows - 1)) / grid.rows;
  const cells: Cell[] = [];
  for (let row = 0; row < grid.rows; row += 1) {
    for (let column = 0; column < grid.columns; column += 1) {
      const cell = { x: area.x + column * (width + gutter), y: area.y + row * (height + gutter), width, height };
      const image = { ...cell, height: height - captionHeight };
      const caption = { x: cell.x, y: image.y + image.height, width, height: captionHeight };
      cells.push({ cell, image, caption });
    }
  }
  return cells;
}

/** The largest rect of the image's aspect ratio inside `box`, centred (never cropped). */
export function fitInCell(image: Size, box: Rect): Rect {
  if (image.width <= 0 || image.height <= 0) return { ...box, width: 0, height: 0 };
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

/** The smallest rect of the image's aspect ratio covering `box`, centred (what overflows is clipped). */
function coverCell(image: Size, box: Rect): Rect {
  if (image.width <= 0 || image.height <= 0) return { ...box };
  const scale = Math.max(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

export interface PlacedImage {
  /** Where the whole image is drawn. */
  image: Rect;
  /** The area it shows through: the cell's image area when it covers it, else null (nothing is cut). */
  clip: Rect | null;
  caption: Rect;
}

/**
 * An image in its cell. `cover` (the default) fills the image area, centred, the overflow clipped:
 * no letterbox. `contain` fits the whole image, centred across and standing on the caption line (so
 * a row's captions share one baseline), its caption starting at the image's left edge.
 */
export function placeInCell(image: Size, cell: Cell, fit: BoardFit = 'cover'): PlacedImage {
  if (fit === 'cover') return { image: coverCell(image, cell.image), clip: { ...cell.image }, caption: { ...cell.caption } };
  const fitted = fitInCell(image, cell.image);
  const placed = { ...fitted, y: cell.image.y + cell.image.height - fitted.height };
  const caption = { ...cell.caption, x: placed.x, width: cell.cell.x + cell.cell.width - placed.x };
  return { image: placed, clip: null, caption };
}

/** The chosen images split into pages of `perPage` (always at least one page). */
export function paginate<T>(items: readonly T[], perPage: ImagesPerPage): T[][] {
  if (items.length === 0) return [[]];
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += perPage) pages.push(items.slice(start, start + perPage));
  return pages;
}

/** A rect as percentages of the page, for the preview's absolutely placed boxes. */
export function asPercent(rect: Rect, page: Size): { left: string; top: string; width: string; height: string } {
  const percent = (value: number, of: number) => `${round2((value / of) * 100)}%`;
  return {
    left: percent(rect.x, page.width),
    top: percent(rect.y, page.height),
    width: percent(rect.width, page.width),
    height: percent(rect.height, page.height),
  };
}

const TITLE_FIELDS = ['practice', 'main', 'materials', 'timeOfDay', 'date', 'sheet', 'revision'] as const;
export type TitleField = (typeof TITLE_FIELDS)[number];

/**
 * Each title-block column's share of its width: the practice (logo and name) first, then the
 * project and view, the brief's materials and time of day, and the drawing's date, sheet and revision.
 */
const TITLE_COLUMN_SHARE: Record<TitleField, number> = {
  practice: 0.16,
  main: 0.28,
  materials: 0.17,
  timeOfDay: 0.11,
  date: 0.1,
  sheet: 0.09,
  revision: 0.09,
};
/** Inset of the text from the title block's rule and its columns' dividers, on A4. */
const TITLE_PAD_MM = 2.5;

/** The title block's columns (text boxes inside their padding), left to right. */
export function titleColumns(paper: PaperSize, block: Rect): Record<TitleField, Rect> {
  const pad = TITLE_PAD_MM * scaleOf(paper);
  const column = (field: TitleField): Rect => {
    const before = TITLE_FIELDS.slice(0, TITLE_FIELDS.indexOf(field)).reduce((sum, earlier) => sum + TITLE_COLUMN_SHARE[earlier], 0);
    const inset = field === 'practice' ? 0 : pad;
    const x = block.x + block.width * before + inset;
    return { x, y: block.y + pad, width: block.width * TITLE_COLUMN_SHARE[field] - inset - pad, height: block.height - 2 * pad };
  };
  return Object.fromEntries(TITLE_FIELDS.map((field) => [field, column(field)])) as Record<TitleField, Rect>;
}

/** The practice column split: the logo above (fitted, never cropped), the practice's name on the last line. */
export function practiceBoxes(paper: PaperSize, column: Rect): { logo: Rect; name: Rect } {
  const nameHeight = Math.min(column.height * 0.36, ptToMm(typeSize(paper, 'body')) * 1.6);
  return {
    logo: { ...column, height: column.height - nameHeight - 1 },
    name: { ...column, y: column.y + column.height - nameHeight, height: nameHeight },
  };
}

/** Where the title block's columns meet: a thin rule is drawn at each. */
export function titleDividers(block: Rect): number[] {
  let x = block.x;
  return TITLE_FIELDS.slice(0, -1).map((field) => (x += block.width * TITLE_COLUMN_SHARE[field]));
}

/** The free plan's mark: one line in the foot margin, right-aligned under the title block. */
export function footerLine(layout: PageLayout): Rect {
  const { page, margin, titleBlock } = layout;
  return { x: titleBlock.x, y: page.height - margin * 0.8, width: titleBlock.width, height: margin * 0.6 };
}
