import { useRef, type ReactNode } from 'react';
import { boardCopy } from './copy';
import type { BoardEntry } from './board-model';

interface OrderProps {
  entries: BoardEntry[];
  onMove: (index: number, direction: -1 | 1) => void;
  onRemove: (index: number) => void;
  onCaption: (index: number, caption: string) => void;
  /** How the entry prints (its dpi, a warning and the upscale), under its caption. */
  printLine: (entry: BoardEntry) => ReactNode;
}

/** The chosen images in board order: a caption each, buttons to move them (no dragging needed), and how each prints. */
export function BoardOrder({ entries, onMove, onRemove, onCaption, printLine }: OrderProps) {
  const list = useRef<HTMLOListElement>(null);
  if (entries.length === 0) return null;
  // Reordering moves the item's node, which can drop focus: the pressed button gets it back, so a
  // keyboard user can press it again to keep moving the same image.
  const move = (index: number, direction: -1 | 1) => {
    const key = entries[index]?.image.key;
    const blocked = direction === -1 ? index === 0 : index === entries.length - 1;
    if (blocked || key === undefined) return;
    onMove(index, direction);
    requestAnimationFrame(() => list.current?.querySelector<HTMLButtonElement>(`[data-key="${CSS.escape(key)}"] [data-move="${direction}"]`)?.focus());
  };
  return (
    <fieldset className="board-panel board-order">
      <legend>{boardCopy.order}</legend>
      <ol ref={list}>
        {entries.map((entry, index) => {
          const position = index + 1;
          return (
            <li key={entry.image.key} data-key={entry.image.key}>
              <img src={entry.image.image.thumbnailUrl} alt="" width={48} height={48} decoding="async" />
              <label className="board-order__caption">
                <span className="visually-hidden">{boardCopy.caption(position)}</span>
                <span aria-hidden="true" className="board-order__place">{position}</span>
                <input type="text" value={entry.caption} maxLength={120} onChange={(event) => onCaption(index, event.target.value)} />
              </label>
              <div className="board-order__buttons">
                <button type="button" className="board-icon-button" aria-label={boardCopy.moveEarlier(position)} aria-disabled={index === 0}
                  data-move={-1} onClick={() => move(index, -1)}>↑</button>
                <button type="button" className="board-icon-button" aria-label={boardCopy.moveLater(position)} aria-disabled={index === entries.length - 1}
                  data-move={1} onClick={() => move(index, 1)}>↓</button>
                <button type="button" className="board-icon-button" aria-label={boardCopy.remove(position)} onClick={() => onRemove(index)}>×</button>
              </div>
              <div className="board-order__print">{printLine(entry)}</div>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
