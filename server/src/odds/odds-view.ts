import {
  booksInRegions,
  canonicalBookKey,
  canonicalRegion,
  decimalToAmericanRounded,
  gameDay,
  isEventLive,
  isMetered,
  selectableSportsbooks,
  type BoardEvent,
  type BoardOutcome,
  type PlanAccess,
  type SportBoard,
} from '@oddspulse/shared';
import { AccountErrors } from '../accounts/http-errors';

/**
 * The odds calls' query rules and response shape (spec 001 §3, §4, §5, §7): pure functions from the Redis
 * boards (decimal prices) to The Odds API v4 shape the client reads, with prices converted at this edge.
 */
export const OddsMessages = {
  selectionRequired: 'Please select sports, regions, and markets to view odds',
  oddsFormat: 'oddsFormat must be american or decimal',
  dateFormat: 'dateFormat must be iso or unix',
  date: 'date must be live, today or a day as YYYY-MM-DD',
  sportRequired: 'Please select a sport',
} as const;

export type PriceFormat = 'american' | 'decimal';
export type DateFormat = 'iso' | 'unix';
export type DateFilter = { kind: 'all' } | { kind: 'live' } | { kind: 'day'; day: string };

/** A comma list (or repeated parameter) as trimmed, non-empty, distinct values. */
export function list(raw: unknown): string[] {
  const values = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => (typeof v === 'string' ? v.split(',') : []));
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

export function parsePriceFormat(raw: unknown): PriceFormat {
  if (raw === undefined || raw === '') return 'american';
  if (raw === 'american' || raw === 'decimal') return raw;
  throw AccountErrors.validation(OddsMessages.oddsFormat);
}

export function parseDateFormat(raw: unknown): DateFormat {
  if (raw === undefined || raw === '') return 'iso';
  if (raw === 'iso' || raw === 'unix') return raw;
  throw AccountErrors.validation(OddsMessages.dateFormat);
}

/** Spec 001 §4 date filter: empty means all games; 'live' games already started; a date upcoming games that day. */
export function parseDateFilter(raw: unknown, now: number): DateFilter {
  if (raw === undefined || raw === '' || raw === 'all') return { kind: 'all' };
  if (raw === 'live') return { kind: 'live' };
  if (raw === 'today') return { kind: 'day', day: gameDay(now) };
  if (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(raw))) return { kind: 'day', day: raw };
  throw AccountErrors.validation(OddsMessages.date);
}

/** The books a plan may see (spec 000 §5: the free plan its popular books and DFS apps), or null for every book. */
export function visibleBooks(access: PlanAccess): Set<string> | null {
  return isMetered(access) ? new Set(selectableSportsbooks(access)) : null;
}

/** Region names to the books they cover; an unknown region is a 400. */
export function regionBooks(regions: readonly string[]): Set<string> {
  const canonical = regions.map((region) => {
    const known = canonicalRegion(region);
    if (!known) throw AccountErrors.validation(`Unknown region: ${region}`);
    return known;
  });
  return booksInRegions(canonical);
}

export interface EventFilter {
  markets?: readonly string[] | null;
  /** Allowed bookmaker keys (canonical); null for every book. */
  books?: ReadonlySet<string> | null;
  date?: DateFilter;
  eventId?: string | null;
  now: number;
}

function matchesDate(event: BoardEvent, filter: DateFilter, now: number): boolean {
  if (filter.kind === 'all') return true;
  if (filter.kind === 'live') return isEventLive(event, now);
  return gameDay(event.commence_time) === filter.day && Date.parse(event.commence_time) > now;
}

/** Keeps the events, books and markets asked for; a book left with no market, or an event with no book, goes. */
export function filterEvents(events: readonly BoardEvent[], filter: EventFilter): BoardEvent[] {
  const markets = filter.markets?.length ? new Set(filter.markets) : null;
  const result: BoardEvent[] = [];
  for (const event of events) {
    if (filter.eventId && event.id !== filter.eventId) continue;
    if (filter.date && !matchesDate(event, filter.date, filter.now)) continue;
    const bookmakers = event.bookmakers
      .filter((book) => !filter.books || filter.books.has(canonicalBookKey(book.key)))
      .map((book) => ({ ...book, markets: markets ? book.markets.filter((m) => markets.has(m.key)) : book.markets }))
      .filter((book) => book.markets.length > 0);
    if (bookmakers.length || (!markets && !filter.books)) result.push({ ...event, bookmakers });
  }
  return result;
}

/**
 * American: the whole number a book quotes. Decimal: the board's own price, unrounded, so a client that patches
 * the board with pushed diffs (which carry the board's decimals) starts from exactly the same prices; rounding
 * to 2 places moved American-quoted prices (−110 is 1.9090…) and their EV until the next push, and no single
 * rounded format is exact for a board that mixes American quotes with exchanges' decimal ticks.
 */
export function formatPrice(decimal: number, format: PriceFormat): number {
  return format === 'american' ? decimalToAmericanRounded(decimal) : decimal;
}

function formatTime(iso: string, format: DateFormat): string | number {
  return format === 'unix' ? Math.floor(Date.parse(iso) / 1000) : iso;
}

export interface ApiOutcome extends Omit<BoardOutcome, 'price'> {
  price: number;
}

/** One game as The Odds API v4 returns it (spec 001 §3 Game, Bookmaker, Market, Outcome). */
export interface ApiGame {
  id: string;
  sport_key: string;
  sport_title: string;
  commence_time: string | number;
  home_team: string;
  away_team: string;
  bookmakers: Array<{
    key: string;
    title: string;
    last_update: string | number;
    markets: Array<{ key: string; last_update: string | number; outcomes: ApiOutcome[] }>;
  }>;
}

export function toApiGame(event: BoardEvent, prices: PriceFormat, dates: DateFormat): ApiGame {
  return {
    id: event.id,
    sport_key: event.sport_key,
    sport_title: event.sport_title,
    commence_time: formatTime(event.commence_time, dates),
    home_team: event.home_team,
    away_team: event.away_team,
    bookmakers: event.bookmakers.map((book) => ({
      ...book,
      last_update: formatTime(book.last_update, dates),
      markets: book.markets.map((market) => ({
        ...market,
        last_update: formatTime(market.last_update, dates),
        outcomes: market.outcomes.map((outcome) => ({ ...outcome, price: formatPrice(outcome.price, prices) })),
      })),
    })),
  };
}

/** How fresh the boards behind a response are: sent as headers on array responses, as fields elsewhere. */
export interface BoardFreshness {
  sport: string;
  fetched_at: string | null;
  stale_since: string | null;
}

export function freshness(sport: string, board: { fetched_at: string; stale_since?: string | null } | null): BoardFreshness {
  return { sport, fetched_at: board?.fetched_at ?? null, stale_since: board?.stale_since ?? null };
}
