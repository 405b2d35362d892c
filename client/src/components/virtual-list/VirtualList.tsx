import { useMemo, useState, type ReactNode } from 'react';
import { visibleRange } from './virtual-range';

/**
 * A windowed list: only the items in (and just around) the viewport are in the DOM, so thousands of rows
 * scroll smoothly. Heights may differ per item (an expanded row is taller); they are given, not measured.
 */
export function VirtualList<T>({
  items,
  itemHeight,
  height,
  overscan = 6,
  render,
  label,
}: {
  items: readonly T[];
  itemHeight: (item: T, index: number) => number;
  height: number;
  overscan?: number;
  render: (item: T, index: number) => ReactNode;
  label: string;
}) {
  const [scrollTop, setScrollTop] = useState(0);
  const offsets = useMemo(() => {
    const result = new Array<number>(items.length + 1);
    result[0] = 0;
    items.forEach((item, i) => (result[i + 1] = result[i] + itemHeight(item, i)));
    return result;
  }, [items, itemHeight]);
  const [start, end] = visibleRange(offsets, scrollTop, height, overscan);
  return (
    <div
      className="virtual-list"
      role="list"
      aria-label={label}
      style={{ height, overflowY: 'auto', position: 'relative' }}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
    >
      <div style={{ height: offsets[items.length], position: 'relative' }}>
        {items.slice(start, end).map((item, k) => {
          const index = start + k;
          return (
            <div
              key={index}
              role="listitem"
              style={{
                position: 'absolute',
                top: offsets[index],
                left: 0,
                right: 0,
                height: offsets[index + 1] - offsets[index],
              }}
            >
              {render(item, index)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
