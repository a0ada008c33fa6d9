/**
 * Reads a PDF the app made with a real parser (pdf-lib): its pages' MediaBoxes, the images each
 * page paints and the text of its content streams.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFPage } from 'pdf-lib';

export interface PdfImage {
  width: number;
  height: number;
  filter: string | undefined;
  bytes: Uint8Array;
  /** The size it is painted at on the page, in points (the `cm` before its `Do`). */
  placed: { width: number; height: number } | undefined;
}

export interface PdfPage {
  mediaBox: { width: number; height: number };
  images: PdfImage[];
  text: string;
}

/** The page's content as text; jsPDF's standard fonts write WinAnsi, where 0x97 is an em dash. */
function contentText(doc: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  return streams
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1').replaceAll('\x97', '—'))
    .join('\n');
}

/** The image XObjects a page paints (`/Name Do`), in painting order, with the size each is painted at. */
function paintedImages(doc: PDFDocument, page: PDFPage, text: string): PdfImage[] {
  const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
  return [...text.matchAll(/(?:(-?[\d.]+) 0 0 (-?[\d.]+) -?[\d.]+ -?[\d.]+ cm\s+)?\/(\S+) Do/g)]
    .map((match) => ({ object: match[3] && xobjects ? doc.context.lookup(xobjects.get(PDFName.of(match[3]))) : undefined, match }))
    .filter((found): found is { object: PDFRawStream; match: RegExpExecArray } =>
      found.object instanceof PDFRawStream && found.object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map(({ object: stream, match }) => ({
      width: stream.dict.lookup(PDFName.of('Width'), PDFNumber).asNumber(),
      height: stream.dict.lookup(PDFName.of('Height'), PDFNumber).asNumber(),
      filter: stream.dict.get(PDFName.of('Filter'))?.toString(),
      bytes: stream.contents,
      placed: match[1] && match[2] ? { width: Math.abs(Number(match[1])), height: Math.abs(Number(match[2])) } : undefined,
    }));
}

export async function readPdf(bytes: Uint8Array): Promise<PdfPage[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const text = contentText(doc, page);
    const { width, height } = page.getMediaBox();
    return { mediaBox: { width, height }, images: paintedImages(doc, page, text), text };
  });
}
