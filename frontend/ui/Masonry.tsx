import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { columnsFor, masonryGap, type ColumnSteps } from '#shared/grid-rules';

export function useColumnCount(config: ColumnSteps): number {
  const [columns, setColumns] = useState(() => columnsFor(window.innerWidth, config));
  useEffect(() => {
    const update = () => setColumns(columnsFor(window.innerWidth, config));
    window.addEventListener('resize', update);
    update();
    return () => window.removeEventListener('resize', update);
  }, [config]);
  return columns;
}

export interface Placement {
  lane: number;
  top: number;
}

/**
 * Where each item goes, in item order: into the shortest lane so far, below what is there. The
 * items stay in the DOM in this same order, so the Tab key and screen readers follow the deal —
 * left to right, row by row — rather than running down one column
 * (docs/decisions/0049-keyboard-paths.md).
 */
export function placeItems(heights: number[], columns: number, gap: number): { placements: Placement[]; height: number } {
  const lanes = Array.from({ length: Math.max(1, columns) }, () => 0);
  const placements = heights.map((height) => {
    const lane = lanes.indexOf(Math.min(...lanes));
    const top = lanes[lane] ?? 0;
    lanes[lane] = top + height + gap;
    return { lane, top };
  });
  return { placements, height: Math.max(0, Math.max(...lanes) - gap) };
}

interface MasonryProps<T> {
  items: T[];
  columns: ColumnSteps;
  itemKey: (item: T) => string;
  relativeHeight: (item: T) => number;
  renderItem: (item: T, index: number) => ReactNode;
  label: string;
}

/** Measured heights of the items by key; estimates stand in until an item has been measured. */
function useMeasuredHeights(container: RefObject<HTMLDivElement | null>): Map<string, number> {
  const [heights, setHeights] = useState(() => new Map<string, number>());
  useLayoutEffect(() => {
    const root = container.current;
    if (!root || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      setHeights((previous) => {
        const next = new Map(previous);
        for (const entry of entries) {
          const key = (entry.target as HTMLElement).dataset.key;
          if (key) next.set(key, (entry.target as HTMLElement).offsetHeight);
        }
        return next;
      });
    });
    const observeAll = () => root.querySelectorAll<HTMLElement>('.masonry-item').forEach((item) => observer.observe(item));
    observeAll();
    const mutations = new MutationObserver(observeAll);
    mutations.observe(root, { childList: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [container]);
  return heights;
}

function useWidth(container: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const root = container.current;
    if (!root || typeof ResizeObserver === 'undefined') return;
    // Measured here, the first width is rendered before the first paint. The observer's first
    // report lands a frame later: a frame of an empty grid whose growth then pushes what is below
    // it down, a layout shift. A layout effect is where a DOM measurement belongs.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setWidth(root.clientWidth);
    const observer = new ResizeObserver(() => setWidth(root.clientWidth));
    observer.observe(root);
    return () => observer.disconnect();
  }, [container]);
  return width;
}

export function Masonry<T>({ items, columns, itemKey, relativeHeight, renderItem, label }: MasonryProps<T>) {
  const count = useColumnCount(columns);
  const container = useRef<HTMLDivElement>(null);
  const width = useWidth(container);
  const measured = useMeasuredHeights(container);
  // The same gap the images' `sizes` are derived from (grid-rules.ts).
  const gap = masonryGap(window.innerWidth);
  const columnWidth = Math.max(0, (width - gap * (count - 1)) / count);
  const heights = items.map((item) => measured.get(itemKey(item)) ?? columnWidth * relativeHeight(item));
  const { placements, height } = placeItems(heights, count, gap);
  return (
    <div ref={container} className="masonry" style={{ height }} data-columns={count} role="list" aria-label={label}>
      {items.map((item, index) => {
        const place = placements[index] ?? { lane: 0, top: 0 };
        return (
          <div
            role="listitem"
            key={itemKey(item)}
            data-key={itemKey(item)}
            data-lane={place.lane}
            className="masonry-item"
            style={{ width: columnWidth, transform: `translate(${place.lane * (columnWidth + gap)}px, ${place.top}px)` }}
          >
            {renderItem(item, index)}
          </div>
        );
      })}
    </div>
  );
}
