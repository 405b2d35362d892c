import type { BoardEvent } from '../domain/odds';
import { isSteamMarket, STEAM_MARKETS, type SteamMarket } from '../domain/steam';
import { canonicalBookKey, isDfsBook } from '../domain/books/sportsbooks';
import { devig } from '../engine/odds/devig';
import { bookWeight, weightedMedian } from '../engine/odds/fair-probability';
import { isValidDecimal } from '../engine/odds/odds-format';
import { isLockedPrice } from '../engine/lines/locked-market';
import { LINE_GROUPING_TOLERANCE } from '../engine/lines/line-rules';
import { probabilityAtLine, type SideQuote } from './steam-rules';

/** A side's quote at a book, with where to bet it. */
export interface BookSideQuote extends SideQuote {
  link?: string;
}

/** One book's market: each side's quote (sides by outcome name). */
export interface BookMarket {
  book: string;
  bookTitle: string;
  lastUpdate: string;
  sides: Map<string, BookSideQuote>;
}

/** Each book's main market of `market` on the event, its open prices only (locked and invalid prices left out). */
export function eventMarkets(event: BoardEvent, market: SteamMarket): BookMarket[] {
  const markets: BookMarket[] = [];
  for (const bookmaker of event.bookmakers) {
    if (isDfsBook(bookmaker.key)) continue;
    const found = bookmaker.markets.find((m) => m.key === market);
    if (!found) continue;
    const sides = new Map<string, BookSideQuote>();
    for (const outcome of found.outcomes) {
      if (!isValidDecimal(outcome.price) || isLockedPrice(outcome.price)) continue;
      const link = outcome.link ?? found.link ?? bookmaker.link;
      sides.set(outcome.name, { price: outcome.price, point: outcome.point ?? null, ...(link ? { link } : {}) });
    }
    if (sides.size)
      markets.push({
        book: canonicalBookKey(bookmaker.key),
        bookTitle: bookmaker.title,
        lastUpdate: found.last_update,
        sides,
      });
  }
  return markets;
}

const sameLine = (a: number | null, b: number | null) =>
  a !== null && b !== null && Math.abs(a - b) <= LINE_GROUPING_TOLERANCE;

/**
 * The book's own fair probability of `side`, multiplicatively de-vigged (DECISIONS 10's default), at the book's line:
 * a moneyline with every outcome the market has (`outcomes`), a spread against the other side's opposite line, a
 * total against the other side at the same line. Null when the book does not quote the whole market.
 */
function bookFair(book: BookMarket, market: SteamMarket, side: string, outcomes: number): number | null {
  const ours = book.sides.get(side);
  if (!ours) return null;
  const others = [...book.sides].filter(([name, q]) => {
    if (name === side) return false;
    if (market === 'h2h') return true;
    return market === 'spreads'
      ? sameLine(q.point, ours.point === null ? null : -ours.point)
      : sameLine(q.point, ours.point);
  });
  if (others.length + 1 !== (market === 'h2h' ? outcomes : 2)) return null;
  const result = devig([ours.price, ...others.map(([, q]) => q.price)]);
  return result.ok ? result.probabilities[0] : null;
}

/**
 * The fair probability of `side` at `line` (null: a moneyline) across `books` of a `sport`: each book's own de-vigged
 * probability taken to `line` (probabilityAtLine), then the weighted median with spec 001 §5's book weights
 * (DECISIONS 10). Null when no book quotes the whole market (at `line`, for a sport whose lines cannot be priced).
 */
export function fairProbabilityAt(
  sport: string,
  books: readonly BookMarket[],
  market: SteamMarket,
  side: string,
  line: number | null,
): number | null {
  const outcomes = Math.max(0, ...books.map((b) => b.sides.size));
  const probabilities: number[] = [];
  const weights: number[] = [];
  for (const book of books) {
    const own = bookFair(book, market, side, outcomes);
    const p =
      own === null ? null : probabilityAtLine(sport, market, side, own, book.sides.get(side)?.point ?? null, line);
    if (p === null) continue;
    probabilities.push(p);
    weights.push(bookWeight(book.book));
  }
  return weightedMedian(probabilities, weights);
}

/** One book's quote of one side at a moment: a point of a series of the price-history window. */
export interface WindowQuote extends SideQuote {
  /** ms since the epoch. */
  at: number;
}

/** A book's quotes of one side of one market, oldest first: what the price-history window holds per series. */
export interface SteamSeries {
  book: string;
  market: SteamMarket;
  side: string;
  quotes: WindowQuote[];
}

/** A series' name in the window: market, side and book (outcome names never hold a tab). */
export function seriesKey(market: SteamMarket, side: string, book: string): string {
  return `${market}\t${side}\t${book}`;
}

export function parseSeriesKey(key: string): Omit<SteamSeries, 'quotes'> | null {
  const [market, side, book, extra] = key.split('\t');
  if (extra !== undefined || !side || !book || !isSteamMarket(market)) return null;
  return { market, side, book };
}

/**
 * Every side's quote on the event, as the window records it: each book's open price of each side of the steam
 * markets, at the time the book last updated the market (no later than `now`).
 */
export function windowQuotes(event: BoardEvent, now: number): Array<{ key: string; quote: WindowQuote }> {
  const quotes: Array<{ key: string; quote: WindowQuote }> = [];
  for (const market of STEAM_MARKETS) {
    for (const book of eventMarkets(event, market)) {
      const updated = Date.parse(book.lastUpdate);
      const at = Number.isNaN(updated) ? now : Math.min(now, updated);
      for (const [side, quote] of book.sides)
        quotes.push({ key: seriesKey(market, side, book.book), quote: { at, price: quote.price, point: quote.point } });
    }
  }
  return quotes;
}
