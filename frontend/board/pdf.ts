/**
 * The board as a PDF, made in the browser with jsPDF (docs/decisions/0074-presentation-board.md).
 * This module is only ever imported dynamically, when Export is pressed, so jsPDF stays out of
 * every route's JavaScript. Each image is embedded from the full-size file chosen for it
 * (docs/decisions/0090-print-ui.md): an original's JPEG bytes as they are (DCTDecode: no
 * re-encoding, the print quality the engine made), a lossless master's pixels deflated again
 * (lossless); titles and captions are vector text.
 */
import { jsPDF } from 'jspdf';
import type { BoardFit } from '#shared/board-types';
import { sheetNumberFor, type BoardEntry, type TitleBlock } from './board-model';
import type { PrintSource } from './print-resolution';
import {
  fitInCell,
  footerLine,
  pageLayout,
  paginate,
  placeInCell,
  practiceBoxes,
  titleColumns,
  titleDividers,
  typeSize,
  type ImagesPerPage,
  type PageLayout,
  type PaperSize,
  type Rect,
} from './layout';

/** An entry with the file it prints from. */
interface PrintedEntry extends BoardEntry {
  source: PrintSource;
}

export interface BoardDocument {
  paper: PaperSize;
  perPage: ImagesPerPage;
  /** `cover` fills each cell (clipped, no letterbox); `contain` shows the whole image. */
  fit: BoardFit;
  title: TitleBlock;
  entries: PrintedEntry[];
  /** Free-plan boards carry the "Made with Parti — free plan" line. */
  freePlanMark: boolean;
  /** The sheet's words (frontend/board/copy.ts), passed in so this chunk imports no text module. */
  labels: BoardLabels;
}

export interface BoardLabels {
  documentTitle: string;
  date: string;
  materials: string;
  timeOfDay: string;
  sheet: string;
  revision: string;
  freePlanMark: string;
}

/** An original's bytes and the format jsPDF embeds them as. */
interface Original {
  bytes: Uint8Array;
  format: 'JPEG' | 'PNG' | 'WEBP';
  width: number;
  height: number;
}

const INK: [number, number, number] = [29, 29, 27];
const INK_SOFT: [number, number, number] = [85, 83, 77];
const LINE: [number, number, number] = [150, 146, 138];

/**
 * The board's PDF as a Blob: one page per `perPage` entries; `fetchSource` reads each entry's file
 * (an original or a master), `fetchUrl` the practice's logo.
 */
export async function makeBoardPdf(
  board: BoardDocument,
  fetchSource: (source: PrintSource) => Promise<Uint8Array>,
  fetchUrl: (url: string) => Promise<Uint8Array> = fetchBytes,
): Promise<Blob> {
  const [originals, logo] = await Promise.all([
    Promise.all(board.entries.map(async (entry) => toOriginal(await fetchSource(entry.source), entry.source))),
    board.title.logoUrl ? fetchUrl(board.title.logoUrl) : Promise.resolve(null),
  ]);
  const first = pageLayout(board.paper, board.perPage);
  // jsPDF's named sheets carry ISO 216 in points (A3 1190.55 × 841.89), the MediaBox viewers expect.
  const format = board.paper === 'A3' ? 'a3' : 'a4';
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format, putOnlyUsedFonts: true });
  doc.setProperties({ title: `${board.title.projectName} — ${board.labels.documentTitle}` });
  const pages = paginate(board.entries.map((entry, index) => ({ entry, original: originals[index] })), board.perPage);
  pages.forEach((items, pageIndex) => {
    if (pageIndex > 0) doc.addPage(format, 'landscape');
    items.forEach(({ entry, original }, index) => {
      const cell = first.cells[index];
      if (cell && original) drawCell(doc, board, cell, entry, original, pageIndex * board.perPage + index);
    });
    drawTitleBlock(doc, board, first, logo, pageIndex);
  });
  return doc.output('blob');
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`original answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Output is JPEG (docs/decisions/0014-jpeg-output-and-download-names.md), a master PNG; anything else is still placed. */
function formatOf(bytes: Uint8Array): Original['format'] {
  return bytes[0] === 0xff && bytes[1] === 0xd8 ? 'JPEG' : bytes[0] === 0x89 && bytes[1] === 0x50 ? 'PNG' : 'WEBP';
}

function toOriginal(bytes: Uint8Array, source: PrintSource): Original {
  return { bytes, format: formatOf(bytes), width: source.width, height: source.height };
}

function drawCell(doc: jsPDF, board: BoardDocument, cell: PageLayout['cells'][number], entry: BoardEntry, original: Original, position: number): void {
  const { image: placed, clip, caption: captionBox } = placeInCell(original, cell, board.fit);
  const paper = board.paper;
  // A covering image shows through its cell: the overflow is clipped, the embedded bytes stay the original's.
  if (clip) {
    doc.saveGraphicsState();
    doc.rect(clip.x, clip.y, clip.width, clip.height, null);
    doc.clip();
    doc.discardPath();
  }
  // One alias per image: the same original chosen twice is embedded once. A JPEG goes in as it is;
  // a PNG's pixels are deflated again (lossless), which 'NONE' would leave raw — 48 MB for a 4K master.
  const compression = original.format === 'PNG' ? 'FAST' : 'NONE';
  doc.addImage(original.bytes, original.format, placed.x, placed.y, placed.width, placed.height, `${entry.image.key}#${position}`, compression);
  if (clip) doc.restoreGraphicsState();
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(typeSize(paper, 'caption'));
  doc.setTextColor(...INK_SOFT);
  const caption = oneLine(doc, entry.caption, captionBox.width);
  doc.text(caption, captionBox.x, captionBox.y + captionBox.height / 2, { baseline: 'middle' });
}

function drawTitleBlock(doc: jsPDF, board: BoardDocument, layout: PageLayout, logo: Uint8Array | null, pageIndex: number): void {
  const { titleBlock } = layout;
  const columns = titleColumns(board.paper, titleBlock);
  const { title, labels, paper } = board;
  doc.setDrawColor(...LINE);
  doc.setLineWidth(0.3);
  doc.line(titleBlock.x, titleBlock.y, titleBlock.x + titleBlock.width, titleBlock.y);
  for (const x of titleDividers(titleBlock)) doc.line(x, columns.main.y, x, columns.main.y + columns.main.height);
  drawPractice(doc, board, columns.practice, logo);
  drawMain(doc, board, columns.main);
  drawField(doc, paper, columns.materials, labels.materials, title.materials);
  drawField(doc, paper, columns.timeOfDay, labels.timeOfDay, title.timeOfDay);
  drawField(doc, paper, columns.date, labels.date, title.date);
  drawField(doc, paper, columns.sheet, labels.sheet, sheetNumberFor(title.sheetNumber, pageIndex));
  drawField(doc, paper, columns.revision, labels.revision, title.revision);
  if (board.freePlanMark) drawFreeMark(doc, paper, layout, labels.freePlanMark);
}

/** The practice's logo (fitted, never cropped) and its name under it. */
function drawPractice(doc: jsPDF, board: BoardDocument, column: Rect, logo: Uint8Array | null): void {
  const boxes = practiceBoxes(board.paper, column);
  if (logo) {
    const { width, height } = doc.getImageProperties(logo);
    // Fitted to its box and set at its top left, as a practice's mark sits in a title block.
    const fitted = fitInCell({ width, height }, boxes.logo);
    doc.addImage(logo, formatOf(logo), boxes.logo.x, boxes.logo.y, fitted.width, fitted.height, 'practice-logo', 'NONE');
  }
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(typeSize(board.paper, 'body'));
  doc.setTextColor(...INK);
  doc.text(oneLine(doc, board.title.practiceName, boxes.name.width), boxes.name.x, boxes.name.y + boxes.name.height, { baseline: 'bottom' });
}

function drawMain(doc: jsPDF, board: BoardDocument, box: Rect): void {
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(typeSize(board.paper, 'title'));
  doc.setTextColor(...INK);
  doc.text(oneLine(doc, board.title.projectName, box.width), box.x, box.y, { baseline: 'top' });
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(typeSize(board.paper, 'body'));
  doc.setTextColor(...INK_SOFT);
  doc.text(wrapLines(doc, board.title.view, box.width, 2), box.x, box.y + box.height, { baseline: 'bottom' });
}

function drawField(doc: jsPDF, paper: PaperSize, box: Rect, label: string, value: string): void {
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(typeSize(paper, 'label'));
  doc.setTextColor(...INK_SOFT);
  doc.text(label.toUpperCase(), box.x, box.y, { baseline: 'top' });
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(typeSize(paper, 'body'));
  doc.setTextColor(...INK);
  doc.text(wrapLines(doc, value || '—', box.width, 3), box.x, box.y + box.height * 0.38, { baseline: 'top' });
}

function drawFreeMark(doc: jsPDF, paper: PaperSize, layout: PageLayout, mark: string): void {
  const line = footerLine(layout);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(typeSize(paper, 'label'));
  doc.setTextColor(...INK_SOFT);
  doc.text(mark, line.x + line.width, line.y + line.height / 2, { baseline: 'middle', align: 'right' });
}

/** The text cut with an ellipsis to fit one line of `width` mm at the current font. */
function oneLine(doc: jsPDF, text: string, width: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (doc.getTextWidth(clean) <= width) return clean;
  let end = clean.length;
  while (end > 0 && doc.getTextWidth(`${clean.slice(0, end)}…`) > width) end -= 1;
  return `${clean.slice(0, end).trimEnd()}…`;
}

/** The text wrapped to `width` mm, at most `max` lines; the last one cut with an ellipsis when more remain. */
function wrapLines(doc: jsPDF, text: string, width: number, max: number): string[] {
  const split: unknown = doc.splitTextToSize(text.replace(/\s+/g, ' ').trim(), width);
  const lines = Array.isArray(split) ? split.filter((line): line is string => typeof line === 'string') : [text];
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max - 1), oneLine(doc, `${lines.slice(max - 1).join(' ')}`, width)];
}
