import { buildLiveRows, followBoards, type LiveRows } from './live-rows';
import type { Boards } from './live-table';
import type { BuildRowsOptions, OddsRow } from './rows';

/**
 * The boards' rows built with every book the view may show (every book the plan sells; on /dfs, the DFS apps the plan
 * allows), for one selection of markets and de-vig.
 */
export interface EveryBookRows {
  selection: string;
  table: LiveRows;
}

/**
 * The rows with every book for newer boards or a later clock: from `before` when it is of the same selection (only the
 * events that changed are built again, as the table itself does for a diff), afresh otherwise.
 */
export function everyBookRows(
  before: EveryBookRows | null,
  selection: string,
  boards: Boards,
  options: BuildRowsOptions,
): EveryBookRows {
  const table =
    before?.selection === selection ? followBoards(before.table, boards, options) : buildLiveRows(boards, options);
  return { selection, table };
}

/**
 * How many positive-EV rows the user's books hide (DECISIONS 28 and 32): the rows of the same boards built with every
 * book the view may show (everyBookRows), kept by the view's other filters, against the user's own. Never below zero:
 * every book can also lower an EV, when a book outside the user's moves the fair line.
 */
export function positiveRowsHiddenByBooks(
  everyBook: readonly OddsRow[],
  shown: readonly OddsRow[],
  keep: (rows: readonly OddsRow[]) => readonly OddsRow[],
): number {
  const positive = (rows: readonly OddsRow[]) => keep(rows).filter((row) => (row.evPct ?? 0) > 0).length;
  return Math.max(0, positive(everyBook) - positive(shown));
}
