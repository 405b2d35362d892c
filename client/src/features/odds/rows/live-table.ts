import { applyBoardDiff, type BoardChannel, type BoardDiff, type SportBoard } from '@oddspulse/shared';
import type { LiveMessage } from '../../../realtime/live-socket';
import { paidDecimal, type OddsRow } from './rows';
import { formatSeconds } from '../../../format/durations';

/**
 * What the table does with each pushed board diff (DECISIONS 14–15, spec 001 §4 price flash): the board of
 * the sport is patched, the rows rebuilt, and the rows compared with the previous ones so prices that moved
 * flash green (up: pays more) or red (down) for 900 ms, and rows enter and leave as markets open and lock.
 */
export const FLASH_MS = 900;

export type Direction = 'up' | 'down';

export type Boards = Readonly<Record<string, SportBoard>>;

/** Applies a diff to the board of its sport; a diff for a sport not loaded yet is ignored (the load brings it). */
export function applyDiff(boards: Boards, diff: BoardDiff): Boards {
  const board = boards[diff.sport_key];
  if (!board) return boards;
  return { ...boards, [diff.sport_key]: applyBoardDiff(board, diff) };
}

type BodyOf<M> = M extends unknown ? Pick<M, Extract<keyof M, 'type' | 'data'>> : never;

/** What an odds or props room pushes, as far as the boards are concerned: a board diff, the room's snapshot (the whole board), or the feed's state. */
export type BoardMessage = BodyOf<LiveMessage<BoardChannel>>;

/** The boards after one pushed message of `sport`'s room; a feed-state message leaves them as they are. */
export function applyBoardEnvelope(boards: Boards, sport: string, message: BoardMessage): Boards {
  if (message.type === 'board.diff') return applyDiff(boards, message.data);
  if (message.type === 'snapshot' && message.data) return { ...boards, [sport]: message.data };
  return boards;
}

/**
 * Rows in a held order: while a row is open or the pointer is over the table, rows keep the places
 * they had on screen, each with its newest prices; rows that enter go after them in their own (EV) order and
 * rows that leave are dropped. Released, the table takes the EV order again.
 */
export function heldOrder<T extends { key: string }>(order: readonly string[], rows: readonly T[]): T[] {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const known = new Set(order);
  const kept = order.flatMap((key) => {
    const row = byKey.get(key);
    return row ? [row] : [];
  });
  return [...kept, ...rows.filter((r) => !known.has(r.key))];
}

/** The order to show: the EV order, or, while held, the order last shown (`shown` null: nothing shown yet). */
export function arrangeRows<T extends { key: string }>(
  rows: readonly T[],
  held: boolean,
  shown: readonly string[] | null,
): readonly T[] {
  return held && shown ? heldOrder(shown, rows) : rows;
}

/**
 * What a held order keeps back on the rows in view ("3 new, 5 moved — show"): rows the EV order would
 * bring into view that are not shown, and shown rows the EV order would put elsewhere (or out of view).
 */
export function heldChanges(shown: readonly string[], evOrder: readonly string[]): { entered: number; moved: number } {
  const shownSet = new Set(shown);
  const entered = evOrder.filter((key) => !shownSet.has(key)).length;
  const moved = shown.filter((key, i) => evOrder[i] !== key).length;
  return { entered, moved };
}

/** "3 new, 5 moved", "1 new", "2 moved"; empty when nothing is held back. */
export function heldChangesText({ entered, moved }: { entered: number; moved: number }): string {
  return [entered ? `${entered} new` : '', moved ? `${moved} moved` : ''].filter(Boolean).join(', ');
}

export interface RowChanges {
  entered: string[];
  left: string[];
  /** Row key → direction of its best price. */
  rows: Map<string, Direction>;
  /** `${rowKey}|${book}` → direction of that book's price (the mini table). */
  books: Map<string, Direction>;
}

function direction(before: number, after: number): Direction | null {
  if (Math.abs(after - before) < 1e-9) return null;
  return after > before ? 'up' : 'down';
}

export function rowChanges(previous: readonly OddsRow[], next: readonly OddsRow[]): RowChanges {
  const before = new Map(previous.map((r) => [r.key, r]));
  const after = new Set<string>();
  const changes: RowChanges = { entered: [], left: [], rows: new Map(), books: new Map() };
  for (const row of next) {
    after.add(row.key);
    const old = before.get(row.key);
    if (!old) {
      changes.entered.push(row.key);
      continue;
    }
    if (old.best && row.best) {
      const d = direction(paidDecimal(old.best), paidDecimal(row.best));
      if (d) changes.rows.set(row.key, d);
    }
    const oldPrices = bookPrices(old);
    for (const [id, price] of bookPrices(row)) {
      const was = oldPrices.get(id);
      if (was === undefined) continue;
      const d = direction(was, price);
      if (d) changes.books.set(`${row.key}|${id}`, d);
    }
  }
  for (const key of before.keys()) if (!after.has(key)) changes.left.push(key);
  return changes;
}

/** book (and side, for combined props) → decimal price. */
function bookPrices(row: OddsRow): Map<string, number> {
  const prices = new Map<string, number>();
  if (row.isCombinedProp) {
    for (const b of row.overBooks ?? []) prices.set(`${b.book}|Over`, b.decimal);
    for (const b of row.underBooks ?? []) prices.set(`${b.book}|Under`, b.decimal);
  } else for (const b of row.allBooks) prices.set(b.book, b.decimal);
  return prices;
}

/** Flashes in progress: key → direction and when it ends (ms). */
export type Flashes = ReadonlyMap<string, { direction: Direction; until: number }>;

export function addFlashes(flashes: Flashes, moved: ReadonlyMap<string, Direction>, now: number): Flashes {
  const next = new Map(pruneFlashes(flashes, now));
  for (const [key, d] of moved) next.set(key, { direction: d, until: now + FLASH_MS });
  return next;
}

export function pruneFlashes(flashes: Flashes, now: number): Flashes {
  const next = new Map<string, { direction: Direction; until: number }>();
  for (const [key, flash] of flashes) if (flash.until > now) next.set(key, flash);
  return next;
}

/** No flash in progress: what a row that is not flashing is given, the same object every time. */
export const NO_FLASHES: Flashes = new Map();

/**
 * The flashes in progress split by the row they belong to (a key is the row's key, or the row's key and
 * `|book[|side]`), so each row of the table is given its own and a flash elsewhere leaves it as it was. A row whose
 * flashes are the same as in `previous` keeps that very map (a memoised row sees nothing new); rows not in `rowKeys`
 * are left out.
 */
export function flashesByRow(
  flashes: Flashes,
  rowKeys: ReadonlySet<string>,
  previous: ReadonlyMap<string, Flashes> = new Map(),
): Map<string, Flashes> {
  const byRow = new Map<string, Map<string, { direction: Direction; until: number }>>();
  for (const [key, flash] of flashes) {
    const row = rowOfFlash(key, rowKeys);
    if (row === null) continue;
    let own = byRow.get(row);
    if (!own) byRow.set(row, (own = new Map()));
    own.set(key, flash);
  }
  const result = new Map<string, Flashes>();
  for (const [row, own] of byRow) {
    const before = previous.get(row);
    result.set(row, before && sameFlashes(before, own) ? before : own);
  }
  return result;
}

/** The row a flash key belongs to: the key itself, or the key less its book, or less its book and side. */
function rowOfFlash(key: string, rowKeys: ReadonlySet<string>): string | null {
  let candidate = key;
  for (let strip = 0; strip <= 2; strip++) {
    if (rowKeys.has(candidate)) return candidate;
    const bar = candidate.lastIndexOf('|');
    if (bar < 0) return null;
    candidate = candidate.slice(0, bar);
  }
  return null;
}

function sameFlashes(a: Flashes, b: Flashes): boolean {
  if (a.size !== b.size) return false;
  for (const [key, flash] of b) if (a.get(key) !== flash) return false;
  return true;
}

export function flashOf(flashes: Flashes, key: string, now: number): Direction | null {
  const flash = flashes.get(key);
  return flash && flash.until > now ? flash.direction : null;
}

/** How old a price is: "12s", "4m", "2h" (never negative). */
export function formatPriceAge(lastUpdate: string, now: number): string {
  const time = Date.parse(lastUpdate);
  if (Number.isNaN(time)) return '—';
  return formatSeconds(Math.max(0, Math.round((now - time) / 1000)));
}
