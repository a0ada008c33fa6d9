import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { boardCopy } from '../../../frontend/board/copy';
import type { BoardFit } from '#shared/board-types';
import { boardImagesOf, defaultSettings, titleBlockOf, toggleEntry, type BoardEntry, type BoardGeneration } from '../../../frontend/board/board-model';
import type { ImagesPerPage, PaperSize } from '../../../frontend/board/layout';
import { makeBoardPdf } from '../../../frontend/board/pdf';
import { printSource, type PrintSource } from '../../../frontend/board/print-resolution';

/** A 64 × 40 JPEG and a 30 × 48 PNG: originals the board must place without cropping. */
const JPEG_64x40 = Uint8Array.from(atob('/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAoAEADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCUAlLoAAAAAAAAAAAAAAAAAAAAAD//2Q=='), (c) => c.charCodeAt(0));
const PNG_30x48 = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAB4AAAAwCAIAAACJ9F2zAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAR0lEQVRYhe3XsQ0AQQgDQTpxaS7VrV0VL30wEjEBArN76T6q07oGMhsSJ1MZMqEaX2Z+Y8BC0dPgZPB1CcfRpNKk0aT8QZMeUWT3e1jdnfwAAAAASUVORK5CYII='), (c) => c.charCodeAt(0));

const generations: BoardGeneration[] = Array.from({ length: 5 }, (_, index) => ({
  id: `g${index}`,
  prompt: 'A riverside library with a folded timber roof',
  createdAt: '2026-11-20T09:30:00.000Z',
  version: { tree: 0, number: index + 1 },
  images: [{ url: index === 4 ? '/media/tall.png' : `/media/wide-${index}.jpg`, thumbnailUrl: '', placeholder: '', width: index === 4 ? 30 : 64, height: index === 4 ? 48 : 40, renditions: [] }],
}));
/** Serves the files: a master (or a PNG original) as the PNG, the rest as the JPEG; records what was asked. */
function files(asked: PrintSource[] = []) {
  return (source: PrintSource) => {
    asked.push(source);
    return Promise.resolve(source.file === 'master' || source.url.endsWith('.png') ? PNG_30x48 : JPEG_64x40);
  };
}

interface BoardOptions {
  fit?: BoardFit;
  logo?: boolean;
  lossless?: boolean;
  /** Images of the fixture to pass over first. */
  skip?: number;
  asked?: PrintSource[];
}

async function board(count: number, paper: PaperSize, perPage: ImagesPerPage, freePlanMark: boolean, options: BoardOptions = {}): Promise<PDFDocument> {
  const images = boardImagesOf(generations).slice(options.skip ?? 0, (options.skip ?? 0) + count);
  const entries = images
    .reduce<BoardEntry[]>((list, image) => toggleEntry(list, image), [])
    .map((entry) => ({ ...entry, source: printSource(entry.image, options.lossless ?? false) }));
  const settings = { ...defaultSettings({ name: 'Studio North', logoKey: null }), sheetNumber: 'A-101', revision: 'P2' };
  const project = { name: 'Riverside Library', brief: { materials: 'oak — zinc', timeOfDay: 'dusk' } };
  const title = titleBlockOf(settings, project, images[0], new Date('2026-11-23T00:00:00Z'), options.logo ? '/media/logo.png' : null);
  const labels = { documentTitle: 'Board', date: 'Date', materials: 'Materials', timeOfDay: 'Time of day', sheet: 'Sheet', revision: 'Revision', freePlanMark: boardCopy.freePlanMark };
  // The logo is the PNG.
  const logo = () => Promise.resolve(PNG_30x48);
  const blob = await makeBoardPdf({ paper, perPage, fit: options.fit ?? 'contain', title, entries, freePlanMark, labels }, files(options.asked), logo);
  return PDFDocument.load(new Uint8Array(await blob.arrayBuffer()));
}

/** The image XObjects the page paints (jsPDF shares one resource dictionary among its pages). */
function images(doc: PDFDocument, page: PDFPage): PDFRawStream[] {
  const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
  const painted = [...pageText(doc, page).matchAll(/\/(\S+) Do/g)].map((match) => match[1]);
  return painted
    .map((name) => (name && xobjects ? doc.context.lookup(xobjects.get(PDFName.of(name))) : undefined))
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
}

/** The page's content as text; jsPDF's standard fonts write WinAnsi, where 0x97 is an em dash. */
function pageText(doc: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  return streams
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => String.fromCharCode(...decodePDFRawStream(stream).decode()).replaceAll('\x97', '—'))
    .join('\n');
}

const size = (stream: PDFRawStream) => ['Width', 'Height'].map((key) => stream.dict.lookup(PDFName.of(key), PDFNumber).asNumber());

describe('the board PDF', () => {
  it('is an A4 landscape sheet with the JPEG originals embedded byte for byte', async () => {
    const doc = await board(2, 'A4', 2, false);
    expect(doc.getPageCount()).toBe(1);
    const [page] = doc.getPages();
    if (!page) throw new Error('no page');
    expect(page.getMediaBox()).toEqual({ x: 0, y: 0, width: 841.89, height: 595.28 });
    const embedded = images(doc, page);
    expect(embedded).toHaveLength(2);
    for (const stream of embedded) {
      expect(stream.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('DCTDecode'));
      expect(size(stream)).toEqual([64, 40]);
      expect(stream.contents).toEqual(JPEG_64x40);
    }
  });

  it('embeds the lossless master when asked: asked of the master route by its image, its pixels deflated', async () => {
    const asked: PrintSource[] = [];
    const doc = await board(1, 'A4', 1, false, { lossless: true, skip: 4, asked });
    expect(asked).toEqual([{ file: 'master', generationId: 'g4', imageIndex: 0, width: 30, height: 48 }]);
    const [page] = doc.getPages();
    if (!page) throw new Error('no page');
    const [embedded] = images(doc, page);
    if (!embedded) throw new Error('no image');
    expect(embedded.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('FlateDecode'));
    expect(size(embedded)).toEqual([30, 48]);
    // Deflated, not raw: 30 × 48 RGB is 4,320 bytes; this flat image deflates to far less.
    expect(embedded.contents.length).toBeLessThan(30 * 48 * 3);
  });

  it('carries the title block and captions as text, and the free-plan line only when asked', async () => {
    const free = await board(1, 'A3', 1, true);
    const [page] = free.getPages();
    if (!page) throw new Error('no page');
    const text = pageText(free, page);
    for (const words of ['Studio North', 'Riverside Library', 'A riverside library with a folded timber roof', '23 Nov 2026', 'oak — zinc', 'dusk', 'A-101', 'P2',
      'A1 · A riverside library with a folded timber roof', boardCopy.freePlanMark]) {
      expect(text).toContain(`(${words}) Tj`);
    }
    const paid = await board(1, 'A3', 1, false);
    const [paidPage] = paid.getPages();
    if (!paidPage) throw new Error('no page');
    expect(pageText(paid, paidPage)).not.toContain(boardCopy.freePlanMark);
  });

  it('continues on a second A3 page past four images 4-up, placing a PNG original too', async () => {
    const doc = await board(5, 'A3', 4, false);
    expect(doc.getPages().map((page) => page.getMediaBox())).toEqual([
      { x: 0, y: 0, width: 1190.55, height: 841.89 },
      { x: 0, y: 0, width: 1190.55, height: 841.89 },
    ]);
    const [first, second] = doc.getPages();
    if (!first || !second) throw new Error('two pages expected');
    expect(images(doc, first)).toHaveLength(4);
    expect(images(doc, second).map(size)).toEqual([[30, 48]]);
    // Each sheet carries its own number.
    expect(pageText(doc, first)).toContain('(A-101) Tj');
    expect(pageText(doc, second)).toContain('(A-102) Tj');
  });

  it('fills each cell with its image, clipped to the cell, the bytes still the original’s', async () => {
    const doc = await board(2, 'A4', 2, false, { fit: 'cover' });
    const [page] = doc.getPages();
    if (!page) throw new Error('no page');
    const text = pageText(doc, page);
    // jsPDF writes each image as "w 0 0 h x y cm /Name Do" after a clip "x y w h re W n".
    const placements = [...text.matchAll(/([\d.-]+) ([\d.-]+) ([\d.-]+) ([\d.-]+) re\s+W\s+n\s+[^]*?([\d.]+) 0 0 ([\d.]+) ([\d.-]+) ([\d.-]+) cm\s+\/\S+ Do/g)];
    expect(placements).toHaveLength(2);
    for (const match of placements) {
      const [clipX, clipY, clipW, clipH, w, h, x, y] = match.slice(1).map(Number) as [number, number, number, number, number, number, number, number];
      // The image covers its clip on both axes (64 × 40 in a taller cell: its height fills, its width overflows).
      expect(w).toBeGreaterThanOrEqual(Math.abs(clipW) - 0.01);
      expect(h).toBeGreaterThanOrEqual(Math.abs(clipH) - 0.01);
      expect(x).toBeLessThanOrEqual(clipX + 0.01);
      expect(Math.abs(h - Math.abs(clipH)) < 0.01 || Math.abs(w - Math.abs(clipW)) < 0.01).toBe(true);
      expect(y).toBeLessThanOrEqual(Math.min(clipY, clipY + clipH) + 0.01);
    }
    for (const stream of images(doc, page)) expect(stream.contents).toEqual(JPEG_64x40);
  });

  it('sets the practice’s logo in the title block', async () => {
    const doc = await board(1, 'A4', 1, false, { fit: 'cover', logo: true });
    const [page] = doc.getPages();
    if (!page) throw new Error('no page');
    const painted = images(doc, page).map(size);
    expect(painted).toContainEqual([30, 48]);
    expect(painted).toContainEqual([64, 40]);
  });
});
