import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A windowed list (TanStack Virtual): only the items in (and just around) the viewport are in the DOM, so thousands of
 * rows scroll smoothly. Heights may differ per item (an expanded row is taller); they are given, not measured, and
 * the first render already holds the first screen's items (`initialRect`), not an empty list a frame long. Each item is
 * keyed by `itemKey`, not by its place: when items above it come or go it stays mounted, with what the user typed into
 * it and the focus (an open odds row's stake form, a live price update moving it down a line).
 */
export function VirtualList<T>({
  items,
  itemKey,
  itemHeight,
  height,
  overscan = 6,
  render,
  label,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  itemHeight: (item: T, index: number) => number;
  height: number;
  overscan?: number;
  render: (item: T, index: number) => ReactNode;
  label: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => itemHeight(items[index], index),
    getItemKey: (index) => itemKey(items[index]),
    overscan,
    initialRect: { width: 0, height },
  });
  // the given heights changed (a row opened, the layout changed): the virtualizer forgets the ones it holds
  useEffect(() => virtualizer.measure(), [virtualizer, items, itemHeight]);
  return (
    <div
      ref={scroller}
      className="virtual-list"
      role="list"
      aria-label={label}
      style={{ height, overflowY: 'auto', position: 'relative' }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map(({ key, index, start, size }) => (
          <div key={key} role="listitem" style={{ position: 'absolute', top: start, left: 0, right: 0, height: size }}>
            {render(items[index], index)}
          </div>
        ))}
      </div>
    </div>
  );
}
