import type { PriceRecord } from '../realtime/board-diff';

/**
 * The line-movement chart's compact history (one game's full /odds-history answer was 297 KB with every
 * book): per book and market, each outcome's price series split by line (a spread or total of another point is
 * another line, never mixed into one series) and the moves of its line. Times are epoch SECONDS, as the chart
 * takes them; a price is kept only when it changed; a null price is the book taking the line down (its series ends
 * there, until it prices the outcome again). On the wire each list's first time is absolute and every later
 * one the seconds since the entry before it (`buildLineHistory`); `decodeLineHistory` makes them absolute again.
 */
/** One recorded price of the event (a PriceRecord's fields), already in the caller's price format (American by default). */
export type LineHistoryRow = Omit<PriceRecord, 'event_id' | 'last_update'> & { recorded_at: Date };

/** One line of one outcome: its price over time, `[seconds, price]`, the price null from when the book took it down. */
export interface LineHistoryLine {
  point: number | null;
  prices: Array<[number, number | null]>;
}

export interface LineHistoryOutcome {
  /** The outcome's name with its player or team when it has one ("Over", "Lakers", "Over LeBron James"). */
  name: string;
  lines: LineHistoryLine[];
  /** The outcome's line over time, `[seconds, point]`, one entry per move (empty for moneylines). */
  moves: Array<[number, number]>;
}

export interface LineHistoryBook {
  key: string;
  title: string;
  markets: Array<{ key: string; outcomes: LineHistoryOutcome[] }>;
  /** Set by the server when the game's history was longer than one answer holds: its older changes were left out. */
  truncated?: true;
}

/** Rows (in time order) → each book's markets, outcomes and lines. */
export function buildLineHistory(rows: readonly LineHistoryRow[]): LineHistoryBook[] {
  const books = new Map<string, LineHistoryBook>();
  const outcomes = new Map<string, LineHistoryOutcome>();
  for (const row of rows) {
    let book = books.get(row.bookmaker_key);
    if (!book) {
      book = { key: row.bookmaker_key, title: row.bookmaker_title, markets: [] };
      books.set(row.bookmaker_key, book);
    }
    let market = book.markets.find((m) => m.key === row.market_key);
    if (!market) {
      market = { key: row.market_key, outcomes: [] };
      book.markets.push(market);
    }
    const name = [row.outcome_name, row.description].filter(Boolean).join(' ');
    const outcomeKey = `${row.bookmaker_key}\u0000${row.market_key}\u0000${name}`;
    let outcome = outcomes.get(outcomeKey);
    if (!outcome) {
      outcome = { name, lines: [], moves: [] };
      outcomes.set(outcomeKey, outcome);
      market.outcomes.push(outcome);
    }
    const at = Math.floor(row.recorded_at.getTime() / 1000);
    let line = outcome.lines.find((l) => l.point === row.point);
    if (!line) {
      line = { point: row.point, prices: [] };
      outcome.lines.push(line);
    }
    const lastPrice = line.prices.at(-1);
    if (lastPrice?.[0] === at) lastPrice[1] = row.price;
    else if (lastPrice?.[1] !== row.price) line.prices.push([at, row.price]);
    if (row.point !== null) {
      const lastMove = outcome.moves.at(-1);
      if (lastMove?.[0] === at) lastMove[1] = row.point;
      else if (lastMove?.[1] !== row.point) outcome.moves.push([at, row.point]);
    }
  }
  return [...books.values()].map((book) => mapTimes(book, toDeltas));
}

/** A wire answer (times as deltas) with absolute times, as the chart reads them. */
export function decodeLineHistory(books: readonly LineHistoryBook[]): LineHistoryBook[] {
  return books.map((book) => mapTimes(book, fromDeltas));
}

type Entries<V> = Array<[number, V]>;

function toDeltas<V>(entries: Entries<V>): Entries<V> {
  return entries.map(([t, v], i) => [i === 0 ? t : t - entries[i - 1][0], v]);
}

function fromDeltas<V>(entries: Entries<V>): Entries<V> {
  let at = 0;
  return entries.map(([dt, v]) => {
    at += dt;
    return [at, v];
  });
}

function mapTimes(book: LineHistoryBook, convert: <V>(entries: Entries<V>) => Entries<V>): LineHistoryBook {
  return {
    ...book,
    markets: book.markets.map((m) => ({
      ...m,
      outcomes: m.outcomes.map((o) => ({
        ...o,
        moves: convert(o.moves),
        lines: o.lines.map((l) => ({ ...l, prices: convert(l.prices) })),
      })),
    })),
  };
}
