import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { arrangeRows } from '../rows/live-table';
import type { OddsRow } from '../rows/rows';

/**
 * The order rows are shown in: best EV first, except while a row is open, a row or its actions have the keyboard
 * focus, or the pointer (a mouse or pen, not a finger) is over the table, when rows hold their places and prices
 * change in place, so a button being reached for is not moved away between frames. Letting go re-sorts.
 * `resort` takes the EV order at once (the held table's "3 new, 5 moved — show").
 */
export function useHeldOrder(rows: OddsRow[], expanded: ReadonlySet<string>) {
  const [pointerOver, setPointerOver] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const [resorts, setResorts] = useState(0);
  const openShown = useMemo(() => rows.some((r) => expanded.has(r.key)), [rows, expanded]);
  // A table that empties is unmounted under the pointer, which then never leaves it.
  useEffect(() => {
    if (!rows.length) setPointerOver(false);
  }, [rows.length]);
  const held = pointerOver || focusWithin || openShown;
  const shownKeys = useRef<string[] | null>(null);
  const ordered = useMemo(() => {
    void resorts;
    return arrangeRows(rows, held, shownKeys.current);
  }, [rows, held, resorts]);
  useEffect(() => {
    shownKeys.current = ordered.map((r) => r.key);
  }, [ordered]);
  const resort = useCallback(() => {
    shownKeys.current = rows.map((r) => r.key);
    setResorts((n) => n + 1);
  }, [rows]);
  const holders = {
    onPointerEnter: (e: ReactPointerEvent) => e.pointerType !== 'touch' && setPointerOver(true),
    onPointerLeave: () => setPointerOver(false),
    onFocus: () => setFocusWithin(true),
    onBlur: (e: FocusEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget)) setFocusWithin(false);
    },
  };
  return { ordered: ordered as OddsRow[], held, resort, holders };
}
