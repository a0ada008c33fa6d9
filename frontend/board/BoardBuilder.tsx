import { useState } from 'react';
import type { ProjectBrief } from '#shared/project-types';
import { boardCopy } from './copy';
import { defaultTitleBlock, defaultView, moveEntry, toggleEntry, type BoardEntry, type BoardImage } from './board-model';
import { IMAGES_PER_PAGE, PAPER_SIZES, type ImagesPerPage, type PaperSize } from './layout';
import { useBoardExport } from './export';
import { withAddedImage } from './add-from-address';
import { ImagePicker } from './ImagePicker';
import { BoardOrder } from './BoardOrder';
import { BoardPreview } from './BoardPreview';
import type { BoardLabels } from './pdf';
import './board.css';

const PDF_LABELS: BoardLabels = {
  documentTitle: boardCopy.title,
  version: boardCopy.version,
  date: boardCopy.date,
  materials: boardCopy.materials,
  timeOfDay: boardCopy.timeOfDay,
  freePlanMark: boardCopy.freePlanMark,
};

export interface BoardBuilderProps {
  projectName: string;
  brief: ProjectBrief;
  /** Every image the board may use: boardImagesOf turns a project's or a review link's generations into these. */
  images: BoardImage[];
  /** Free-plan boards carry "Made with Parti — free plan" (their images already carry the watermark); none by default. */
  freePlanMark?: boolean;
  /** An image key to place when the board opens ("Add to board" from the viewer: ./add-from-address.ts). */
  adding?: string | null;
}

function Choice<T extends string | number>({ legend, name, options, value, label, onChange }: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  label: (option: T) => string;
  onChange: (option: T) => void;
}) {
  return (
    <fieldset className="board-choice">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option}>
          <input type="radio" name={name} checked={option === value} onChange={() => onChange(option)} />
          <span>{label(option)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The presentation board: choose images, paper and images per page, edit the view and captions,
 * see the sheet as it will print, and export it as a PDF made in the browser
 * (docs/decisions/0074-presentation-board.md). Mounted by the project's board page, and by the
 * review page when its link allows downloads.
 */
export function BoardBuilder({ projectName, brief, images, freePlanMark = false, adding = null }: BoardBuilderProps) {
  const [entries, setEntries] = useState<BoardEntry[]>(() => withAddedImage([], images, adding));
  const [paper, setPaper] = useState<PaperSize>('A3');
  const [perPage, setPerPage] = useState<ImagesPerPage>(4);
  // The view follows the first image until the user types their own.
  const [view, setView] = useState<string | null>(null);
  const exporter = useBoardExport();
  const [today] = useState(() => new Date());
  const first = entries[0]?.image;
  const title = { ...defaultTitleBlock(projectName, brief, first, today), ...(view === null ? {} : { view }) };

  const exportBoard = () => {
    if (entries.length === 0 || exporter.state === 'working') return;
    // The newest answer's URLs: a private original's signed URL may have expired since it was chosen.
    const current = new Map(images.map((image) => [image.key, image]));
    const fresh = entries.map((entry) => ({ ...entry, image: current.get(entry.image.key) ?? entry.image }));
    void exporter.run({ paper, perPage, title, entries: fresh, freePlanMark, labels: PDF_LABELS });
  };
  return (
    <div className="board-builder">
      <div className="board-controls">
        <ImagePicker images={images} entries={entries} onToggle={(image) => setEntries((current) => toggleEntry(current, image))} />
        <div className="board-panel board-settings">
          <Choice legend={boardCopy.paper} name="board-paper" options={PAPER_SIZES} value={paper} label={(option) => option} onChange={setPaper} />
          <Choice legend={boardCopy.perPage} name="board-per-page" options={IMAGES_PER_PAGE} value={perPage}
            label={boardCopy.perPageOption} onChange={setPerPage} />
          <label className="board-field">
            <span>{boardCopy.view}</span>
            <input type="text" value={title.view} maxLength={160} placeholder={first ? defaultView(first.prompt) : ''}
              onChange={(event) => setView(event.target.value)} />
          </label>
        </div>
        <BoardOrder entries={entries}
          onMove={(index, direction) => setEntries((current) => moveEntry(current, index, direction))}
          onRemove={(index) => setEntries((current) => current.filter((_, position) => position !== index))}
          onCaption={(index, caption) => setEntries((current) => current.map((entry, position) => (position === index ? { ...entry, caption } : entry)))} />
        <div className="board-export">
          <button type="button" className="button button--primary" onClick={exportBoard}
            aria-disabled={entries.length === 0 || exporter.state === 'working'}>
            {exporter.state === 'working' ? boardCopy.exporting : boardCopy.export}
          </button>
          <p className="board-export__status" role="status">
            {entries.length === 0 ? boardCopy.pickFirst : exporter.state === 'failed' ? boardCopy.exportFailed : exporter.state === 'done' ? boardCopy.exportDone : ''}
          </p>
        </div>
      </div>
      <section className="board-preview-pane" aria-label={boardCopy.preview}>
        <BoardPreview paper={paper} perPage={perPage} title={title} entries={entries} freePlanMark={freePlanMark} />
      </section>
    </div>
  );
}
