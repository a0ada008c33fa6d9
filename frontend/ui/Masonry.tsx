import { useLayoutEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { columnsFor, masonryGap, type ColumnSteps } from '#shared/grid-rules';

function subscribeToResize(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The viewport's width; null on the server and while hydrating, whose HTML holds for every width. */
function useViewportWidth(): number | null {
  return useSyncExternalStore(subscribeToResize, () => window.innerWidth, () => null);
}

function useColumnCount(config: ColumnSteps): number | null {
  const width = useViewportWidth();
  return width === null ? null : columnsFor(width, config);
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

/** Every column count a grid of `config` has at some width. */
export function columnCounts(config: ColumnSteps): number[] {
  return [...new Set([config.default, ...config.steps.map(([, count]) => count)])].sort((a, b) => b - a);
}

const decimal = (value: number) => String(Math.round(value * 10_000) / 10_000);

/**
 * The placement of every item at every column count, as CSS custom properties in units of the
 * column's width (`--l4` lane, `--a4` heights above, `--n4` items above, at 4 columns), and the
 * grid's height per count (`--h4`). Lanes are dealt by the items' relative heights alone, so the
 * same HTML is right at every width: the server renders it, and the browser keeps it while the
 * items are as tall as their estimates (docs/decisions/0078-react-on-the-server.md).
 */
export function fluidPlacement(relativeHeights: number[], counts: number[]): { items: CSSProperties[]; list: CSSProperties } {
  const items: Record<string, string>[] = relativeHeights.map(() => ({}));
  const list: Record<string, string> = {};
  for (const count of counts) {
    const { placements } = placeItems(relativeHeights, count, 0);
    const laneItems = Array.from({ length: count }, () => 0);
    placements.forEach(({ lane, top }, index) => {
      const item = items[index];
      if (!item) return;
      item[`--l${count}`] = String(lane);
      item[`--a${count}`] = decimal(top);
      item[`--n${count}`] = String(laneItems[lane] ?? 0);
      laneItems[lane] = (laneItems[lane] ?? 0) + 1;
    });
    const laneHeights = laneItems.map((itemsInLane, lane) => {
      const height = placements.reduce((sum, place, index) => (place.lane === lane ? sum + (relativeHeights[index] ?? 0) : sum), 0);
      return `calc(${decimal(height)} * var(--col) + ${Math.max(0, itemsInLane - 1)} * var(--gap))`;
    });
    list[`--h${count}`] = `max(${laneHeights.join(', ')})`;
  }
  return { items, list };
}

/** The stylesheet that picks each width's column count for a grid of `config` (the steps of shared/grid-rules.ts). */
export function fluidColumnsCss(config: ColumnSteps, grid: string): string {
  const select = (count: number) =>
    `.masonry[data-grid="${grid}"]>.masonry-list{--c:${count};--h:var(--h${count})}` +
    `.masonry[data-grid="${grid}"] .masonry-item{--l:var(--l${count});--a:var(--a${count});--n:var(--n${count})}`;
  const steps = [...config.steps].sort(([a], [b]) => b - a);
  return select(config.default) + steps.map(([maxWidth, count]) => `@media (max-width:${maxWidth}px){${select(count)}}`).join('');
}

interface MasonryProps<T> {
  items: T[];
  columns: ColumnSteps;
  itemKey: (item: T) => string;
  /** The item's height over its width, as estimated before it is measured. */
  relativeHeight: (item: T) => number;
  renderItem: (item: T, index: number) => ReactNode;
  label: string;
}

/**
 * Heights of items that turned out taller or shorter than their estimates (by key; an item's
 * estimate is its `data-relative-height`). Items as tall as estimated (a gallery card's height is
 * its images' ratio) never enter it.
 */
function useMeasuredHeights(container: RefObject<HTMLDivElement | null>): Map<string, number> {
  const [heights, setHeights] = useState(() => new Map<string, number>());
  useLayoutEffect(() => {
    const list = container.current?.querySelector('.masonry-list');
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      setHeights((previous) => {
        let next: Map<string, number> | null = null;
        for (const entry of entries) {
          const { key, relativeHeight } = (entry.target as HTMLElement).dataset;
          const box = entry.borderBoxSize[0];
          if (key === undefined || relativeHeight === undefined || !box) continue;
          const off = Math.abs(box.blockSize - box.inlineSize * Number(relativeHeight)) > 1;
          if (!off && !previous.has(key)) continue;
          next ??= new Map(previous);
          if (off) next.set(key, box.blockSize);
          else next.delete(key);
        }
        return next ?? previous;
      });
    });
    const observeAll = () => list.querySelectorAll<HTMLElement>('.masonry-item').forEach((item) => observer.observe(item));
    observeAll();
    const mutations = new MutationObserver(observeAll);
    mutations.observe(list, { childList: true });
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
    // Measured before the first paint of a measured layout; the observer follows later changes.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setWidth(root.clientWidth);
    const observer = new ResizeObserver(() => setWidth(root.clientWidth));
    observer.observe(root);
    return () => observer.disconnect();
  }, [container]);
  return width;
}

/**
 * A masonry grid in reading order. Its first layout is CSS alone (fluidPlacement): right at
 * every width before any script runs, and unchanged by hydration. Only when an item's measured
 * height differs from its estimate (a dashboard card's facts wrap, say) are the items placed by
 * their measured heights instead.
 */
export function Masonry<T>({ items, columns, itemKey, relativeHeight, renderItem, label }: MasonryProps<T>) {
  const container = useRef<HTMLDivElement>(null);
  const count = useColumnCount(columns);
  const viewport = useViewportWidth();
  const width = useWidth(container);
  const grid = [columns.default, ...columns.steps.flat()].join('-');
  const relative = items.map(relativeHeight);
  const measured = useMeasuredHeights(container);
  const fluid = fluidPlacement(relative, columnCounts(columns));

  let measuredLayout: { placements: Placement[]; height: number; columnWidth: number; gap: number } | null = null;
  if (measured.size > 0 && count !== null && viewport !== null && width > 0) {
    const gap = masonryGap(viewport);
    const columnWidth = Math.max(0, (width - gap * (count - 1)) / count);
    const heights = items.map((item, index) => measured.get(itemKey(item)) ?? columnWidth * (relative[index] ?? 0));
    measuredLayout = { ...placeItems(heights, count, gap), columnWidth, gap };
  }

  return (
    <div ref={container} className="masonry" data-grid={grid} data-columns={count ?? undefined}>
      <style>{fluidColumnsCss(columns, grid)}</style>
      <div
        className="masonry-list"
        role="list"
        aria-label={label}
        style={measuredLayout ? { ...fluid.list, height: measuredLayout.height } : fluid.list}
      >
        {items.map((item, index) => {
          const place = measuredLayout?.placements[index];
          const style: CSSProperties = fluid.items[index] ?? {};
          return (
            <div
              role="listitem"
              key={itemKey(item)}
              data-key={itemKey(item)}
              data-relative-height={decimal(relative[index] ?? 0)}
              className="masonry-item"
              style={
                measuredLayout && place
                  ? {
                      ...style,
                      width: measuredLayout.columnWidth,
                      transform: `translate(${place.lane * (measuredLayout.columnWidth + measuredLayout.gap)}px, ${place.top}px)`,
                    }
                  : style
              }
            >
              {renderItem(item, index)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
