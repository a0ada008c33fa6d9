import { useState } from 'react';
import { requestMaster } from '../downloads/api';
import type { BoardDocument } from './pdf';
import { boardFileName } from './board-model';
import type { PrintSource } from './print-resolution';
import { saveBlob } from '../ui/save-blob';

export type ExportState = 'idle' | 'working' | 'done' | 'failed';

/** An image's file for the PDF: a master behind the owner's token, an original by its own signed URL. */
async function fetchPrintSource(source: PrintSource): Promise<Uint8Array> {
  const response =
    source.file === 'master' ? await requestMaster(source.generationId, source.imageIndex) : await fetch(source.url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${source.file} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Export: jsPDF and the drawing code are fetched only now, the first time Export is pressed
 * (a chunk of their own), so no route's JavaScript grows by them.
 */
export function useBoardExport(): { state: ExportState; run: (board: BoardDocument) => Promise<void> } {
  const [state, setState] = useState<ExportState>('idle');
  const run = async (board: BoardDocument) => {
    setState('working');
    try {
      const { makeBoardPdf } = await import('./pdf');
      saveBlob(await makeBoardPdf(board, fetchPrintSource), boardFileName(board.title.projectName));
      setState('done');
    } catch (error) {
      console.error('board export failed', error);
      setState('failed');
    }
  };
  return { state, run };
}
