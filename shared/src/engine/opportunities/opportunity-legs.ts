import type { EventHeader } from '../../domain/odds';
import {
  OPPORTUNITY_EXPIRY_SECONDS,
  type ArbitrageOpportunity,
  type MiddleOpportunity,
  type OpportunityEvent,
  type OpportunityFlag,
  type OpportunityLeg,
} from '../../domain/opportunities';
import { canonicalBookKey, DFS_BOOKS } from '../../domain/books/sportsbooks';
import { gameName, type MarketGroup, type Quote } from '../lines/market-lines';
import { payoutCents } from '../odds/money';
import { decimalToAmericanRounded } from '../odds/odds-format';

/**
 * Pieces shared by the arbitrage and middle finders: which books may take part, the legs, and the flags
 * shown beside an opportunity.
 */

/** What the arbitrage and middle finders are both given: what they size the stakes from, the user's books and rates. */
export interface SizedFinderOptions {
  /** Dollars (DECISIONS 16: 1000). */
  bankroll?: number;
  /**
   * Dollars; the total stake is the lesser of it and the finder's share of the bankroll (arbitrageTotalStakeCents,
   * middleTotalStakeCents).
   */
  maxStake?: number;
  /** The user's book filter (canonical or alias keys); all books when absent. */
  books?: readonly string[];
  /** Commission rates (FRACTIONS) laid over each exchange's default (commission.ts). */
  commission?: Readonly<Record<string, number>>;
}

/** Never in arbitrage or middles (spec 001 §5): DFS and pick'em apps, and ProphetX. */
export const SCANNER_EXCLUDED_BOOKS: readonly string[] = [...DFS_BOOKS, 'prophetx'];
const EXCLUDED = new Set(SCANNER_EXCLUDED_BOOKS);

/** A leg is `stale` when it lags the newest leg by more than this: 2 min pre-match, 20 s live. */
export const STALE_LEG_LAG_MS = 2 * 60_000;
export const STALE_LEG_LAG_LIVE_MS = 20_000;

/**
 * A scanner's book filter as canonical keys; null (every book) when none is given or the list is empty, the
 * same reading as the per-user filters (opportunities-for-user).
 */
export function scannerBooks(books: readonly string[] | undefined): Set<string> | null {
  return books?.length ? new Set(books.map(canonicalBookKey)) : null;
}

/** Builds the quote filter of a scanner: excluded apps out, then the user's book filter when given. */
export function scannerBookFilter(books: readonly string[] | undefined): (q: Quote) => boolean {
  const allowed = scannerBooks(books);
  return (q) => !EXCLUDED.has(q.book) && (allowed === null || allowed.has(q.book));
}

export function opportunityEvent(event: EventHeader): OpportunityEvent {
  return {
    eventId: event.id,
    sport: event.sport_key,
    sportTitle: event.sport_title,
    game: gameName(event),
    homeTeam: event.home_team,
    awayTeam: event.away_team,
    commenceTime: event.commence_time,
  };
}

/** An opportunity's own fields: all but its event's. */
export type OwnFields<T extends OpportunityEvent> = Omit<T, keyof OpportunityEvent>;

/**
 * An opportunity's id: its line's (event, market, line) with the books of `legs`. The same line at other books is
 * another bet, so another opportunity with a clock of its own (DECISIONS 29: event, market, the legs' books and lines),
 * alerting once per rule again.
 */
export function opportunityId(lineId: string, legs: readonly Pick<Quote, 'book'>[]): string {
  return `${lineId}:${legs.map((q) => q.book).join(',')}`;
}

/** The line of an opportunity id made by opportunityId (a book key has no colon). */
export function lineOfId(id: string): string {
  return id.slice(0, id.lastIndexOf(':'));
}

/**
 * `opportunity` with the fields of its event (opportunityEvent) set on it, after its own: a literal of its own fields
 * followed by seven assignments is what Node 20's V8 builds fastest (a spread followed by more keys takes microseconds
 * per object; the event's fields first, then the others assigned, four times as long as this).
 */
export function withEvent<T extends OpportunityEvent>(opportunity: OwnFields<T>, event: OpportunityEvent): T {
  const withFields = opportunity as T;
  withFields.eventId = event.eventId;
  withFields.sport = event.sport;
  withFields.sportTitle = event.sportTitle;
  withFields.game = event.game;
  withFields.homeTeam = event.homeTeam;
  withFields.awayTeam = event.awayTeam;
  withFields.commenceTime = event.commenceTime;
  return withFields;
}

export function toLeg(q: Quote, stakeCents: number, now: number): OpportunityLeg {
  const leg: OpportunityLeg = {
    book: q.book,
    bookTitle: q.bookTitle,
    market: q.market,
    outcome: q.outcome,
    price: decimalToAmericanRounded(q.decimal),
    decimal: q.decimal,
    impliedProb: 1 / q.decimal,
    commission: q.commission,
    stake: stakeCents / 100,
    payout: payoutCents(stakeCents, q.effective) / 100,
    lastUpdate: q.lastUpdate,
    ageSeconds: Math.max(0, Math.round((now - q.updatedAt) / 1000)),
  };
  if (q.description !== undefined) leg.description = q.description;
  if (q.point !== undefined) leg.point = q.point;
  if (q.link) leg.link = q.link;
  return leg;
}

/** `live` when the game has started; `stale` when a leg lags the newest leg by more than 2 min (20 s live). */
export function timingFlags(quotes: readonly Pick<Quote, 'updatedAt'>[], live: boolean): OpportunityFlag[] {
  const flags: OpportunityFlag[] = [];
  if (live) flags.push('live');
  let newest = -Infinity;
  let oldest = Infinity;
  for (const q of quotes) {
    newest = Math.max(newest, q.updatedAt);
    oldest = Math.min(oldest, q.updatedAt);
  }
  if (newest - oldest > (live ? STALE_LEG_LAG_LIVE_MS : STALE_LEG_LAG_MS)) flags.push('stale');
  return flags;
}

/** Seconds since the OLDEST leg's update: how old the opportunity's information is. */
export function opportunityAgeSeconds(quotes: readonly Pick<Quote, 'updatedAt'>[], now: number): number {
  let oldest = Infinity;
  for (const q of quotes) oldest = Math.min(oldest, q.updatedAt);
  return Math.max(0, Math.round((now - oldest) / 1000));
}

let lastNow = NaN;
let lastIso = '';

/** `now` as an opportunity's timeFound, an ISO string; the opportunities of one scan share one `now`, so it is kept. */
export function timeFoundOf(now: number): string {
  if (now !== lastNow) {
    lastIso = new Date(now).toISOString();
    lastNow = now;
  }
  return lastIso;
}

/** What an arbitrage of one kind works out for itself; the rest comes from its event and the quotes it bets. */
export type ArbitrageFindings = Pick<
  ArbitrageOpportunity,
  'id' | 'kind' | 'profitPct' | 'stakedProfitPct' | 'profitAmount' | 'totalStake' | 'totalImpliedProb' | 'legs'
>;

/** The fields an arbitrage or a middle gets from where it was found rather than from what it works out. */
type FoundFields =
  keyof OpportunityEvent | 'market' | 'description' | 'flags' | 'ageSeconds' | 'timeFound' | 'expiresIn';

/**
 * An arbitrage or a middle on `event`'s `group`: what it works out (`own`), then its event's fields, its market family
 * and description, the timing flags and age of the `quotes` it bets, when it was found and its expiry.
 */
export function foundOpportunity<T extends ArbitrageOpportunity | MiddleOpportunity>(
  own: Omit<T, FoundFields>,
  event: EventHeader,
  group: Pick<MarketGroup, 'family' | 'description'>,
  quotes: readonly Pick<Quote, 'updatedAt'>[],
  live: boolean,
  now: number,
): T {
  const opportunity = withEvent<T>(own as OwnFields<T>, opportunityEvent(event));
  const found: Pick<ArbitrageOpportunity | MiddleOpportunity, FoundFields> = opportunity;
  found.market = group.family;
  found.flags = timingFlags(quotes, live);
  found.ageSeconds = opportunityAgeSeconds(quotes, now);
  found.timeFound = timeFoundOf(now);
  found.expiresIn = OPPORTUNITY_EXPIRY_SECONDS;
  if (group.description !== undefined) found.description = group.description;
  return opportunity;
}

/**
 * An arbitrage opportunity of any kind on `event`'s `group`: what the kind `found` and the fields of where it was found
 * (foundOpportunity), flagged `suspect` past `suspectProfitPct`.
 */
export function arbitrageOpportunityOf(
  event: EventHeader,
  group: Pick<MarketGroup, 'family' | 'description'>,
  quotes: readonly Pick<Quote, 'updatedAt'>[],
  live: boolean,
  now: number,
  suspectProfitPct: number,
  found: ArbitrageFindings,
): ArbitrageOpportunity {
  const opportunity = foundOpportunity<ArbitrageOpportunity>(
    {
      id: found.id,
      type: 'arbitrage',
      kind: found.kind,
      profitPct: found.profitPct,
      stakedProfitPct: found.stakedProfitPct,
      profitAmount: found.profitAmount,
      totalStake: found.totalStake,
      totalImpliedProb: found.totalImpliedProb,
      legs: found.legs,
    },
    event,
    group,
    quotes,
    live,
    now,
  );
  if (found.profitPct > suspectProfitPct) opportunity.flags.push('suspect');
  return opportunity;
}
