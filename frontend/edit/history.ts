/**
 * Undo and redo of the mask as data (docs/decisions/0085-mask-editor.md): each step keeps only
 * the rectangle it changed, before and after, so a 2K mask (4 MB) can hold many strokes without
 * a full copy per step. Functions return the next history; undo and redo write the step's bytes
 * back into the mask they are given.
 */
import { readRect, writeRect, type Mask, type Rect } from './mask';

export interface Patch {
  rect: Rect;
  before: Uint8Array;
  after: Uint8Array;
}

export interface History {
  /** Oldest first; the last is what undo reverts. */
  done: readonly Patch[];
  /** The steps undone, the next to redo last. */
  undone: readonly Patch[];
}

export const EMPTY_HISTORY: History = { done: [], undone: [] };

/** At most this many steps are kept… */
const HISTORY_MAX_STEPS = 100;
/** …and at most this many bytes of them (about seven full-frame steps of a 2K mask). */
const HISTORY_MAX_BYTES = 64 * 1024 * 1024;

function bytesOf(patch: Patch): number {
  return patch.before.byteLength + patch.after.byteLength;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The step that turned `snapshot` (the whole mask as it was before the step) into the mask as it
 * is, over the rectangle the step touched; null when nothing there changed.
 */
export function patchOf(mask: Mask, snapshot: Uint8Array, rect: Rect): Patch | null {
  const before = readRect({ width: mask.width, height: mask.height, data: snapshot }, rect);
  const after = readRect(mask, rect);
  return sameBytes(before, after) ? null : { rect, before, after };
}

/** A new step: the redo branch is gone; the oldest steps drop past the limits (the newest always stays). */
export function record(history: History, patch: Patch, maxSteps = HISTORY_MAX_STEPS, maxBytes = HISTORY_MAX_BYTES): History {
  const done = [...history.done, patch];
  let bytes = done.reduce((sum, step) => sum + bytesOf(step), 0);
  let first = 0;
  while (done.length - first > 1 && (done.length - first > maxSteps || bytes > maxBytes)) {
    const oldest = done[first];
    if (oldest) bytes -= bytesOf(oldest);
    first += 1;
  }
  return { done: done.slice(first), undone: [] };
}

/** Reverts the last step in `mask`; returns the history after it and the rectangle that changed. */
export function undo(history: History, mask: Mask): { history: History; rect: Rect | null } {
  const step = history.done.at(-1);
  if (!step) return { history, rect: null };
  writeRect(mask, step.rect, step.before);
  return { history: { done: history.done.slice(0, -1), undone: [...history.undone, step] }, rect: step.rect };
}

/** Applies the last undone step again. */
export function redo(history: History, mask: Mask): { history: History; rect: Rect | null } {
  const step = history.undone.at(-1);
  if (!step) return { history, rect: null };
  writeRect(mask, step.rect, step.after);
  return { history: { done: [...history.done, step], undone: history.undone.slice(0, -1) }, rect: step.rect };
}
