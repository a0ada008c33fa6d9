import { useEffect, useId, useRef, useState, type DragEvent, type Ref, type RefObject } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Icon } from '../ui/icons';
import { uploadIcon } from '../ui/tool-icons';
import { notify } from '../shell/notices';
import { drawingCopy } from './input-copy';
import { PROMPT_ID } from './PromptBox';
import { refusalBeforeUpload } from './references';
import { useStudio } from './store';
import { searchWithoutStart, startsFromDrawing } from './drawing-input';
import './drawing-input.css';

/**
 * The address's `?start=drawing` (the landing's "Start from my drawing"): the entry's button takes
 * the focus — from the studio, whose effects run after its children's, the prompt's own focus on
 * load included; again when the loaded history moves the entry to its foot — and the request
 * leaves the address once a file is picked.
 */
export function useStartFromDrawing(historyShown: boolean): { startDrawing: boolean; focusRef: RefObject<HTMLButtonElement | null> } {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const startDrawing = startsFromDrawing(search);
  const hasImages = useStudio((state) => state.selected.length + state.references.length > 0);
  const focusRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (startDrawing) focusRef.current?.focus();
  }, [startDrawing, historyShown]);
  useEffect(() => {
    if (startDrawing && hasImages) navigate(`${location}${searchWithoutStart(search)}`, { replace: true });
  }, [startDrawing, hasImages, location, search, navigate]);
  return { startDrawing, focusRef };
}

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer.types.includes('Files');
}

/**
 * "Start from my drawing" (docs/decisions/0093-drawing-inputs-ui.md): a file picker and a drop
 * zone that make the file the input; the question of what it is then waits beside its thumbnail,
 * and the prompt takes the focus for the words. `focusRef` lets the studio focus the button when
 * the address asks for a drawing (`?start=drawing`).
 */
export function DrawingStart({ focusRef }: { focusRef?: Ref<HTMLButtonElement> }) {
  const addFiles = useStudio((state) => state.addReferenceFiles);
  const fileInput = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const titleId = useId();
  const add = (files: File[]) => {
    // The store keeps images only; anything else is refused here, with the reason, at once.
    const notImage = files.find((file) => !file.type.startsWith('image/'));
    if (notImage) notify(`${notImage.name}: ${refusalBeforeUpload(notImage) ?? ''}`, { tone: 'error' });
    addFiles(files);
    if (files.some((file) => file.type.startsWith('image/'))) document.getElementById(PROMPT_ID)?.focus();
  };
  return (
    <section
      className={`drawing-start${over ? ' is-over' : ''}`}
      aria-labelledby={titleId}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setOver(false);
        add(Array.from(event.dataTransfer.files));
      }}
    >
      <h3 id={titleId} className="drawing-start-title">{drawingCopy.startTitle}</h3>
      <p className="drawing-start-body">{drawingCopy.startBody}</p>
      <p className="drawing-start-actions">
        <button ref={focusRef} type="button" className="button button--primary" onClick={() => fileInput.current?.click()}>
          <Icon path={uploadIcon} size={18} />
          {drawingCopy.startChoose}
        </button>
        <span className="drawing-start-drop">{drawingCopy.startDrop}</span>
      </p>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        data-testid="drawing-start-input"
        onChange={(event) => {
          add(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
    </section>
  );
}
