/**
 * Which image the mask editor is open on, as UI state (Zustand, as the studio keeps its own): any
 * way in (a studio tile, the viewer, a tree node, compare, a client's comment) calls
 * openRegionEditor; the page's RegionEditHost shows the editor. Light on purpose: the ways in
 * import this, never the editor's chunk. It also remembers the edit jobs this tab sent, so the
 * project page can say when one of them failed.
 */
import { create } from 'zustand';
import type { EditTarget } from './target';

interface RegionEditState {
  target: EditTarget | null;
  /** Counts the openings: each one is a fresh editor, even on the same image. */
  opened: number;
  /** The jobs this tab's editor queued, newest last. */
  sentJobIds: string[];
  open: (target: EditTarget) => void;
  close: () => void;
  sent: (jobId: string) => void;
  forget: (jobId: string) => void;
}

export const useRegionEdit = create<RegionEditState>()((set) => ({
  target: null,
  opened: 0,
  sentJobIds: [],
  open: (target) => set((state) => ({ target, opened: state.opened + 1 })),
  close: () => set({ target: null }),
  sent: (jobId) => set((state) => ({ sentJobIds: [...state.sentJobIds.filter((id) => id !== jobId), jobId] })),
  forget: (jobId) => set((state) => ({ sentJobIds: state.sentJobIds.filter((id) => id !== jobId) })),
}));

/** Opens the mask editor on a target (nothing for null: the entry point had no image to edit). */
export function openRegionEditor(target: EditTarget | null): void {
  if (target) useRegionEdit.getState().open(target);
}
