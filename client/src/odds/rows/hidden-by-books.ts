import type { Boards } from './live-table';
import { buildRows, type BuildRowsOptions, type OddsRow } from './rows';

/**
 * How many positive-EV rows the user's books hide (DECISIONS 28 and 32): the rows of the same boards built with every
 * book the plan sells, kept by the view's other filters, against the user's own. Never below zero: every book can also
 * lower an EV, when a book outside the user's moves the fair line.
 */
export function positiveRowsHiddenByBooks(
  boards: Boards,
  shown: readonly OddsRow[],
  options: Omit<BuildRowsOptions, 'selectedBooks'>,
  keep: (rows: readonly OddsRow[]) => readonly OddsRow[],
): number {
  const everyBook = buildRows(
    Object.values(boards).flatMap((board) => board.events),
    { ...options, selectedBooks: [] },
  );
  const positive = (rows: readonly OddsRow[]) => keep(rows).filter((row) => (row.evPct ?? 0) > 0).length;
  return Math.max(0, positive(everyBook) - positive(shown));
}
