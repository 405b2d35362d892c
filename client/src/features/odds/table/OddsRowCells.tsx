import type { KeyboardEvent } from 'react';
import type { OddsDisplayFormat } from '../../../format/odds-format';
import { gameTimeLabel, marketLabel, matchLabel, selectionLabel } from '../../../format/bet-labels';
import type { Flashes } from '../rows/live-table';
import { MiniTable } from './MiniTable';
import { BookCell, DevigCell, EvCell, HoldCell, LineCell, MatchCell, OddsCell } from './OddsCells';
import { HOLD_TITLE } from './PriceCell';
import { RowActions } from './RowActions';
import { priceOf, type OddsRow, type TableMode } from '../rows/rows';

/**
 * What a row is shown with, as a table row, a windowed grid row or a mobile card. Each value is what this row shows
 * and no more (its own flashes, whether its game is live, its price's age in words; callbacks that stay the same), so
 * a memoised row renders again only when something it shows changed: a pushed diff re-renders the rows whose values it
 * moved (live-rows.ts keeps the others' objects), the 5-s tick the rows whose age or live mark moved on, and the open
 * row, whose mini table shows every book's age.
 */
export interface RowViewProps {
  row: OddsRow;
  open: boolean;
  onToggle: (key: string) => void;
  format: OddsDisplayFormat;
  /** This row's flashes in progress (its best price by the row's key, its books' by `key|book[|side]`). */
  flashes: Flashes;
  /** The game has started (the engine's own started rule, isEventLive). */
  live: boolean;
  /** How old the best price is, as shown (formatPriceAge). */
  age: string;
  /** The clock for the open row's mini table (its books' ages); null while the row is closed. */
  now: number | null;
  mode: TableMode;
  onAddToSlip: (row: OddsRow) => void;
  onEdge: (row: OddsRow) => void;
  /** The open row lists every book, past the mini table's limit. */
  allBooks: boolean;
  onAllBooks: (key: string, all: boolean) => void;
  /** Keys on a focused row (row-keyboard.ts). */
  onRowKey: (event: KeyboardEvent<HTMLElement>, key: string) => void;
}

/** A row's cells, as each view lays them out (OddsCells: each renders again only when what it shows moved). */
export function rowCells({ row, format, flashes, live, age }: RowViewProps) {
  const best = row.best!;
  return {
    ev: <EvCell evPct={row.evPct} />,
    match: (
      <MatchCell match={matchLabel(row)} sport={row.sportTitle} time={gameTimeLabel(row.commenceTime)} live={live} />
    ),
    line: <LineCell selection={selectionLabel(row)} market={marketLabel(row.market)} />,
    book: <BookCell book={best.book} title={best.title} link={best.link} />,
    odds: (
      <OddsCell
        price={priceOf(best)}
        commission={best.isDfs ? 0 : best.commission}
        format={format}
        flash={flashes.get(row.key)?.direction ?? null}
        age={age}
      />
    ),
    devig: <DevigCell fairProbability={row.fairProbability} format={format} />,
    hold: <HoldCell hold={best.hold} />,
  };
}

/**
 * The columns of the paged table and the windowed grid, in order: the row cell each shows, its heading (with a
 * tooltip where the word needs one), and whether its cell stacks two lines.
 */
export const ODDS_COLUMNS: readonly {
  cell: keyof ReturnType<typeof rowCells>;
  heading: string;
  stack?: boolean;
  title?: string;
}[] = [
  { cell: 'ev', heading: 'EV %' },
  { cell: 'match', heading: 'Match', stack: true },
  { cell: 'line', heading: 'Team / Line', stack: true },
  { cell: 'book', heading: 'Book' },
  { cell: 'odds', heading: 'Odds' },
  { cell: 'devig', heading: 'De-Vig' },
  { cell: 'hold', heading: 'Hold', title: HOLD_TITLE },
];

/** A row's name for a screen reader on the focusable card and grid row (a table row is read by its cells). */
const rowLabel = (row: OddsRow) => `${matchLabel(row)}: ${selectionLabel(row)}, ${marketLabel(row.market)}`;

/** An open row's mini table and actions. */
export function RowDetail({ onAddToSlip, onEdge, onAllBooks, ...view }: RowViewProps & { now: number }) {
  return (
    <>
      <MiniTable {...view} onAllBooks={(all) => onAllBooks(view.row.key, all)} />
      <RowActions row={view.row} onAddToSlip={onAddToSlip} onEdge={onEdge} />
    </>
  );
}

/** What every row view answers to alike: its test id and key, focus, click and keys to open it, and its label. */
export function rowInteraction({ row, open, onToggle, onRowKey }: RowViewProps) {
  return {
    'data-testid': 'odds-row',
    'data-row-key': row.key,
    tabIndex: 0,
    onClick: () => onToggle(row.key),
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => onRowKey(e, row.key),
    'aria-expanded': open,
    'aria-label': rowLabel(row),
  };
}
