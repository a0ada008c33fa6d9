/**
 * The dashboard's download selection (docs/decisions/0090-print-ui.md): whole generations, picked
 * card by card, up to the ZIP's cap, each with its image count for the progress bar; null while
 * not selecting. The rule is pure; the store holds it for the dashboard's cards and tray.
 */
import { create } from 'zustand';
import { DOWNLOAD_MAX_GENERATIONS } from '#shared/print';

export interface SelectedGeneration {
  id: string;
  imageCount: number;
}

/** Selects or unselects a generation; past the cap the list stays as it was and says so. */
export function toggleSelected(
  selected: readonly SelectedGeneration[],
  generation: SelectedGeneration,
  max: number = DOWNLOAD_MAX_GENERATIONS,
): { selected: SelectedGeneration[]; full: boolean } {
  if (selected.some((entry) => entry.id === generation.id)) return { selected: selected.filter((entry) => entry.id !== generation.id), full: false };
  if (selected.length >= max) return { selected: [...selected], full: true };
  return { selected: [...selected, generation], full: false };
}

export function selectedImageCount(selected: readonly SelectedGeneration[]): number {
  return selected.reduce((sum, entry) => sum + entry.imageCount, 0);
}

interface DownloadSelectionState {
  /** The chosen generations while selecting, in the order chosen; null otherwise. */
  selected: SelectedGeneration[] | null;
  /** The last press was refused: the selection is at its cap. */
  full: boolean;
  start: () => void;
  stop: () => void;
  clear: () => void;
  toggle: (generation: SelectedGeneration) => void;
}

export const useDownloadSelection = create<DownloadSelectionState>()((set, get) => ({
  selected: null,
  full: false,
  start: () => set({ selected: [], full: false }),
  stop: () => set({ selected: null, full: false }),
  clear: () => set((state) => (state.selected ? { selected: [], full: false } : state)),
  toggle: (generation) => {
    const { selected } = get();
    if (selected) set(toggleSelected(selected, generation));
  },
}));
