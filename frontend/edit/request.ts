/**
 * Which image the mask editor is open on, as UI state (Zustand, as the studio keeps its own): every
 * way in (a studio tile, the viewer, a tree node, compare, a client's comment) calls
 * openRegionEditor; the page's RegionEditHost shows the editor. Light on purpose: the ways in
 * import this, never the editor's chunk.
 */
import { create } from 'zustand';
import type { EditTarget } from './target';

interface RegionEditState {
  target: EditTarget | null;
  /** Counts the openings: each one is a fresh editor, even on the same image. */
  opened: number;
  open: (target: EditTarget) => void;
  close: () => void;
}

export const useRegionEdit = create<RegionEditState>()((set) => ({
  target: null,
  opened: 0,
  open: (target) => set((state) => ({ target, opened: state.opened + 1 })),
  close: () => set({ target: null }),
}));

/** Opens the mask editor on a target (nothing for null: the entry point had no image to edit). */
export function openRegionEditor(target: EditTarget | null): void {
  if (target) useRegionEdit.getState().open(target);
}
