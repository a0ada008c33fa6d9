/**
 * The compare screen's address: `/compare?items=<generationId>.<imageIndex>,…` (two to four), so
 * a compare can be bookmarked, shared with a colleague who owns the images, or opened from the
 * version tree, the studio history and the dashboard alike.
 */
import { COMPARE_MAX_ITEMS, COMPARE_MIN_ITEMS } from '#shared/limits';
import { paths } from '../app/routing';

/** One image to compare: a generation and which of its images. */
export interface CompareItem {
  generationId: string;
  imageIndex: number;
}

const ITEM_PATTERN = /^([A-Za-z0-9_-]{1,64})\.(\d{1,2})$/;

export function compareHref(items: readonly CompareItem[], base: string = paths.compare): string {
  const value = items
    .slice(0, COMPARE_MAX_ITEMS)
    .map((item) => `${item.generationId}.${item.imageIndex}`)
    .join(',');
  return `${base}?${new URLSearchParams({ items: value }).toString()}`;
}

/** The items of a compare address; malformed entries and repeats are dropped, at most four kept. */
export function parseCompareItems(search: string): CompareItem[] {
  const raw = new URLSearchParams(search).get('items') ?? '';
  const items: CompareItem[] = [];
  const seen = new Set<string>();
  for (const entry of raw.split(',')) {
    const match = ITEM_PATTERN.exec(entry.trim());
    if (!match?.[1] || !match[2] || seen.has(entry)) continue;
    seen.add(entry);
    items.push({ generationId: match[1], imageIndex: Number(match[2]) });
    if (items.length === COMPARE_MAX_ITEMS) break;
  }
  return items;
}

/** Whether a selection of `count` images can be compared (two to four). */
export function canCompare(count: number): boolean {
  return count >= COMPARE_MIN_ITEMS && count <= COMPARE_MAX_ITEMS;
}
