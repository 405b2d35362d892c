import type { SportBoard } from './odds';
import type { OpportunityUpdate } from '../realtime/channels';
import type { ArbitrageOpportunity, EvBet, MiddleOpportunity, OpportunityFlag } from './opportunities';
import { canonicalBookKey, DEFAULT_SPORTSBOOKS } from './books/sportsbooks';
import { ARBITRAGE_DEFAULTS } from '../engine/opportunities/arbitrage';
import { MIDDLE_DEFAULTS } from '../engine/opportunities/middles';
import { eventPollClass } from '../feeds/event-schedule';
import { arbitrageForUser, evBetForUser, middleForUser } from '../engine/opportunities/opportunities-for-user';

/**
 * The landing page's live figures (DECISIONS 17): what is on the boards now, and what detection found today.
 * "Today" is the UTC calendar day. Edge is in PERCENT: a +EV bet's EV % and an arbitrage's profit %; middles
 * are counted as found but have no edge of that kind, so they stay out of the average.
 */
export interface LandingStats {
  /** Distinct sportsbooks, DFS apps and exchanges quoting a price on the boards now. */
  books_covered: number;
  /** Betting markets on the boards now: each game's (or player's) market counted once, however many books quote it. */
  markets_tracked: number;
  /** The UTC day the daily figures are for, YYYY-MM-DD. */
  day: string;
  opportunities_today: { total: number; ev: number; arbitrage: number; middles: number };
  /** Mean edge, percent rounded to 2 places, of the sportsbook +EV bets and arbitrages found today; null before the first. */
  average_edge_pct_today: number | null;
  /** When these figures were read (the endpoint caches them briefly). */
  as_of: string;
}

export type CountedOpportunityKind = 'ev' | 'arbitrage' | 'middles';

/** One opportunity to count on the day it was found, with its edge in basis points (hundredths of a percent). */
export interface DailyFinding {
  id: string;
  day: string;
  edgeBp: number | null;
}

/** Flags that mark a likely phantom (a lagging leg, a profit too good to be true): not counted as found. */
const NOT_COUNTED: ReadonlySet<OpportunityFlag> = new Set(['stale', 'suspect']);

/** YYYY-MM-DD of a time in UTC. */
export function utcDay(time: number | string): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** Edge in percent of one opportunity, or null for a kind without one. */
function edgePct(kind: CountedOpportunityKind, opportunity: unknown): number | null {
  const o = opportunity as { evPct?: unknown; profitPct?: unknown };
  const value = kind === 'ev' ? o.evPct : kind === 'arbitrage' ? o.profitPct : null;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * What makes a found opportunity one opportunity (DECISIONS 29): its event, market, and its legs' books and lines.
 * The pipeline id names them as the feed keys the books; the legs are named again by canonical key, so the same books
 * at the same lines count once a day whatever their price updates, while another pair of books on that line is
 * another opportunity a user could have taken.
 */
export function distinctKey(id: string, opportunity: unknown): string {
  const legs = (opportunity as { legs?: Array<{ book: string; outcome: string; point?: number }> }).legs;
  if (!legs?.length) return id;
  const named = legs.map((leg) => `${canonicalBookKey(leg.book)}:${leg.outcome}:${leg.point ?? ''}`).sort();
  return `${id}|${named.join(',')}`;
}

/**
 * Whether a user who changed nothing would have been shown it (DECISIONS 29: the landing counts what a user could
 * actually have seen): the scanners' default thresholds (spec 001 §9: arbitrage 0.5 %, middles gap 3 and 15 %, EV
 * above 0) and the default sportsbooks the scanners filter by (DECISIONS 16, 28), through the same per-user rules
 * the scanner lists apply. Detection publishes at the loosest thresholds a user can choose, so most of what it finds
 * is not this.
 */
function seenWithDefaults(kind: CountedOpportunityKind, opportunity: unknown): boolean {
  const books = DEFAULT_SPORTSBOOKS;
  if (kind === 'ev') return evBetForUser(opportunity as EvBet, { minEv: 0, books }) !== null;
  if (kind === 'arbitrage') {
    const { minProfitPct, maxStake, bankroll } = ARBITRAGE_DEFAULTS;
    return (
      arbitrageForUser(opportunity as ArbitrageOpportunity, { minProfit: minProfitPct, maxStake, bankroll, books }) !==
      null
    );
  }
  return middleForUser(opportunity as MiddleOpportunity, { ...MIDDLE_DEFAULTS, books }) !== null;
}

/**
 * What of a detection pass's published updates is a finding to count: every new or changed opportunity that is
 * clean (not stale, not suspect) and that a user with the defaults would have seen (seenWithDefaults), on the UTC
 * day of its time_found. The store counts an id once per day, so an
 * opportunity that goes stale and comes back, or is published again with a new price, is still counted once.
 * EV rows count only when their EV is positive and the price is a sportsbook's: DFS pick'em rows are published
 * at any EV for the DFS table, priced at the fixed −119 convention (spec 001 §5) rather than at a price anyone
 * offers, and are never flagged suspect, so a headline average would be theirs (often 10–35 %), not the books'.
 */
export function dailyFindings(kind: CountedOpportunityKind, updates: readonly OpportunityUpdate[]): DailyFinding[] {
  const findings: DailyFinding[] = [];
  for (const update of updates) {
    if (update.action === 'gone' || !update.opportunity) continue;
    const flags = (update.opportunity as { flags?: OpportunityFlag[] }).flags ?? [];
    if (flags.some((flag) => NOT_COUNTED.has(flag))) continue;
    const pct = edgePct(kind, update.opportunity);
    if (kind === 'ev' && (!(pct !== null && pct > 0) || (update.opportunity as { isDfs?: boolean }).isDfs)) continue;
    if (!seenWithDefaults(kind, update.opportunity)) continue;
    findings.push({
      id: distinctKey(update.id, update.opportunity),
      day: utcDay(update.time_found),
      edgeBp: pct === null ? null : Math.round(pct * 100),
    });
  }
  return findings;
}

/** Field names of a day's counter hash. */
export const dailyCounterFields = (kind: CountedOpportunityKind) => ({
  found: `${kind}:found`,
  edgeBpSum: `${kind}:edge_bp_sum`,
  edgeCount: `${kind}:edge_n`,
});

/** A day's counter hash (as Redis returns it) → the figures shown: counts per kind and the mean edge. */
export function summariseDailyCounters(
  hash: Record<string, string>,
): Pick<LandingStats, 'opportunities_today' | 'average_edge_pct_today'> {
  const read = (field: string) => {
    const value = Number(hash[field] ?? 0);
    return Number.isFinite(value) ? value : 0;
  };
  const kinds: CountedOpportunityKind[] = ['ev', 'arbitrage', 'middles'];
  const found = Object.fromEntries(kinds.map((k) => [k, read(dailyCounterFields(k).found)])) as Record<
    CountedOpportunityKind,
    number
  >;
  let sum = 0;
  let count = 0;
  for (const kind of kinds) {
    sum += read(dailyCounterFields(kind).edgeBpSum);
    count += read(dailyCounterFields(kind).edgeCount);
  }
  return {
    opportunities_today: { total: found.ev + found.arbitrage + found.middles, ...found },
    // mean in basis points rounded to a whole one, i.e. percent to 2 places
    average_edge_pct_today: count ? Math.round(sum / count) / 100 : null,
  };
}

/**
 * Books and markets on the current boards at `now` (ms since the epoch): a market is one event's market key (per player
 * for props) with at least one price. Only what is quoted now counts (DECISIONS 17): a stale board (its provider failing,
 * its prices frozen) and finished games (marked final, or past the live window: eventPollClass's final) are left out.
 * Books are counted by their canonical key.
 */
export function boardCoverage(
  boards: ReadonlyArray<SportBoard | null>,
  now: number,
): Pick<LandingStats, 'books_covered' | 'markets_tracked'> {
  const books = new Set<string>();
  const markets = new Set<string>();
  for (const board of boards) {
    if (!board || board.stale_since) continue;
    for (const event of board.events) {
      const schedule = { id: event.id, start: Date.parse(event.commence_time), completed: event.completed === true };
      if (eventPollClass(schedule, now) === 'final') continue;
      for (const bookmaker of event.bookmakers) {
        let quoted = false;
        for (const market of bookmaker.markets) {
          for (const outcome of market.outcomes) {
            if (!(outcome.price > 1)) continue;
            quoted = true;
            markets.add(`${event.sport_key}|${event.id}|${market.key}|${outcome.description ?? ''}`);
          }
        }
        if (quoted) books.add(canonicalBookKey(bookmaker.key));
      }
    }
  }
  return { books_covered: books.size, markets_tracked: markets.size };
}
