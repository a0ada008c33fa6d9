/**
 * The dashboard's compare selection (docs/decisions/0068-compare-entry-points.md): picking
 * images card by card, up to four, in the order picked; null while not picking.
 */
import { create } from 'zustand';
import { COMPARE_MAX_ITEMS } from '#shared/limits';
import type { CompareItem } from './compare-url';

function same(a: CompareItem, b: CompareItem): boolean {
  return a.generationId === b.generationId && a.imageIndex === b.imageIndex;
}

/** Picks or unpicks an image; a fifth pick is refused (the list stays as it was). */
export function togglePick(picks: readonly CompareItem[], item: CompareItem): CompareItem[] {
  if (picks.some((pick) => same(pick, item))) return picks.filter((pick) => !same(pick, item));
  return picks.length >= COMPARE_MAX_ITEMS ? [...picks] : [...picks, item];
}

export function isPicked(picks: readonly CompareItem[], item: CompareItem): boolean {
  return picks.some((pick) => same(pick, item));
}

interface ComparePicks {
  /** The picked images while picking, else null. */
  picks: CompareItem[] | null;
  start: () => void;
  stop: () => void;
  toggle: (item: CompareItem) => void;
}

export const useComparePicks = create<ComparePicks>()((set, get) => ({
  picks: null,
  start: () => set({ picks: [] }),
  stop: () => set({ picks: null }),
  toggle: (item) => {
    const { picks } = get();
    if (picks) set({ picks: togglePick(picks, item) });
  },
}));
