import { Injectable } from '@nestjs/common';
import { OddsHistoryRepository, type OddsHistoryRow } from '@oddspulse/core';
import {
  buildLineHistory,
  formatPrice,
  type LineHistoryBook,
  type PlanAccess,
  type PriceFormat,
} from '@oddspulse/shared';
import type { OddsHistoryQuery } from './odds.dto';
import { visibleBooks } from './odds-view';

export interface HistoryOutcome {
  name: string;
  description: string;
  price: number;
  point: number | null;
}

/** The board at one moment: every outcome's price as it stood then (carried forward from earlier changes, less those taken down). */
export interface HistoryPoint {
  timestamp: string;
  last_update: string;
  outcomes: HistoryOutcome[];
}

/** Spec 002 §7 response: bookmakers (key, title), each with markets (key, history, last_update). */
export interface OddsHistoryBookmaker {
  key: string;
  title: string;
  markets: Array<{ key: string; last_update: string; history: HistoryPoint[] }>;
  /** Present when the history was longer than one answer holds: its newest changes are kept, older ones left out. */
  truncated?: true;
}

/** Every book of an answer cut to its newest changes says so: which book's older changes were cut is not known. */
function markTruncated<Book extends { truncated?: true }>(books: Book[], truncated: boolean): Book[] {
  return truncated ? books.map((book) => ({ ...book, truncated: true })) : books;
}

/** Builds the line-movement series from the change rows, in time order. */
export function buildHistory(rows: readonly OddsHistoryRow[], prices: PriceFormat): OddsHistoryBookmaker[] {
  const books = new Map<string, OddsHistoryBookmaker>();
  const series = new Map<
    string,
    { current: Map<string, HistoryOutcome>; market: OddsHistoryBookmaker['markets'][number] }
  >();
  for (const row of rows) {
    let book = books.get(row.bookmaker_key);
    if (!book) {
      book = { key: row.bookmaker_key, title: row.bookmaker_title, markets: [] };
      books.set(row.bookmaker_key, book);
    }
    const seriesKey = `${row.bookmaker_key}\u0000${row.market_key}`;
    let entry = series.get(seriesKey);
    if (!entry) {
      entry = { current: new Map(), market: { key: row.market_key, last_update: '', history: [] } };
      series.set(seriesKey, entry);
      book.markets.push(entry.market);
    }
    const outcomeKey = `${row.outcome_name}\u0000${row.description}`;
    // a withdrawal: the book took the outcome down, so it is no longer among the market's prices from then
    if (row.price === null) entry.current.delete(outcomeKey);
    else
      entry.current.set(outcomeKey, {
        name: row.outcome_name,
        description: row.description,
        price: formatPrice(row.price, prices),
        point: row.point,
      });
    const timestamp = row.recorded_at.toISOString();
    const lastUpdate = row.last_update.toISOString();
    const point: HistoryPoint = { timestamp, last_update: lastUpdate, outcomes: [...entry.current.values()] };
    const previous = entry.market.history.at(-1);
    // Rows recorded by the same poll are one moment.
    if (previous?.timestamp === timestamp) entry.market.history[entry.market.history.length - 1] = point;
    else entry.market.history.push(point);
    entry.market.last_update = lastUpdate;
  }
  return [...books.values()];
}

@Injectable()
export class OddsHistoryService {
  constructor(private readonly repository: OddsHistoryRepository) {}

  /**
   * Spec 002 §7 GET /api/odds-history: one event's line movement in the markets asked for, of the books asked for that
   * the plan sees (DECISIONS 27; all it sees when none are asked for); with `view=series`, the chart's compact form of
   * the same rows. A history longer than the repository reads keeps its newest changes, each book marked `truncated`.
   */
  async history(query: OddsHistoryQuery, access: PlanAccess): Promise<OddsHistoryBookmaker[] | LineHistoryBook[]> {
    const { sport, eventId, markets } = query;
    const allowed = visibleBooks(access);
    const bookmakers = allowed
      ? query.bookmakers.length
        ? query.bookmakers.filter((key) => allowed.has(key))
        : [...allowed]
      : query.bookmakers;
    // every book asked for is outside the plan: nothing to show (an empty list would mean every book to the repository)
    if (allowed && !bookmakers.length) return [];
    const { rows, truncated } = await this.repository.find({ sport, eventId, markets, bookmakers });
    if (query.view === 'series')
      return markTruncated(
        buildLineHistory(
          rows.map((row) => ({ ...row, price: row.price === null ? null : formatPrice(row.price, query.oddsFormat) })),
        ),
        truncated,
      );
    return markTruncated(buildHistory(rows, query.oddsFormat), truncated);
  }
}
