import { useEffect, useState, type ReactNode } from 'react';
import { columnsFor, type ColumnSteps } from './grid-rules';

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

/**
 * Deals items into columns, each to the column that is shortest so far (by the items' known
 * heights relative to their width). The deal is sequential, so appending items never moves the
 * ones already placed — no layout shift while scrolling.
 */
export function distribute<T>(items: T[], columns: number, relativeHeight: (item: T) => number): T[][] {
  const lanes = Array.from({ length: columns }, () => ({ items: [] as T[], height: 0 }));
  for (const item of items) {
    const shortest = lanes.reduce((low, lane) => (lane.height < low.height ? lane : low));
    shortest.items.push(item);
    shortest.height += relativeHeight(item);
  }
  return lanes.map((lane) => lane.items);
}

interface MasonryProps<T> {
  items: T[];
  columns: ColumnSteps;
  itemKey: (item: T) => string;
  relativeHeight: (item: T) => number;
  renderItem: (item: T, index: number) => ReactNode;
  label: string;
}

export function Masonry<T>({ items, columns, itemKey, relativeHeight, renderItem, label }: MasonryProps<T>) {
  const count = useColumnCount(columns);
  const order = new Map(items.map((item, index) => [itemKey(item), index]));
  const lanes = distribute(items, count, relativeHeight);
  return (
    <div className="masonry" style={{ gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))` }} role="list" aria-label={label}>
      {lanes.map((lane, laneIndex) => (
        <div className="masonry-column" role="none" key={laneIndex}>
          {lane.map((item) => (
            <div role="listitem" key={itemKey(item)} className="masonry-item">
              {renderItem(item, order.get(itemKey(item)) ?? 0)}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
