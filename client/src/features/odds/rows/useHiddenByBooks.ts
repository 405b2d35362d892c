import { useDeferredValue, useMemo, useRef } from 'react';
import type { DevigChoice } from '../../../state/devig-choice';
import { filterRows } from '../filters/filters';
import { rowSelection, selectionKey } from '../loading/first-load';
import { everyBookRows, positiveRowsHiddenByBooks, type EveryBookRows } from './hidden-by-books';
import type { Boards } from './live-table';
import type { OddsRow, TableMode } from './rows';

/** No book filter: the rows of every book the plan sells (the boards hold no other). */
export const EVERY_BOOK: readonly string[] = [];

/**
 * How many +EV rows every book of the view (`every`) would add to it ("N +EV bets hidden by your books"): counted from
 * the same boards, one render behind, with the view's filters and search; a diff or the clock builds again only the
 * events it changed, as the table itself does. 0 while the view already shows every book (`off`).
 */
export function useHiddenByBooks(view: {
  off: boolean;
  boards: Boards;
  rows: readonly OddsRow[];
  now: number;
  mode: TableMode;
  markets: readonly string[];
  /** What "Show all books" shows in this view: EVERY_BOOK, or on /dfs the DFS apps the plan allows. */
  every: readonly string[];
  /** The view's de-vig choice (none: multiplicative, as /dfs prices). */
  devig?: DevigChoice;
  commissions: Readonly<Record<string, number>>;
  filters: { minEv: number | null; date: string; search: string };
}): number {
  const { off, mode, markets, every, devig, commissions } = view;
  const { minEv, date, search } = view.filters;
  const boards = useDeferredValue(view.boards);
  const shown = useDeferredValue(view.rows);
  const now = useDeferredValue(view.now);
  // the last rows with every book, which the next are built from
  const built = useRef<EveryBookRows | null>(null);
  const everyBook = useMemo(() => {
    if (off) return null;
    const selection = rowSelection(mode, every, markets, devig, commissions);
    built.current = everyBookRows(built.current, selectionKey(selection), boards, { ...selection, now });
    return built.current;
  }, [off, boards, now, mode, markets, every, devig, commissions]);
  return useMemo(() => {
    if (!everyBook) return 0;
    const keep = (rows: Parameters<typeof filterRows>[0]) =>
      filterRows(rows, { minEv, positiveOnly: false, search, date }, now);
    return positiveRowsHiddenByBooks(everyBook.table.rows, shown, keep);
  }, [everyBook, shown, now, minEv, date, search]);
}
