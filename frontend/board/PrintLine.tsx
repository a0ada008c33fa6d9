import type { JobSnapshot } from '#shared/job-types';
import { isJobEnded } from '#shared/job-types';
import { jobEndMessage } from '../studio/jobs';
import { upscaleTarget } from '../upscale/target';
import { UpscaleButton } from '../upscale/UpscaleButton';
import type { BoardEntry } from './board-model';
import { boardCopy } from './copy';
import type { PaperSize } from './layout';
import type { CellPrint } from './print-resolution';

interface PrintLineProps {
  entry: BoardEntry;
  print: CellPrint | undefined;
  paper: PaperSize;
  /** The owner may upscale the image from here. */
  upscale: boolean;
  /** The upscale asked for from this board, while the jobs cache knows it. */
  job: JobSnapshot | undefined;
  /** The upscale was asked for: the job's id. */
  onUpscaleQueued: (jobId: string) => void;
}

/**
 * How an image of the board prints: its dots per inch on the sheet, and below 200 dpi the warning
 * with "Upscale ×2" one press away (docs/decisions/0090-print-ui.md); while that upscale runs,
 * that it does, and why when it failed. The finished upscale takes the image's place on the board.
 */
export function PrintLine({ entry, print, paper, upscale, job, onUpscaleQueued }: PrintLineProps) {
  if (!print) return null;
  // Done, the upscale takes this entry's place with the project's next answer: until then it is on its way.
  if (job && (!isJobEnded(job.status) || job.status === 'done')) return <p className="board-print">{boardCopy.upscaling}</p>;
  const failed = job ? jobEndMessage(job) : null;
  if (!print.low) return <p className="board-print">{boardCopy.printsAt(print.dpi)}</p>;
  const target = upscale ? upscaleTarget(entry.image.generationId, entry.image.imageIndex, entry.image.image) : null;
  return (
    <div className="board-print is-low">
      <p>{target ? boardCopy.lowDpiAsk(print.dpi, paper) : boardCopy.lowDpi(print.dpi, paper)}</p>
      {failed && <p className="board-print__failed">{failed}</p>}
      {target && (
        <UpscaleButton target={target} look="text" className="board-print__upscale" onQueued={onUpscaleQueued} />
      )}
    </div>
  );
}
