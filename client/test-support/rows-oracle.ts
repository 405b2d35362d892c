import {
  bookHold,
  canonicalBookKey,
  commissionOf,
  commissionRates,
  completeSideCount,
  DEFAULT_BLEND,
  DEFAULT_DEVIG_METHOD,
  DFS_FIXED_DECIMAL,
  EV_LINE_TOLERANCE,
  effectiveDecimal,
  evPercent,
  isDfsBook,
  isEventLive,
  isLayMarket,
  isLockedMarket,
  KIND_NUMBERS,
  marketFamily,
  PREFERRED_BOOK_ORDER,
  replacesHeldQuote,
  sportsbookName,
  type BlendableMethod,
  type BoardEvent,
  type DevigMethod,
} from '@oddspulse/shared';
import { buildEventIndex, fairLine, groupLines } from '@oddspulse/shared/testing';
import {
  isPropMarket,
  lineId,
  minimumBooks,
  type BookPrice,
  type BuildRowsOptions,
  type MarketSide,
  type OddsRow,
} from '../src/features/odds/rows/rows';

/**
 * The odds table's rows as rows.ts built them before its rewrite for speed (string keys per outcome, every book sorted with
 * localeCompare, the times parsed per book), kept word for word as the test oracle of rows.ts (rows-oracle.spec.ts)
 * and the baseline of `npm run bench:rows`, but for an exchange's price, which both work net of the user's commission
 * (its EV and which price is best), and a book quoting a line twice, which both list once. The app never imports it.
 */
const bookOrder = (key: string) => {
  const i = PREFERRED_BOOK_ORDER.indexOf(key);
  return i === -1 ? PREFERRED_BOOK_ORDER.length : i;
};

function sortBooks(books: BookPrice[]): BookPrice[] {
  return books.sort((a, b) => bookOrder(a.book) - bookOrder(b.book) || a.title.localeCompare(b.title));
}

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
    const price = b.isDfs ? DFS_FIXED_DECIMAL : effectiveDecimal(b.decimal, b.commission);
    const held = best ? (best.isDfs ? DFS_FIXED_DECIMAL : effectiveDecimal(best.decimal, best.commission)) : -Infinity;
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

/** Rows of one event, as rows.ts built them before its rewrite for speed. */
export function oracleEventRows(event: BoardEvent, options: BuildRowsOptions): OddsRow[] {
  // a finished game's prices can no longer be bet (spec 001 §5)
  if (!event.id || !event.sport_key || event.completed === true) return [];
  const { mode, now } = options;
  const selected = new Set(options.selectedBooks.map(canonicalBookKey));
  const markets = options.markets?.length ? new Set(options.markets) : null;
  const live = isEventLive(event, now);
  const rates = commissionRates(options.commission);
  const { fair, markets: bookMarkets } = lineFacts(
    event,
    now,
    options.method ?? DEFAULT_DEVIG_METHOD,
    options.blend ?? DEFAULT_BLEND,
  );

  const cells = new Map<string, Cell>();
  for (const bookmaker of event.bookmakers) {
    const dfs = isDfsBook(bookmaker.key);
    // spec 001 §5: in game mode DFS-only apps are excluded
    if (mode === 'game' && dfs) continue;
    for (const market of bookmaker.markets) {
      if (isLayMarket(market.key)) continue;
      if ((mode === 'props') !== isPropMarket(market.key)) continue;
      if (markets && !markets.has(market.key) && !markets.has(marketFamily(market.key))) continue;
      for (const outcome of market.outcomes) {
        // spec 001 §5: a book price of 0 is ignored
        if (!(outcome.price > 0)) continue;
        // spec 001 §5 locked market: the prices of the outcome's player (of the whole market when it has none)
        const player = outcome.description ?? '';
        const locked = isLockedMarket(
          market.outcomes.filter((o) => (o.description ?? '') === player).map((o) => o.price),
          market.last_update,
          now,
          live,
        );
        const key = `${market.key}\u0001${outcome.description ?? ''}\u0001${outcome.name}\u0001${lineId(outcome.point)}`;
        let cell = cells.get(key);
        if (!cell) {
          cell = {
            market: market.key,
            outcome: outcome.name,
            point: outcome.point,
            description: outcome.description,
            books: [],
          };
          cells.set(key, cell);
        }
        const factsKey = fairKey(market.key, outcome.description, outcome.name, outcome.point);
        const p = fair.get(factsKey);
        const held = bookMarkets.get(`${factsKey}\u0001${canonicalBookKey(bookmaker.key)}`);
        const commission = dfs ? 0 : commissionOf(bookmaker.key, rates);
        const price = dfs ? DFS_FIXED_DECIMAL : effectiveDecimal(outcome.price, commission);
        const entry: BookPrice = {
          book: bookmaker.key,
          title: sportsbookName(bookmaker.key, bookmaker.title),
          decimal: outcome.price,
          lastUpdate: market.last_update,
          locked,
          isDfs: dfs,
          commission,
          evPct: p === undefined ? null : evPercent(p, price),
          hold: held?.hold ?? null,
        };
        if (held) entry.market = held.sides;
        const link = outcome.link ?? market.link ?? bookmaker.link;
        if (link) entry.link = link;
        // one quote per book per side of a line, its best price (spec 001 §5): a line listed twice is listed once
        const listed = cell.books.findIndex((b) => b.book === bookmaker.key);
        if (listed < 0) cell.books.push(entry);
        else if (replacesHeldQuote(entry.decimal, cell.books[listed].decimal)) cell.books[listed] = entry;
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
    // spec 001 §5: a line quoted on one side only is no combined prop; it stands alone as a Yes/No prop does
    if (used.has(cell)) continue;
    const row = rowOf(cell, cell.books);
    if (row.best) rows.push(row);
  }
  return rows;
}

/** Rows of every event, best EV first, as rows.ts built them before its rewrite for speed. */
export function oracleRows(events: readonly BoardEvent[], options: BuildRowsOptions): OddsRow[] {
  return events.flatMap((e) => oracleEventRows(e, options)).sort(compareRows);
}

function compareRows(a: OddsRow, b: OddsRow): number {
  return (
    (b.evPct ?? -Infinity) - (a.evPct ?? -Infinity) ||
    a.commenceTime.localeCompare(b.commenceTime) ||
    a.key.localeCompare(b.key)
  );
}
