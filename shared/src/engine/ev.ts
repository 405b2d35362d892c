import type { BoardEvent } from '../domain/odds';
import type { EvBet, OpportunityFlag } from '../domain/opportunities';
import { canonicalBookKey, isDfsBook } from '../domain/sportsbooks';
import { DEFAULT_DEVIG_METHOD, devig, type DevigMethod } from './devig';
import { bookWeight, evPercent, weightedMedian } from './fair-probability';
import { buildEventIndex, groupLines, lineKey, type EventIndex, type MarketLine, type Quote, type TimeCache } from './market-lines';
import { opportunityEvent, STALE_LEG_LAG_LIVE_MS, STALE_LEG_LAG_MS } from './opportunity-legs';
import { americanToDecimal, decimalToAmericanRounded } from './odds-format';

/**
 * +EV (DECISIONS 10, spec 001 §5 expected value and de-vigging): each book's complete market is de-vigged,
 * the fair probability of an outcome is the weighted median of those across books, and
 * EV% = fair probability × decimal odds − 1. The fair line needs a complete market from at least 4 books
 * (DFS apps excluded: their prices are fixed); an EV row needs at least 3 distinct books quoting the outcome.
 * DFS apps are priced at −119. Spread and total lines within 0.05 are one line.
 */
export interface EvOptions {
  method?: DevigMethod;
  /** PERCENT: rows below it are hidden, as are rows of EV 0 or less; DFS rows are always shown (spec 001 §5 filters). */
  minEvPct?: number;
  /** Rows only for these books (the fair line still uses every book). All books when absent. */
  books?: readonly string[];
  /** PERCENT; a row above it is flagged `suspect` (default 10), as a price that far off is rarely real. */
  suspectEvPct?: number;
}

export const EV_MIN_BOOKS = 3;
export const EV_SUSPECT_PCT = 10;
export const DEVIG_MIN_BOOKS = 4;
export const EV_LINE_TOLERANCE = 0.05;
/** DFS props get a fixed price of −119 (spec 001 §5). */
export const DFS_FIXED_AMERICAN = -119;
export const DFS_FIXED_DECIMAL = americanToDecimal(DFS_FIXED_AMERICAN);

export function findEvBets(event: BoardEvent, options: EvOptions = {}, now: number): EvBet[] {
  return evInIndex(buildEventIndex(event, now), options);
}

export function findEvBetsOnBoard(events: readonly BoardEvent[], options: EvOptions = {}, now: number): EvBet[] {
  const times: TimeCache = new Map();
  return events.flatMap((e) => evInIndex(buildEventIndex(e, now, times), options)).sort((a, b) => b.evPct - a.evPct);
}

export interface FairLine {
  /** Side → fair probability (fraction). */
  probabilities: Map<string, number>;
  /** Books whose de-vigged market went into the median. */
  books: number;
}

/**
 * The fair probabilities of one line: every non-DFS book quoting all its sides is de-vigged with `method`;
 * per side the weighted median is taken. Null when fewer than 4 books give a usable complete market
 * (underround or failed de-vigs are left out, never passed on).
 */
export function fairLine(line: MarketLine, method: DevigMethod): FairLine | null {
  const sides = [...line.sides.keys()];
  const expected = line.group.kind === 'moneyline' ? line.group.outcomeCount : 2;
  if (sides.length !== expected || sides.length < 2) return null;
  const byBook = new Map<string, Quote[]>();
  for (const [i, side] of sides.entries()) {
    for (const q of line.sides.get(side)!) {
      if (isDfsBook(q.book)) continue;
      let row = byBook.get(q.book);
      if (!row) byBook.set(q.book, (row = new Array<Quote>(sides.length)));
      row[i] = q;
    }
  }
  const perSide: number[][] = sides.map(() => []);
  const weights: number[] = [];
  for (const [book, row] of byBook) {
    if (row.filter(Boolean).length !== sides.length) continue;
    const result = devig(row.map((q) => q.decimal), method);
    if (!result.ok) continue;
    result.probabilities.forEach((p, i) => perSide[i].push(p));
    weights.push(bookWeight(book));
  }
  if (weights.length < DEVIG_MIN_BOOKS) return null;
  const probabilities = new Map<string, number>();
  sides.forEach((side, i) => probabilities.set(side, weightedMedian(perSide[i], weights)!));
  return { probabilities, books: weights.length };
}

/** `live`; `stale` when the price lags the newest price of its line like a stale arbitrage leg; `suspect`. */
function evFlags(live: boolean, stale: boolean, suspect: boolean): OpportunityFlag[] {
  const flags: OpportunityFlag[] = [];
  if (live) flags.push('live');
  if (stale) flags.push('stale');
  if (suspect) flags.push('suspect');
  return flags;
}

export function evInIndex(index: EventIndex, options: EvOptions = {}): EvBet[] {
  const { event, now, live } = index;
  if (event.completed) return [];
  const method = options.method ?? DEFAULT_DEVIG_METHOD;
  const minEvPct = options.minEvPct ?? 0;
  const suspectEvPct = options.suspectEvPct ?? EV_SUSPECT_PCT;
  const staleLag = live ? STALE_LEG_LAG_LIVE_MS : STALE_LEG_LAG_MS;
  const allowed = options.books ? new Set(options.books.map(canonicalBookKey)) : null;
  const base = opportunityEvent(event);
  const rows: EvBet[] = [];

  for (const group of index.groups) {
    for (const line of groupLines(group, EV_LINE_TOLERANCE)) {
      const fair = fairLine(line, method);
      if (!fair) continue;
      let newest = -Infinity;
      for (const quotes of line.sides.values()) for (const q of quotes) newest = Math.max(newest, q.updatedAt);
      for (const [side, quotes] of line.sides) {
        if (quotes.length < EV_MIN_BOOKS) continue;
        const fairProbability = fair.probabilities.get(side)!;
        if (!(fairProbability > 0 && fairProbability < 1)) continue;
        for (const q of quotes) {
          if (allowed && !allowed.has(q.book)) continue;
          const dfs = isDfsBook(q.book);
          const decimal = dfs ? DFS_FIXED_DECIMAL : q.decimal;
          const evPct = evPercent(fairProbability, decimal);
          if (!dfs && !(evPct > 0 && evPct >= minEvPct)) continue;
          const row: EvBet = {
            ...base,
            id: `ev:${event.id}:${group.family}:${group.description ?? ''}:${side}:${lineKey(q.point ?? null)}:${q.book}`,
            market: group.family,
            outcome: side,
            book: q.book,
            bookTitle: q.bookTitle,
            price: dfs ? DFS_FIXED_AMERICAN : decimalToAmericanRounded(decimal),
            decimal,
            fairProbability,
            fairDecimal: 1 / fairProbability,
            fairPrice: decimalToAmericanRounded(1 / fairProbability),
            evPct,
            method,
            fairBooks: fair.books,
            books: quotes.length,
            isDfs: dfs,
            lastUpdate: q.lastUpdate,
            ageSeconds: Math.max(0, Math.round((now - q.updatedAt) / 1000)),
            flags: evFlags(live, newest - q.updatedAt > staleLag, evPct > suspectEvPct && !dfs),
          };
          if (q.description !== undefined) row.description = q.description;
          if (q.point !== undefined) row.point = q.point;
          if (q.link) row.link = q.link;
          rows.push(row);
        }
      }
    }
  }
  return rows;
}
