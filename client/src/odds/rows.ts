import {
  bookHold,
  buildEventIndex,
  canonicalBookKey,
  completeSideCount,
  DEFAULT_BLEND,
  DEFAULT_DEVIG_METHOD,
  DFS_FIXED_DECIMAL,
  EV_LINE_TOLERANCE,
  evPercent,
  fairLine,
  groupLines,
  isDfsBook,
  isEventLive,
  isLayMarket,
  isLockedMarket,
  KIND_NUMBERS,
  lineKey,
  marketFamily,
  PREFERRED_BOOK_ORDER,
  sportsbookName,
  type BlendableMethod,
  type BoardEvent,
  type DevigMethod,
} from '@oddspulse/shared';

/**
 * The odds table's rows (spec 001 §3 table row, §5 row building). A row is one outcome of one market of one
 * game (or, for player props, one player's Over/Under line) with every book's price beside it; EV and the
 * de-vigged fair line come from the engine (DECISIONS 10), never from the client.
 */
export type TableMode = 'game' | 'props';

/** One book's price for the row's outcome. `decimal` is the raw price; DFS apps are priced at −119 for EV. */
export interface BookPrice {
  book: string;
  title: string;
  decimal: number;
  lastUpdate: string;
  /** Spec 001 §5 locked-market rule: missing or 0, beyond ±5000, or older than 15 min (5 min live). */
  locked: boolean;
  isDfs: boolean;
  link?: string;
  /** EV in PERCENT of this book's price against the fair line, when there is one. */
  evPct: number | null;
  /**
   * The book's hold on this line (issue 20): 1 − 1/Σ implied of its complete market, a FRACTION; null when it does not
   * quote every side (or is a DFS app, whose prices are fixed).
   */
  hold: number | null;
  /** The book's complete market on this line, this outcome first (decimal odds): what the edge calculator de-vigs. */
  market?: MarketSide[];
}

export interface MarketSide {
  outcome: string;
  decimal: number;
}

export interface OddsRow {
  /** Stable across updates: event, market, player, outcome and line. */
  key: string;
  eventId: string;
  sportKey: string;
  sportTitle: string;
  homeTeam: string;
  awayTeam: string;
  commenceTime: string;
  market: string;
  /** Team, Over, Under, Yes, No, Draw; for a combined prop, the side with the better EV. */
  outcome: string;
  point?: number;
  playerName?: string;
  isCombinedProp: boolean;
  /** Every book quoting the outcome, in the preferred book order (spec 001 §5). */
  allBooks: BookPrice[];
  selectedBooks: BookPrice[];
  nonSelectedBooks: BookPrice[];
  /** Combined props: both sides. */
  overBooks?: BookPrice[];
  underBooks?: BookPrice[];
  /** The best open price among the selected books (null: all locked). */
  best: BookPrice | null;
  /** EV in PERCENT of the best price (null without a fair line). */
  evPct: number | null;
  /** De-vigged fair probability of the outcome (fraction), when there is one. */
  fairProbability: number | null;
  /** The best book is a DFS app: always shown, whatever the EV filter (spec 001 §5). */
  isDfs: boolean;
  /** Newest update among the row's books (ISO), for the row's age. */
  lastUpdate: string;
}

export interface BuildRowsOptions {
  mode: TableMode;
  /** The user's selected books (any key spelling); all books when empty. */
  selectedBooks: readonly string[];
  /** Market keys to show; all when empty. */
  markets?: readonly string[];
  now: number;
  method?: DevigMethod;
  /** With method `blend`: the methods averaged. */
  blend?: readonly BlendableMethod[];
}

/** Player prop markets of The Odds API: player_*, batter_*, pitcher_* (team totals are game markets). */
export function isPropMarket(key: string): boolean {
  return /^(player|batter|pitcher)_/.test(key);
}

/** Spreads and totals need 2 books with a price, other game markets 3 (spec 001 §5 row building). */
export function minimumBooks(market: string): number {
  const family = marketFamily(market);
  return /^(spreads|totals)/.test(family) ? 2 : 3;
}

const bookOrder = (key: string) => {
  const i = PREFERRED_BOOK_ORDER.indexOf(key);
  return i === -1 ? PREFERRED_BOOK_ORDER.length : i;
};

export function sortBooks(books: BookPrice[]): BookPrice[] {
  return books.sort((a, b) => bookOrder(a.book) - bookOrder(b.book) || a.title.localeCompare(b.title));
}

/** A line as rows name it (to the cent, so 44.5 and 44.50 are one line). */
export const lineId = (point: number | undefined) => lineKey(point ?? null);

/**
 * What the engine says of each (family, player, outcome, line) of one event: the fair probability (its de-vig, line
 * grouping and weighted median) and, per book quoting every side of the line, its hold and complete market.
 */
function lineFacts(event: BoardEvent, now: number, method: DevigMethod, blend: readonly BlendableMethod[]) {
  const fair = new Map<string, number>();
  const markets = new Map<string, { hold: number; sides: MarketSide[] }>();
  for (const group of buildEventIndex(event, now).groups) {
    for (const line of groupLines(group, EV_LINE_TOLERANCE)) {
      const result = fairLine(line, method, blend);
      const sides = [...line.sides.entries()];
      const complete = completeSideCount(KIND_NUMBERS[line.group.kind], line.group.outcomeCount);
      const byBook = new Map<string, MarketSide[]>();
      for (const [side, quotes] of sides) {
        for (const q of quotes) {
          if (!byBook.has(q.book)) byBook.set(q.book, []);
          byBook.get(q.book)!.push({ outcome: side, decimal: q.decimal });
        }
      }
      for (const [side, quotes] of sides) {
        const p = result?.probabilities.get(side);
        for (const q of quotes) {
          const key = fairKey(q.market, q.description, q.outcome, q.point);
          if (p !== undefined && p > 0 && p < 1) fair.set(key, p);
          const market = byBook.get(q.book)!;
          if (sides.length === complete && market.length === complete && !isDfsBook(q.book)) {
            const ordered = [market.find((m) => m.outcome === side)!, ...market.filter((m) => m.outcome !== side)];
            markets.set(`${key}\u0001${q.book}`, { hold: bookHold(ordered.map((m) => m.decimal)), sides: ordered });
          }
        }
      }
    }
  }
  return { fair, markets };
}

function fairKey(market: string, description: string | undefined, outcome: string, point: number | undefined): string {
  return `${marketFamily(market)}\u0001${description ?? ''}\u0001${outcome}\u0001${lineId(point)}`;
}

interface Cell {
  market: string;
  outcome: string;
  point?: number;
  description?: string;
  books: BookPrice[];
}

function bestOpen(books: readonly BookPrice[]): BookPrice | null {
  let best: BookPrice | null = null;
  for (const b of books) {
    if (b.locked) continue;
    const price = b.isDfs ? DFS_FIXED_DECIMAL : b.decimal;
    const held = best ? (best.isDfs ? DFS_FIXED_DECIMAL : best.decimal) : -Infinity;
    if (price > held) best = b;
  }
  return best;
}

function newest(books: readonly BookPrice[]): string {
  let newestIso = '';
  let newestTime = -Infinity;
  for (const b of books) {
    const t = Date.parse(b.lastUpdate);
    if (t > newestTime) [newestTime, newestIso] = [t, b.lastUpdate];
  }
  return newestIso;
}

/** Rows of one event. Events with no id or sport_key are dropped (spec 001 §5). */
export function buildEventRows(event: BoardEvent, options: BuildRowsOptions): OddsRow[] {
  if (!event.id || !event.sport_key) return [];
  const { mode, now } = options;
  const selected = new Set(options.selectedBooks.map(canonicalBookKey));
  const markets = options.markets?.length ? new Set(options.markets) : null;
  const live = isEventLive(event, now);
  const { fair, markets: bookMarkets } = lineFacts(event, now, options.method ?? DEFAULT_DEVIG_METHOD, options.blend ?? DEFAULT_BLEND);

  const cells = new Map<string, Cell>();
  for (const bookmaker of event.bookmakers) {
    const dfs = isDfsBook(bookmaker.key);
    // spec 001 §5: in game mode DFS-only apps are excluded
    if (mode === 'game' && dfs) continue;
    for (const market of bookmaker.markets) {
      if (isLayMarket(market.key)) continue;
      if ((mode === 'props') !== isPropMarket(market.key)) continue;
      if (markets && !markets.has(market.key) && !markets.has(marketFamily(market.key))) continue;
      const locked = isLockedMarket(
        market.outcomes.map((o) => o.price),
        market.last_update,
        now,
        live,
      );
      for (const outcome of market.outcomes) {
        // spec 001 §5: a book price of 0 is ignored
        if (!(outcome.price > 0)) continue;
        const key = `${market.key}\u0001${outcome.description ?? ''}\u0001${outcome.name}\u0001${lineId(outcome.point)}`;
        let cell = cells.get(key);
        if (!cell) {
          cell = { market: market.key, outcome: outcome.name, point: outcome.point, description: outcome.description, books: [] };
          cells.set(key, cell);
        }
        const factsKey = fairKey(market.key, outcome.description, outcome.name, outcome.point);
        const p = fair.get(factsKey);
        const held = bookMarkets.get(`${factsKey}\u0001${canonicalBookKey(bookmaker.key)}`);
        const price = dfs ? DFS_FIXED_DECIMAL : outcome.price;
        const entry: BookPrice = {
          book: bookmaker.key,
          title: sportsbookName(bookmaker.key, bookmaker.title),
          decimal: outcome.price,
          lastUpdate: market.last_update,
          locked,
          isDfs: dfs,
          evPct: p === undefined ? null : evPercent(p, price),
          hold: held?.hold ?? null,
        };
        if (held) entry.market = held.sides;
        const link = outcome.link ?? market.link ?? bookmaker.link;
        if (link) entry.link = link;
        cell.books.push(entry);
      }
    }
  }

  const base = {
    eventId: event.id,
    sportKey: event.sport_key,
    sportTitle: event.sport_title,
    homeTeam: event.home_team,
    awayTeam: event.away_team,
    commenceTime: event.commence_time,
  };
  const rowOf = (cell: Cell, books: BookPrice[], extra: Partial<OddsRow> = {}): OddsRow => {
    const selectedBooks = selected.size ? books.filter((b) => selected.has(b.book)) : books;
    const nonSelectedBooks = selected.size ? books.filter((b) => !selected.has(b.book)) : [];
    const best = bestOpen(selectedBooks);
    const p = fair.get(fairKey(cell.market, cell.description, cell.outcome, cell.point));
    const row: OddsRow = {
      key: `${event.id}|${cell.market}|${cell.description ?? ''}|${cell.outcome}|${lineId(cell.point)}`,
      ...base,
      market: cell.market,
      outcome: cell.outcome,
      isCombinedProp: false,
      allBooks: sortBooks(books),
      selectedBooks: sortBooks(selectedBooks),
      nonSelectedBooks: sortBooks(nonSelectedBooks),
      best,
      evPct: best?.evPct ?? null,
      fairProbability: p ?? null,
      isDfs: best?.isDfs ?? false,
      lastUpdate: newest(books),
      ...extra,
    };
    if (cell.point !== undefined) row.point = cell.point;
    if (cell.description !== undefined) row.playerName = cell.description;
    return row;
  };

  const rows: OddsRow[] = [];
  if (mode === 'game') {
    for (const cell of cells.values()) {
      const open = cell.books.filter((b) => !b.locked);
      if (open.length < minimumBooks(cell.market)) continue;
      const row = rowOf(cell, cell.books);
      if (row.best) rows.push(row);
    }
    return rows;
  }

  // Props: an Over and an Under on the same player, market and line make one combined row (spec 001 §5).
  const used = new Set<Cell>();
  for (const cell of cells.values()) {
    if (cell.outcome !== 'Over' || cell.point === undefined) continue;
    const underKey = `${cell.market}\u0001${cell.description ?? ''}\u0001Under\u0001${lineId(cell.point)}`;
    const under = cells.get(underKey);
    if (!under) continue;
    used.add(cell).add(under);
    const overRow = rowOf(cell, cell.books);
    const underRow = rowOf(under, under.books);
    const pick = (underRow.evPct ?? -Infinity) > (overRow.evPct ?? -Infinity) ? underRow : overRow;
    const row: OddsRow = {
      ...pick,
      key: `${event.id}|${cell.market}|${cell.description ?? ''}|OU|${lineId(cell.point)}`,
      isCombinedProp: true,
      overBooks: overRow.allBooks,
      underBooks: underRow.allBooks,
      lastUpdate: newest([...cell.books, ...under.books]),
    };
    if (row.best) rows.push(row);
  }
  for (const cell of cells.values()) {
    // One-sided Over or Under lines are not combined props; Yes/No props stand alone.
    if (used.has(cell) || cell.outcome === 'Over' || cell.outcome === 'Under') continue;
    const row = rowOf(cell, cell.books);
    if (row.best) rows.push(row);
  }
  return rows;
}

/**
 * The book with the lowest hold on a row's line (issue 20), among the open prices of books quoting every side; null
 * when none does. Ties go to the first in the book order.
 */
export function lowestHoldBook(books: readonly BookPrice[]): BookPrice | null {
  let lowest: BookPrice | null = null;
  for (const b of books) if (!b.locked && b.hold !== null && (lowest === null || b.hold < lowest.hold!)) lowest = b;
  return lowest;
}

/** Mini table: up to 20 books in props mode (spec 001 §2). */
export const PROPS_MINI_TABLE_BOOKS = 20;

/** How many books a row's mini table lists: 20 in props mode, otherwise as many as the fixed book order holds (spec 001 §2, §5). */
export function miniTableLimit(mode: TableMode): number {
  return mode === 'props' ? PROPS_MINI_TABLE_BOOKS : PREFERRED_BOOK_ORDER.length;
}

/**
 * The books a row's mini table lists (spec 001 §2): the user's books, then the others, each in the preferred
 * book order, up to the mode's limit. The book of the row's best price and the lowest-hold book (issue 20) are always
 * among them, so the row's Book column and the marked lowest hold can be found in its own mini table.
 */
export function miniTableBooks(row: Pick<OddsRow, 'selectedBooks' | 'nonSelectedBooks' | 'best'>, mode: TableMode, all = false): BookPrice[] {
  const ordered = [...row.selectedBooks, ...row.nonSelectedBooks];
  const limit = miniTableLimit(mode);
  // issue 22: "8 more books quote this line" opens to every book, in the same order
  if (all || ordered.length <= limit) return ordered;
  const kept = new Set<BookPrice>();
  const best = row.best && ordered.find((b) => b.book === row.best!.book);
  if (best) kept.add(best);
  const lowest = lowestHoldBook(ordered);
  if (lowest) kept.add(lowest);
  for (const b of ordered) if (kept.size < limit) kept.add(b);
  return ordered.filter((b) => kept.has(b));
}

/** Rows of every event, best EV first (rows without EV last). */
export function buildRows(events: readonly BoardEvent[], options: BuildRowsOptions): OddsRow[] {
  return events.flatMap((e) => buildEventRows(e, options)).sort(compareRows);
}

export function compareRows(a: OddsRow, b: OddsRow): number {
  return (b.evPct ?? -Infinity) - (a.evPct ?? -Infinity) || a.commenceTime.localeCompare(b.commenceTime) || a.key.localeCompare(b.key);
}
