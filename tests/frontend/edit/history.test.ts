import { describe, expect, it } from 'vitest';
import { EMPTY_HISTORY, patchOf, record, redo, undo, type History } from '../../../frontend/edit/history';
import { createMask, fillRect } from '../../../frontend/edit/mask';
import { createMaskDocument } from '../../../frontend/edit/mask-document';

function step(mask: ReturnType<typeof createMask>, history: History, x: number): History {
  const snapshot = mask.data.slice();
  const rect = fillRect(mask, { x, y: 0 }, { x: x + 1, y: 1 }, 'paint');
  const patch = rect && patchOf(mask, snapshot, rect);
  return patch ? record(history, patch) : history;
}

describe('the history', () => {
  it('undoes and redoes steps in order, writing their bytes back', () => {
    const mask = createMask(4, 1);
    let history = step(mask, EMPTY_HISTORY, 0);
    history = step(mask, history, 1);
    expect([...mask.data]).toEqual([255, 255, 0, 0]);
    let result = undo(history, mask);
    expect(result.rect).toEqual({ x: 1, y: 0, width: 1, height: 1 });
    expect([...mask.data]).toEqual([255, 0, 0, 0]);
    result = undo(result.history, mask);
    expect([...mask.data]).toEqual([0, 0, 0, 0]);
    expect(undo(result.history, mask).rect).toBeNull();
    result = redo(result.history, mask);
    expect([...mask.data]).toEqual([255, 0, 0, 0]);
    // A new step drops what could have been redone.
    const branched = step(mask, result.history, 3);
    expect(branched.undone).toHaveLength(0);
    expect(redo(branched, mask).rect).toBeNull();
    expect([...mask.data]).toEqual([255, 0, 0, 255]);
  });

  it('records nothing for a step that changed nothing', () => {
    const mask = createMask(4, 1);
    fillRect(mask, { x: 0, y: 0 }, { x: 1, y: 1 }, 'paint');
    expect(patchOf(mask, mask.data.slice(), { x: 0, y: 0, width: 4, height: 1 })).toBeNull();
  });

  it('drops the oldest steps past the step and byte limits, never the newest', () => {
    const mask = createMask(8, 1);
    let history = EMPTY_HISTORY;
    for (let x = 0; x < 6; x += 1) {
      const snapshot = mask.data.slice();
      const rect = fillRect(mask, { x, y: 0 }, { x: x + 1, y: 1 }, 'paint');
      const patch = rect && patchOf(mask, snapshot, rect);
      if (patch) history = record(history, patch, 4, 1000);
    }
    expect(history.done).toHaveLength(4);
    expect(history.done[0]?.rect.x).toBe(2);
    const big = { rect: { x: 0, y: 0, width: 8, height: 1 }, before: new Uint8Array(8), after: new Uint8Array(8).fill(255) };
    expect(record(history, big, 100, 10).done).toEqual([big]);
  });
});

describe('the mask document', () => {
  it('makes one undo step of a whole stroke, and cancels a gesture without a trace', () => {
    const doc = createMaskDocument(50, 50);
    expect(doc.stroke({ x: 5, y: 5 }, { x: 6, y: 6 }, 3, 1, 'paint')).toBeNull(); // no gesture begun
    doc.begin();
    doc.stroke({ x: 10, y: 10 }, { x: 10, y: 10 }, 3, 1, 'paint');
    doc.stroke({ x: 10, y: 10 }, { x: 30, y: 10 }, 3, 1, 'paint');
    doc.end();
    expect(doc.bounds()).toEqual({ x: 7, y: 7, width: 26, height: 6 });
    expect(doc.canUndo()).toBe(true);
    expect(doc.touchedByUser()).toBe(true);

    doc.begin();
    doc.rectangle({ x: 0, y: 40 }, { x: 50, y: 50 }, 'paint');
    expect(doc.cancel()).toEqual({ x: 0, y: 40, width: 50, height: 10 });
    expect(doc.bounds()).toEqual({ x: 7, y: 7, width: 26, height: 6 });

    expect(doc.undo()).toEqual({ x: 7, y: 7, width: 26, height: 6 });
    expect(doc.bounds()).toBeNull();
    expect(doc.canRedo()).toBe(true);
    doc.redo();
    expect(doc.bounds()).not.toBeNull();
  });

  it('starts from a pin with the soft circle as its first, undoable step, not counted as the user’s work', () => {
    const doc = createMaskDocument(200, 100, { x: 0.5, y: 0.5 });
    expect(doc.bounds()).not.toBeNull();
    expect(doc.canUndo()).toBe(true);
    expect(doc.touchedByUser()).toBe(false);
    doc.begin();
    doc.lasso([{ x: 0, y: 0 }, { x: 20, y: 0 }, { x: 0, y: 20 }], 'paint');
    doc.end();
    expect(doc.touchedByUser()).toBe(true);
    doc.undo();
    doc.undo();
    expect(doc.bounds()).toBeNull();
    expect(doc.touchedByUser()).toBe(true);
  });

  it('records no step for a gesture that changed nothing', () => {
    const doc = createMaskDocument(20, 20);
    doc.begin();
    doc.stroke({ x: 10, y: 10 }, { x: 10, y: 10 }, 4, 1, 'erase');
    doc.end();
    expect(doc.canUndo()).toBe(false);
  });
});
