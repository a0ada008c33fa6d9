import { useState } from 'react';
import type { BoardDocument } from './pdf';
import { boardFileName } from './board-model';
import { saveBlob } from '../ui/save-blob';

export type ExportState = 'idle' | 'working' | 'done' | 'failed';

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
      saveBlob(await makeBoardPdf(board), boardFileName(board.title.projectName));
      setState('done');
    } catch (error) {
      console.error('board export failed', error);
      setState('failed');
    }
  };
  return { state, run };
}
