import type { EventHeader } from '../../domain/odds';
import {
  OPPORTUNITY_EXPIRY_SECONDS,
  type EvBet,
  type OpportunityEvent,
  type OpportunityFlag,
} from '../../domain/opportunities';
import { DEFAULT_BLEND, DEFAULT_DEVIG_METHOD, type BlendableMethod, type DevigMethod } from '../odds/devig';
import { lineKey, type MarketGroup, type Quote } from '../lines/market-lines';
import { LINE_GROUPING_TOLERANCE } from '../lines/line-rules';
import {
  opportunityEvent,
  scannerBooks,
  STALE_LEG_LAG_LIVE_MS,
  STALE_LEG_LAG_MS,
  timeFoundOf,
  withEvent,
} from './opportunity-legs';
import { americanToDecimal, decimalToAmericanRounded } from '../odds/odds-format';

/**
 * +EV (DECISIONS 10, spec 001 §5 expected value and de-vigging): each book's complete market is de-vigged,
 * the fair probability of an outcome is the weighted median of those across books, and
 * EV% = fair probability × decimal odds − 1. The fair line needs a complete market from at least 4 books
 * (DFS apps excluded: their prices are fixed); an EV row needs at least 3 distinct books quoting the outcome.
 * DFS apps are priced at −119. Spread and total lines within 0.05 are one line.
 */
export interface EvOptions {
  method?: DevigMethod;
  /** For method `blend`: the methods averaged (DEFAULT_BLEND when absent or empty). */
  blend?: readonly BlendableMethod[];
  /** PERCENT: rows below it are hidden, as are rows of EV 0 or less; DFS rows are always shown (spec 001 §5 filters). */
  minEvPct?: number;
  /** Rows only for these books (the fair line still uses every book). All books when absent. */
  books?: readonly string[];
  /** PERCENT; a row above it is flagged `suspect` (default 10), as a price that far off is rarely real. */
  suspectEvPct?: number;
  /** Commission rates (FRACTIONS) laid over each exchange's default (commission.ts). */
  commission?: Readonly<Record<string, number>>;
}

export const EV_MIN_BOOKS = 3;
export const EV_SUSPECT_PCT = 10;
export const DEVIG_MIN_BOOKS = 4;
export const EV_LINE_TOLERANCE = LINE_GROUPING_TOLERANCE;
/** DFS props get a fixed price of −119 (spec 001 §5). */
export const DFS_FIXED_AMERICAN = -119;
export const DFS_FIXED_DECIMAL = americanToDecimal(DFS_FIXED_AMERICAN);

/** `live`; `stale` when the price lags the newest price of its line like a stale arbitrage leg; `suspect`. */
function evFlags(live: boolean, stale: boolean, suspect: boolean): OpportunityFlag[] {
  const flags: OpportunityFlag[] = [];
  if (live) flags.push('live');
  if (stale) flags.push('stale');
  if (suspect) flags.push('suspect');
  return flags;
}

/** EvOptions with their defaults applied, resolved once per scan. */
export interface EvSettings {
  method: DevigMethod;
  /** The methods a blend averages (DEFAULT_BLEND unless chosen). */
  blend: readonly BlendableMethod[];
  minEvPct: number;
  suspectEvPct: number;
  /** Canonical keys of the books rows are shown for; null: all. */
  allowed: Set<string> | null;
}

export function evSettings(options: EvOptions = {}): EvSettings {
  return {
    method: options.method ?? DEFAULT_DEVIG_METHOD,
    blend: options.blend?.length ? [...new Set(options.blend)] : DEFAULT_BLEND,
    minEvPct: options.minEvPct ?? 0,
    suspectEvPct: options.suspectEvPct ?? EV_SUSPECT_PCT,
    allowed: scannerBooks(options.books),
  };
}

/** What every EV row of one event shares. */
export interface EvRowContext {
  eventId: string;
  base: OpportunityEvent;
  now: number;
  live: boolean;
  staleLag: number;
  method: DevigMethod;
  blend: readonly BlendableMethod[];
  suspectEvPct: number;
}

export function evRowContext(event: EventHeader, now: number, live: boolean, settings: EvSettings): EvRowContext {
  return {
    eventId: event.id,
    base: opportunityEvent(event),
    now,
    live,
    staleLag: live ? STALE_LEG_LAG_LIVE_MS : STALE_LEG_LAG_MS,
    method: settings.method,
    blend: settings.blend,
    suspectEvPct: settings.suspectEvPct,
  };
}

/**
 * One EV row: `q` on `side` of a line whose fair probability is known. `newest` is the newest update among the
 * line's quotes (for `stale`); `books` how many books quote the side; `fairBooks` how many went into the fair line.
 */
export function evRow(
  context: EvRowContext,
  group: Pick<MarketGroup, 'family' | 'description'>,
  side: string,
  q: Quote,
  fairProbability: number,
  fairBooks: number,
  books: number,
  newest: number,
  dfs: boolean,
  decimal: number,
  evPct: number,
): EvBet {
  const { now, live, base } = context;
  const row = withEvent<EvBet>(
    {
      id: `ev:${context.eventId}:${group.family}:${group.description ?? ''}:${side}:${lineKey(q.point ?? null)}:${q.book}`,
      market: group.family,
      listedMarket: q.market,
      outcome: side,
      book: q.book,
      bookTitle: q.bookTitle,
      price: dfs ? DFS_FIXED_AMERICAN : decimalToAmericanRounded(decimal),
      decimal,
      commission: dfs ? 0 : q.commission,
      fairProbability,
      fairDecimal: 1 / fairProbability,
      fairPrice: decimalToAmericanRounded(1 / fairProbability),
      evPct,
      method: context.method,
      fairBooks,
      books,
      isDfs: dfs,
      lastUpdate: q.lastUpdate,
      ageSeconds: Math.max(0, Math.round((now - q.updatedAt) / 1000)),
      timeFound: timeFoundOf(now),
      expiresIn: OPPORTUNITY_EXPIRY_SECONDS,
      flags: evFlags(live, newest - q.updatedAt > context.staleLag, evPct > context.suspectEvPct && !dfs),
    },
    base,
  );
  if (q.description !== undefined) row.description = q.description;
  if (q.point !== undefined) row.point = q.point;
  if (q.link) row.link = q.link;
  if (context.method === 'blend') row.blend = [...context.blend];
  return row;
}
