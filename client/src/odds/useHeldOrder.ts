import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { arrangeRows } from './live-table';
import type { OddsRow } from './rows';

/**
 * The order rows are shown in: best EV first, except while a row is open or the pointer (a mouse or pen, not a
 * finger) is over the table, when rows hold their places and prices change in place (issue 8), so a button
 * being reached for is not moved away between frames. Letting go re-sorts.
 */
export function useHeldOrder(rows: OddsRow[], expanded: ReadonlySet<string>) {
  const [pointerOver, setPointerOver] = useState(false);
  const openShown = useMemo(() => rows.some((r) => expanded.has(r.key)), [rows, expanded]);
  // A table that empties is unmounted under the pointer, which then never leaves it.
  useEffect(() => {
    if (!rows.length) setPointerOver(false);
  }, [rows.length]);
  const held = pointerOver || openShown;
  const shownKeys = useRef<string[] | null>(null);
  const ordered = useMemo(() => arrangeRows(rows, held, shownKeys.current), [rows, held]);
  useEffect(() => {
    shownKeys.current = ordered.map((r) => r.key);
  }, [ordered]);
  const pointer = {
    onPointerEnter: (e: ReactPointerEvent) => e.pointerType !== 'touch' && setPointerOver(true),
    onPointerLeave: () => setPointerOver(false),
  };
  return { ordered: ordered as OddsRow[], held, pointer };
}
