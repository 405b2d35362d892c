import { ApiErrors } from '../errors/api-errors';
import {
  canonicalBookKey,
  gameDay,
  isEventLive,
  seesEveryBook,
  selectableSportsbooks,
  type BoardEvent,
  type PlanAccess,
} from '@oddspulse/shared';

/**
 * The odds calls' response shape (spec 001 §3, §4, §5, §7): pure functions from the Redis boards (decimal prices)
 * to what the client reads. The query rules are the schemas of odds.dto.ts.
 */
export type DateFilter = { kind: 'all' } | { kind: 'live' } | { kind: 'today' } | { kind: 'day'; day: string };

/** The books a plan may see (DECISIONS 27, the shared rule: free its popular books and DFS apps), or null for every book. */
export function visibleBooks(access: PlanAccess): Set<string> | null {
  return seesEveryBook(access) ? null : new Set(selectableSportsbooks(access));
}

/** The plan's visible books as a cache key part ('*' for every book). */
export function booksKey(access: PlanAccess): string {
  const books = visibleBooks(access);
  return books ? [...books].sort().join(',') : '*';
}

/** The longest a date-filtered answer is kept when no game starts sooner. */
const DATE_FILTER_HOLD_MS = 60_000;

/**
 * Until when a date filter keeps its answer over unchanged boards (epoch ms): 'live', 'today' and a day change
 * when a game starts, 'today' also when the day turns (then held a second at most). Infinity for every game.
 */
export function dateFilterHoldsUntil(
  events: readonly BoardEvent[],
  filter: DateFilter | undefined,
  now: number,
): number {
  if (!filter || filter.kind === 'all') return Infinity;
  let until = now + DATE_FILTER_HOLD_MS;
  for (const event of events) {
    const start = Date.parse(event.commence_time);
    if (start > now && start < until) until = start;
  }
  return gameDay(until) === gameDay(now) ? until : now + 1_000;
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
  const day = filter.kind === 'today' ? gameDay(now) : filter.day;
  return gameDay(event.commence_time) === day && Date.parse(event.commence_time) > now;
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
 * The boards without the books' own ids (`sid` on bookmakers, markets and outcomes): the pipeline has already made
 * the deep links from them (shared/src/domain/books/book-links.ts), and the browser reads the links, never the ids. The first load
 * drops them (they were about 45 % of its compressed bytes); The Odds API-shaped answers keep them.
 */
export function withoutBookIds(events: readonly BoardEvent[]): BoardEvent[] {
  return events.map((event) => ({
    ...event,
    bookmakers: event.bookmakers.map(({ sid: _book, ...book }) => ({
      ...book,
      markets: book.markets.map(({ sid: _market, ...market }) => ({
        ...market,
        outcomes: market.outcomes.map(({ sid: _outcome, ...outcome }) => outcome),
      })),
    })),
  }));
}

/** How fresh the boards behind a response are: sent as headers on array responses, as fields elsewhere. */
export interface BoardFreshness {
  sport: string;
  fetched_at: string | null;
  stale_since: string | null;
}

export function freshness(
  sport: string,
  board: { fetched_at: string; stale_since?: string | null } | null,
): BoardFreshness {
  return { sport, fetched_at: board?.fetched_at ?? null, stale_since: board?.stale_since ?? null };
}

/**
 * Refuses sports the pipeline does not poll with 400 UNSUPPORTED_SPORT: their board will never come, so the 503 meant
 * for a board not written yet (which the client retries) would be wrong.
 */
export function requirePolledSports(polled: readonly string[], sports: readonly string[]): void {
  const unknown = sports.filter((sport) => !polled.includes(sport));
  if (unknown.length) throw ApiErrors.unsupportedSport(unknown);
}
