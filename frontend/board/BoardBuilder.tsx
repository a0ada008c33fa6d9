import { useEffect, useRef, useState } from 'react';
import { BOARD_FITS, type BoardData } from '#shared/board-types';
import { useUpscaleJobs } from '../upscale/useUpscaleJob';
import type { ProjectBrief } from '#shared/project-types';
import { boardCopy } from './copy';
import {
  boardData,
  defaultSettings,
  defaultView,
  formatBoardDate,
  moveEntry,
  titleBlockOf,
  toggleEntry,
  withAddedImage,
  withUpscaled,
  type BoardEntry,
  type BoardImage,
  type BoardSettings,
} from './board-model';
import { IMAGES_PER_PAGE, PAPER_SIZES } from './layout';
import { boardPrint, printSource } from './print-resolution';
import { PrintLine } from './PrintLine';
import { useBoardExport } from './export';
import { ImagePicker } from './ImagePicker';
import { BoardOrder } from './BoardOrder';
import { BoardPreview } from './BoardPreview';
import { TitleBlockFields } from './TitleBlockFields';
import type { BoardLabels } from './pdf';
import './board.css';
import './print.css';

const PDF_LABELS: BoardLabels = {
  documentTitle: boardCopy.title,
  date: boardCopy.date,
  materials: boardCopy.materials,
  timeOfDay: boardCopy.timeOfDay,
  sheet: boardCopy.sheet,
  revision: boardCopy.revision,
  freePlanMark: boardCopy.freePlanMark,
};

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

/** The owner's saved board (the board page): opened as it was left, and saved as it changes. */
interface SavedBoard {
  initial: { settings: BoardSettings; entries: BoardEntry[] };
  /** Signed URLs of logos by key (the Worker's answer). */
  logoUrls: Record<string, string>;
  onChange: (board: BoardData) => void;
  status: SaveStatus;
  uploadLogo: (file: File) => Promise<{ key: string; url: string }>;
}

export interface BoardBuilderProps {
  projectName: string;
  brief: ProjectBrief;
  /** Every image the board may use: boardImagesOf turns a project's or a review link's generations into these. */
  images: BoardImage[];
  /** Free-plan boards carry "Made with Parti — free plan" (their images already carry the watermark); none by default. */
  freePlanMark?: boolean;
  /** Absent on a review link's board, which keeps nothing. */
  saved?: SavedBoard;
  /** An image key to place when the board opens ("Add to board" from the viewer: ./add-from-address.ts). */
  adding?: string | null;
  /** The owner on a paid plan: the PDF may embed the lossless PNG masters instead of the JPEGs. */
  masters?: boolean;
  /** The owner: an image printing below 200 dpi offers "Upscale ×2", and the result takes its place. */
  upscale?: boolean;
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

const SAVE_STATUS: Record<SaveStatus, string> = { idle: '', saving: boardCopy.saving, saved: boardCopy.saved, failed: boardCopy.saveFailed };

/**
 * The presentation board: choose images, paper, images per page and how they fill their cells,
 * edit the captions and the title block, see the sheet as it will print, and export it as a PDF
 * made in the browser, with how sharp each image prints on it (docs/decisions/0074-presentation-board.md,
 * 0090-print-ui.md). On the project's board page it reopens as it was left and saves as it changes
 * (0088-saved-boards.md); the review page mounts it without saving when its link allows downloads.
 */
export function BoardBuilder({ projectName, brief, images, freePlanMark = false, saved, adding = null, masters = false, upscale = false }: BoardBuilderProps) {
  const [entries, setEntries] = useState<BoardEntry[]>(() => withAddedImage(saved?.initial.entries ?? [], images, adding));
  const [lossless, setLossless] = useState(false);
  // The upscales asked for from this board: the entry's key and its job's id.
  const [upscales, setUpscales] = useState<ReadonlyMap<string, string>>(new Map());
  const jobs = useUpscaleJobs([...upscales.values()]);
  // A finished upscale arrives with the project's next answer: it takes its source's place at once.
  const [seenImages, setSeenImages] = useState(images);
  if (seenImages !== images) {
    setSeenImages(images);
    setEntries((current) => withUpscaled(current, images, new Set(upscales.keys())));
  }
  const [settings, setSettings] = useState<BoardSettings>(() => saved?.initial.settings ?? defaultSettings());
  const [logoUrls, setLogoUrls] = useState<Record<string, string>>(() => saved?.logoUrls ?? {});
  const exporter = useBoardExport();
  const [today] = useState(() => new Date());
  const first = entries[0]?.image;
  const logoUrl = settings.logoKey ? (logoUrls[settings.logoKey] ?? null) : null;
  const title = titleBlockOf(settings, { name: projectName, brief }, first, today, logoUrl);
  const change = (next: Partial<BoardSettings>) => setSettings((current) => ({ ...current, ...next }));
  const prints = new Map(boardPrint(entries, settings.paper, settings.perPage, settings.fit).map((print) => [print.key, print]));
  const lowDpi = new Map([...prints.values()].filter((print) => print.low).map((print) => [print.key, print.dpi]));

  // Every change goes to the Worker (the page debounces the writes). The board as it was kept is
  // not a change; an image added from the viewer as it opened is.
  const onChange = saved?.onChange;
  const [kept] = useState(() => (saved ? JSON.stringify(boardData(saved.initial.settings, saved.initial.entries)) : null));
  const lastSent = useRef<string | null>(null);
  useEffect(() => {
    const board = boardData(settings, entries);
    const text = JSON.stringify(board);
    lastSent.current ??= kept ?? text;
    if (text === lastSent.current) return;
    lastSent.current = text;
    onChange?.(board);
  }, [settings, entries, onChange, kept]);

  const uploadLogo = saved
    ? async (file: File) => {
        const uploaded = await saved.uploadLogo(file);
        setLogoUrls((current) => ({ ...current, [uploaded.key]: uploaded.url }));
        return uploaded;
      }
    : undefined;

  const exportBoard = () => {
    if (entries.length === 0 || exporter.state === 'working') return;
    // The newest answer's URLs: a private original's signed URL may have expired since it was chosen.
    const current = new Map(images.map((image) => [image.key, image]));
    const fresh = entries.map((entry) => {
      const image = current.get(entry.image.key) ?? entry.image;
      return { ...entry, image, source: printSource(image, masters && lossless) };
    });
    void exporter.run({ paper: settings.paper, perPage: settings.perPage, fit: settings.fit, title, entries: fresh, freePlanMark, labels: PDF_LABELS });
  };
  return (
    <div className="board-builder">
      <div className="board-controls">
        <ImagePicker images={images} entries={entries} onToggle={(image) => setEntries((current) => toggleEntry(current, image))} />
        <div className="board-panel board-settings">
          <Choice legend={boardCopy.paper} name="board-paper" options={PAPER_SIZES} value={settings.paper} label={(option) => option}
            onChange={(paper) => change({ paper })} />
          <Choice legend={boardCopy.perPage} name="board-per-page" options={IMAGES_PER_PAGE} value={settings.perPage}
            label={boardCopy.perPageOption} onChange={(perPage) => change({ perPage })} />
          <Choice legend={boardCopy.fit} name="board-fit" options={BOARD_FITS} value={settings.fit}
            label={(option) => boardCopy.fitOption[option]} onChange={(fit) => change({ fit })} />
          {masters && (
            <div className="board-check">
              <label>
                <input type="checkbox" checked={lossless} onChange={(event) => setLossless(event.target.checked)} aria-describedby="board-lossless-hint" />
                <span>{boardCopy.lossless}</span>
              </label>
              <small id="board-lossless-hint">{boardCopy.losslessHint}</small>
            </div>
          )}
        </div>
        <TitleBlockFields settings={settings} logoUrl={logoUrl} onChange={change} uploadLogo={uploadLogo}
          defaults={{ view: first ? defaultView(first.prompt) : '', date: formatBoardDate(today) }} />
        <BoardOrder entries={entries}
          onMove={(index, direction) => setEntries((current) => moveEntry(current, index, direction))}
          onRemove={(index) => setEntries((current) => current.filter((_, position) => position !== index))}
          onCaption={(index, caption) => setEntries((current) => current.map((entry, position) => (position === index ? { ...entry, caption } : entry)))}
          printLine={(entry) => {
            const jobId = upscales.get(entry.image.key);
            return (
              <PrintLine entry={entry} print={prints.get(entry.image.key)} paper={settings.paper} upscale={upscale}
                job={jobId ? jobs.get(jobId) : undefined}
                onUpscaleQueued={(id) => setUpscales((current) => new Map(current).set(entry.image.key, id))} />
            );
          }} />
        <div className="board-export">
          <button type="button" className="button button--primary" onClick={exportBoard}
            aria-disabled={entries.length === 0 || exporter.state === 'working'}>
            {exporter.state === 'working' ? boardCopy.exporting : boardCopy.export}
          </button>
          <p className="board-export__status" role="status">
            {entries.length === 0 ? boardCopy.pickFirst : exporter.state === 'failed' ? boardCopy.exportFailed : exporter.state === 'done' ? boardCopy.exportDone : ''}
          </p>
          {saved && <p className="board-export__status board-save-status" role="status">{SAVE_STATUS[saved.status]}</p>}
        </div>
      </div>
      <section className="board-preview-pane" aria-label={boardCopy.preview}>
        <BoardPreview paper={settings.paper} perPage={settings.perPage} fit={settings.fit} title={title} entries={entries} freePlanMark={freePlanMark} lowDpi={lowDpi} />
      </section>
    </div>
  );
}
