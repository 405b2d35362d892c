import {
  applyBoardDiff,
  type BoardDiff,
  type BoardEvent,
  type EventDiff,
  type SportBoard,
  type TimeCache,
} from '@oddspulse/shared';
import { rowChanges as changesBetween, type Boards, type BoardMessage, type Direction } from './live-table';
import { keepUnchangedRows } from './kept-rows';
import {
  compareRows as evOrder,
  lineId,
  paidDecimal,
  rowsBuilder,
  sameRowsAt,
  type BookPrice,
  type BuildRowsOptions,
  type OddsRow,
} from './rows';

/**
 * The odds table's boards and rows, kept per event so that a pushed diff rebuilds the rows of the events it names
 * and no others, and the prices it moved flash as the diff says (DECISIONS 15, spec 001 §4 price flash): a book's
 * price by the direction the diff gives it, a row's best price by how it moved in its rebuilt event. A rebuilt event
 * keeps the row and price objects whose values did not change (keepUnchangedRows), so the table's memoised views
 * render only what moved.
 */
export interface LiveRows {
  boards: Boards;
  /** Each event's rows, by `eventKey`. */
  byEvent: ReadonlyMap<string, OddsRow[]>;
  /** Every row, best EV first (`rows.ts` order). */
  rows: OddsRow[];
  /** The `now` each event's rows were built at, by `eventKey` (every event of the boards, with rows or not). */
  builtAt: ReadonlyMap<string, number>;
}

/** What a pushed message did to the table: the table after it, and the prices to flash (row key, or `${rowKey}|${book}[|side]`). */
export interface LiveRowsChange {
  table: LiveRows;
  moved: Map<string, Direction>;
}

export const NO_ROWS: LiveRows = { boards: {}, byEvent: new Map(), rows: [], builtAt: new Map() };

const eventKey = (sport: string, eventId: string) => `${sport}\u0001${eventId}`;

/** Every row of the boards, built afresh (a first load, another selection). */
export function buildLiveRows(boards: Boards, options: BuildRowsOptions): LiveRows {
  const build = rowsBuilder(options);
  const byEvent = new Map<string, OddsRow[]>();
  const builtAt = new Map<string, number>();
  for (const board of Object.values(boards)) {
    for (const event of board.events) {
      const key = eventKey(board.sport_key, event.id);
      setRows(byEvent, key, build(event));
      builtAt.set(key, options.now);
    }
  }
  return { boards, byEvent, rows: [...byEvent.values()].flat().sort(evOrder), builtAt };
}

/**
 * The table as time moves on to `options.now` (same boards, same selection): the rows of the events whose rows the
 * clock changed since they were built (a market past the locked-market age, a game gone live: sameRowsAt) are built
 * again, the others kept, so it ends where buildLiveRows at that time would. The table itself when none changed.
 */
export function refreshLiveRows(table: LiveRows, options: BuildRowsOptions): LiveRows {
  const times: TimeCache = new Map();
  const changed: Array<[string, BoardEvent]> = [];
  for (const board of Object.values(table.boards)) {
    for (const event of board.events) {
      const key = eventKey(board.sport_key, event.id);
      const then = table.builtAt.get(key);
      if (then === undefined || !sameRowsAt(event, then, options.now, times)) changed.push([key, event]);
    }
  }
  if (!changed.length) return table;
  const build = rowsBuilder(options);
  const byEvent = new Map(table.byEvent);
  const builtAt = new Map(table.builtAt);
  for (const [key, event] of changed) {
    setRows(byEvent, key, keepUnchangedRows(table.byEvent.get(key) ?? [], build(event)));
    builtAt.set(key, options.now);
  }
  return withRows(table.boards, byEvent, builtAt, table.rows, new Set(changed.map(([key]) => key)));
}

/**
 * The table for newer boards of the same selection, as the table's owner did not follow each message (the boards after
 * diffs applied elsewhere): an event's rows are kept when it is the very event object they were built from (a diff
 * replaces only the events it names) and the clock has not changed them, and built again otherwise, so it ends where
 * buildLiveRows would.
 */
export function followBoards(table: LiveRows, boards: Boards, options: BuildRowsOptions): LiveRows {
  if (table.boards === boards) return refreshLiveRows(table, options);
  const before = new Map<string, BoardEvent>();
  for (const board of Object.values(table.boards))
    for (const event of board.events) before.set(eventKey(board.sport_key, event.id), event);
  const times: TimeCache = new Map();
  const build = rowsBuilder(options);
  const byEvent = new Map(table.byEvent);
  const builtAt = new Map(table.builtAt);
  const rebuilt = new Set<string>();
  for (const board of Object.values(boards)) {
    for (const event of board.events) {
      const key = eventKey(board.sport_key, event.id);
      const then = table.builtAt.get(key);
      const same = before.get(key) === event;
      before.delete(key);
      if (same && then !== undefined && sameRowsAt(event, then, options.now, times)) continue;
      setRows(byEvent, key, keepUnchangedRows(table.byEvent.get(key) ?? [], build(event)));
      builtAt.set(key, options.now);
      rebuilt.add(key);
    }
  }
  // events gone from the boards
  for (const key of before.keys()) {
    byEvent.delete(key);
    builtAt.delete(key);
    rebuilt.add(key);
  }
  return withRows(boards, byEvent, builtAt, table.rows, rebuilt);
}

/** The table after one pushed message of `sport`'s room; a feed-state message, or a diff of a sport not loaded, leaves it as it is. */
export function applyBoardMessage(
  table: LiveRows,
  sport: string,
  message: BoardMessage,
  options: BuildRowsOptions,
): LiveRowsChange {
  if (message.type === 'board.diff') return applyRowsDiff(table, message.data, options);
  if (message.type === 'snapshot' && message.data) return replaceBoard(table, message.data, options);
  return { table, moved: new Map() };
}

/** Patches the sport's board with the diff and rebuilds the rows of the events it names. */
export function applyRowsDiff(table: LiveRows, diff: BoardDiff, options: BuildRowsOptions): LiveRowsChange {
  const board = table.boards[diff.sport_key];
  if (!board) return { table, moved: new Map() };
  const next = applyBoardDiff(board, diff);
  const events = new Map(next.events.map((e) => [e.id, e]));
  const build = rowsBuilder(options);
  const byEvent = new Map(table.byEvent);
  const builtAt = new Map(table.builtAt);
  const rebuilt = new Set<string>();
  const moved = new Map<string, Direction>();
  for (const change of diff.events) {
    const key = eventKey(diff.sport_key, change.id);
    const event = events.get(change.id);
    const before = byEvent.get(key) ?? [];
    const after = event ? keepUnchangedRows(before, build(event)) : [];
    setRows(byEvent, key, after);
    if (event) builtAt.set(key, options.now);
    else builtAt.delete(key);
    rebuilt.add(key);
    bestMoves(before, after, moved);
    bookMoves(change, after, moved);
  }
  return { table: withRows({ ...table.boards, [diff.sport_key]: next }, byEvent, builtAt, table.rows, rebuilt), moved };
}

/** A room's snapshot: the sport's whole board is replaced and its rows rebuilt; moved prices flash as a reload would show them. */
function replaceBoard(table: LiveRows, board: SportBoard, options: BuildRowsOptions): LiveRowsChange {
  const build = rowsBuilder(options);
  const byEvent = new Map(table.byEvent);
  const builtAt = new Map(table.builtAt);
  const rebuilt = new Set<string>();
  const before: OddsRow[] = [];
  for (const row of table.rows) if (row.sportKey === board.sport_key) before.push(row);
  for (const key of table.builtAt.keys()) {
    if (!key.startsWith(`${board.sport_key}\u0001`)) continue;
    byEvent.delete(key);
    builtAt.delete(key);
    rebuilt.add(key);
  }
  for (const event of board.events) {
    const key = eventKey(board.sport_key, event.id);
    setRows(byEvent, key, keepUnchangedRows(table.byEvent.get(key) ?? [], build(event)));
    builtAt.set(key, options.now);
    rebuilt.add(key);
  }
  const next = withRows({ ...table.boards, [board.sport_key]: board }, byEvent, builtAt, table.rows, rebuilt);
  const changes = changesBetween(
    before,
    next.rows.filter((row) => row.sportKey === board.sport_key),
  );
  return { table: next, moved: new Map([...changes.rows, ...changes.books]) };
}

function setRows(byEvent: Map<string, OddsRow[]>, key: string, rows: OddsRow[]): void {
  if (rows.length) byEvent.set(key, rows);
  else byEvent.delete(key);
}

/** The table's rows: those of events not rebuilt as they were, merged in order with the rebuilt ones. */
function withRows(
  boards: Boards,
  byEvent: Map<string, OddsRow[]>,
  builtAt: ReadonlyMap<string, number>,
  previous: readonly OddsRow[],
  rebuilt: ReadonlySet<string>,
): LiveRows {
  const kept = previous.filter((row) => !rebuilt.has(eventKey(row.sportKey, row.eventId)));
  const fresh = [...rebuilt].flatMap((key) => byEvent.get(key) ?? []).sort(evOrder);
  const rows: OddsRow[] = [];
  let i = 0;
  let j = 0;
  while (i < kept.length && j < fresh.length) rows.push(evOrder(kept[i], fresh[j]) <= 0 ? kept[i++] : fresh[j++]);
  while (i < kept.length) rows.push(kept[i++]);
  while (j < fresh.length) rows.push(fresh[j++]);
  return { boards, byEvent, rows, builtAt };
}

function direction(before: number, after: number): Direction | null {
  if (Math.abs(after - before) < 1e-9) return null;
  return after > before ? 'up' : 'down';
}

/** A row's best price, up (pays more) or down, against the same row before its event was rebuilt. */
function bestMoves(before: readonly OddsRow[], after: readonly OddsRow[], moved: Map<string, Direction>): void {
  const old = new Map(before.map((row) => [row.key, row]));
  for (const row of after) {
    const was = old.get(row.key)?.best;
    // the best price is chosen on what it pays (net of commission): it moves by that too
    const d = was && row.best ? direction(paidDecimal(was), paidDecimal(row.best)) : null;
    if (d) moved.set(row.key, d);
  }
}

const quoteKey = (
  book: string,
  market: string,
  description: string | undefined,
  name: string,
  point: number | undefined,
) => `${book}\u0001${market}\u0001${description ?? ''}\u0001${name}\u0001${lineId(point)}`;

/** The books whose price the diff moved (a price change; a line that moved is a new row), in the rows of its event. */
function bookMoves(change: EventDiff, rows: readonly OddsRow[], moved: Map<string, Direction>): void {
  const directions = new Map<string, Direction>();
  for (const book of change.bookmakers ?? [])
    for (const market of book.markets)
      for (const outcome of market.outcomes ?? [])
        if (outcome.change === 'price' && outcome.direction)
          directions.set(
            quoteKey(book.key, market.key, outcome.description, outcome.name, outcome.point),
            outcome.direction,
          );
  if (!directions.size) return;
  const mark = (row: OddsRow, books: readonly BookPrice[] | undefined, name: string, suffix: string) => {
    for (const book of books ?? []) {
      const d = directions.get(quoteKey(book.book, row.market, row.playerName, name, row.point));
      if (d) moved.set(`${row.key}|${book.book}${suffix}`, d);
    }
  };
  for (const row of rows) {
    if (row.isCombinedProp) {
      mark(row, row.overBooks, 'Over', '|Over');
      mark(row, row.underBooks, 'Under', '|Under');
    } else mark(row, row.allBooks, row.outcome, '');
  }
}
