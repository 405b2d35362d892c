import type { BoardEvent, EventHeader } from '../domain/odds';
import { OPPORTUNITY_EXPIRY_SECONDS, type ArbitrageOpportunity } from '../domain/opportunities';
import { DEFAULT_BANKROLL } from '../domain/sportsbooks';
import { bestQuote, buildEventIndex, eventLines, groupLines, lineKey, type EventIndex, type MarketGroup, type MarketLine, type Quote, type TimeCache } from './market-lines';
import { isoTime, opportunityAgeSeconds, opportunityEvent, payoutCents, scannerBookFilter, timingFlags, toLeg } from './opportunity-legs';

/**
 * Arbitrage (spec 001 §5 arbitrage detection, DECISIONS 11): the best price per outcome across books on
 * two-way markets (moneyline, spread, total, props) and three-way 1X2 markets; profit % = 1/Σ(1/decimal) − 1;
 * stakes proportional to implied probability so every outcome pays the same.
 */
export interface ArbitrageOptions {
  /** Dollars (DECISIONS 16: 1000). */
  bankroll?: number;
  /** Dollars; the total stake is min(max stake, bankroll) (spec 001 §9: 100). */
  maxStake?: number;
  /** PERCENT; opportunities below it are not reported (spec 001 §9 scanner default 0.5). */
  minProfitPct?: number;
  /** PERCENT; above it the opportunity is flagged `suspect` (default 10). */
  suspectProfitPct?: number;
  /** The user's book filter (canonical or alias keys); all books when absent. */
  books?: readonly string[];
}

export const ARBITRAGE_DEFAULTS = {
  bankroll: DEFAULT_BANKROLL,
  maxStake: 100,
  minProfitPct: 0.5,
  suspectProfitPct: 10,
} as const;

/** Spread lines must sum to zero, totals lines match, within this (spec 001 §5). */
export const ARBITRAGE_LINE_TOLERANCE = 0.01;

/** Profit of betting every outcome at these decimal odds, as a FRACTION: 1/Σ(1/decimal) − 1 (negative: no arbitrage). */
export function arbitrageProfit(decimals: readonly number[]): number {
  return 1 / decimals.reduce((sum, d) => sum + 1 / d, 0) - 1;
}

export interface ArbitrageStakes {
  /** Integer cents per leg, summing exactly to the total. */
  stakesCents: number[];
  /** Integer cents each leg returns (stake included), rounded down to the cent. */
  payoutsCents: number[];
  totalCents: number;
  /** min payout − total stake, integer cents, after rounding: what is really guaranteed. */
  guaranteedProfitCents: number;
}

/**
 * Splits `totalCents` across the legs in proportion to implied probability (exact stakes pay the same on
 * every outcome), then rounds to whole cents by largest remainder so the rounded stakes add up to the total.
 */
export function arbitrageStakes(decimals: readonly number[], totalCents: number): ArbitrageStakes {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError(`Total stake must be whole cents: ${totalCents}`);
  // plain loops: this runs for every opportunity of every scan
  const n = decimals.length;
  let booksum = 0;
  for (let i = 0; i < n; i++) booksum += 1 / decimals[i];
  const exact: number[] = [];
  const stakesCents: number[] = [];
  let staked = 0;
  for (let i = 0; i < n; i++) {
    exact.push((totalCents * (1 / decimals[i])) / booksum);
    stakesCents.push(Math.floor(exact[i]));
    staked += stakesCents[i];
  }
  let remaining = totalCents - staked;
  // largest remainder first, ties in leg order
  const byRemainder: number[] = [];
  for (let i = 0; i < n; i++) {
    const rest = exact[i] - Math.floor(exact[i]);
    let j = byRemainder.length;
    while (j > 0 && exact[byRemainder[j - 1]] - Math.floor(exact[byRemainder[j - 1]]) < rest) j--;
    byRemainder.splice(j, 0, i);
  }
  for (const i of byRemainder) {
    if (remaining <= 0) break;
    stakesCents[i]++;
    remaining--;
  }
  const payoutsCents: number[] = [];
  let lowest = Infinity;
  for (let i = 0; i < n; i++) {
    payoutsCents.push(payoutCents(stakesCents[i], decimals[i]));
    lowest = Math.min(lowest, payoutsCents[i]);
  }
  return { stakesCents, payoutsCents, totalCents, guaranteedProfitCents: lowest - totalCents };
}

/** Total stake in cents: min(max stake, bankroll) (spec 001 §5). */
export function arbitrageTotalStakeCents(bankroll: number, maxStake: number): number {
  return Math.max(0, Math.round(Math.min(maxStake, bankroll) * 100));
}

/** Arbitrage on one event. `now` is ms since the epoch (the wall clock in the product, the file's in the CLI). */
export function findArbitrage(event: BoardEvent, options: ArbitrageOptions = {}, now: number): ArbitrageOpportunity[] {
  return arbitrageInIndex(buildEventIndex(event, now), options);
}

/** Arbitrage across a board: findArbitrage on each event, most profitable first. */
export function findArbitrageOnBoard(events: readonly BoardEvent[], options: ArbitrageOptions = {}, now: number): ArbitrageOpportunity[] {
  const times: TimeCache = new Map();
  return events.flatMap((e) => arbitrageInIndex(buildEventIndex(e, now, times), options)).sort((a, b) => b.profitPct - a.profitPct);
}

export function arbitrageInIndex(index: EventIndex, options: ArbitrageOptions = {}): ArbitrageOpportunity[] {
  const { event, now, live } = index;
  if (event.completed) return [];
  const settings = arbitrageSettings(options);
  const accept = scannerBookFilter(options.books);
  const found: ArbitrageOpportunity[] = [];

  for (const line of arbitrageLines(index)) {
    const legs = bestLegs(line, event.home_team, accept);
    if (!legs) continue;
    const opportunity = arbitrageOpportunity(event, now, live, line.group, line.line, legs, settings);
    if (opportunity) found.push(opportunity);
  }
  return found;
}

/** ArbitrageOptions with their defaults applied, resolved once per scan. */
export interface ArbitrageSettings {
  totalCents: number;
  minProfitPct: number;
  suspectProfitPct: number;
}

export function arbitrageSettings(options: ArbitrageOptions = {}): ArbitrageSettings {
  return {
    totalCents: arbitrageTotalStakeCents(options.bankroll ?? ARBITRAGE_DEFAULTS.bankroll, options.maxStake ?? ARBITRAGE_DEFAULTS.maxStake),
    minProfitPct: options.minProfitPct ?? ARBITRAGE_DEFAULTS.minProfitPct,
    suspectProfitPct: options.suspectProfitPct ?? ARBITRAGE_DEFAULTS.suspectProfitPct,
  };
}

/**
 * The opportunity of betting `legs` (in the order of orderLegs) on one line, or null when it is below the
 * minimum profit or its rounded stakes guarantee nothing.
 */
export function arbitrageOpportunity(
  event: EventHeader,
  now: number,
  live: boolean,
  group: Pick<MarketGroup, 'family' | 'description'>,
  line: number | null,
  legs: Quote[],
  settings: ArbitrageSettings,
): ArbitrageOpportunity | null {
  const { totalCents } = settings;
  const decimals: number[] = [];
  for (const q of legs) decimals.push(q.decimal);
  const profit = arbitrageProfit(decimals);
  const profitPct = profit * 100;
  if (!(profit > 0) || profitPct < settings.minProfitPct) return null;
  const stakes = arbitrageStakes(decimals, totalCents);
  if (totalCents > 0 && stakes.guaranteedProfitCents <= 0) return null;
  const flags = timingFlags(legs, live);
  if (profitPct > settings.suspectProfitPct) flags.push('suspect');
  // the event's fields one by one: Node 20's V8 takes microseconds per object for a spread followed by more keys
  const base = opportunityEvent(event);
  const opportunity: ArbitrageOpportunity = {
    eventId: base.eventId,
    sport: base.sport,
    sportTitle: base.sportTitle,
    game: base.game,
    homeTeam: base.homeTeam,
    awayTeam: base.awayTeam,
    commenceTime: base.commenceTime,
    id: `arb:${event.id}:${group.family}:${group.description ?? ''}:${lineKey(line)}:${legs.length}`,
    type: 'arbitrage',
    kind: legs.length === 3 ? 'three_way' : 'two_way',
    market: group.family,
    profitPct,
    profitAmount: stakes.guaranteedProfitCents / 100,
    totalStake: stakes.totalCents / 100,
    totalImpliedProb: decimals.reduce((s, d) => s + 1 / d, 0),
    legs: legs.map((q, i) => toLeg(q, stakes.stakesCents[i], now)),
    flags,
    ageSeconds: opportunityAgeSeconds(legs, now),
    timeFound: isoTime(now),
    expiresIn: OPPORTUNITY_EXPIRY_SECONDS,
  };
  if (group.description !== undefined) opportunity.description = group.description;
  return opportunity;
}

/**
 * The event's lines at the arbitrage tolerance (0.01). Lines are grouped once at 0.05 for EV; a line that spans
 * more than 0.01 (it never does with quarter-point lines) is split again at 0.01.
 */
function arbitrageLines(index: EventIndex): MarketLine[] {
  return eventLines(index).flatMap((line) =>
    line.span <= ARBITRAGE_LINE_TOLERANCE ? [line] : groupLines({ ...line.group, quotes: [...line.sides.values()].flat() }, ARBITRAGE_LINE_TOLERANCE),
  );
}

/**
 * The best quote per side, when the line is a complete two-way market, or a three-way 1X2 with a draw, priced
 * by at least two different books; null otherwise.
 */
function bestLegs(line: MarketLine, homeTeam: string, accept: (q: Quote) => boolean): Quote[] | null {
  const { group, sides } = line;
  const sideCount = sides.size;
  if (group.kind === 'moneyline') {
    if (group.outcomeCount !== sideCount) return null;
    if (sideCount === 3 && ![...sides.keys()].some((s) => s.toLowerCase() === 'draw')) return null;
  }
  if (sideCount !== 2 && !(sideCount === 3 && group.kind === 'moneyline')) return null;
  let legs: Quote[] = [];
  for (const quotes of sides.values()) {
    const best = bestQuote(quotes, accept);
    if (!best) return null;
    legs.push(best);
  }
  if (legs.every((q) => q.book === legs[0].book)) {
    // one book best on every side is its own underround, not an arbitrage between books: try the best
    // combination that swaps one side to another book
    const only = legs[0].book;
    const sideQuotes = [...sides.values()];
    let bestSwap: Quote[] | null = null;
    for (let i = 0; i < legs.length; i++) {
      const other = bestQuote(sideQuotes[i], (q) => q.book !== only && accept(q));
      if (!other) continue;
      const swapped = legs.map((q, k) => (k === i ? other : q));
      if (!bestSwap || arbitrageProfit(swapped.map((q) => q.decimal)) > arbitrageProfit(bestSwap.map((q) => q.decimal))) bestSwap = swapped;
    }
    if (!bestSwap) return null;
    legs = bestSwap;
  }
  if (group.kind === 'total' && Math.abs(legs[0].point! - legs[1].point!) > ARBITRAGE_LINE_TOLERANCE + 1e-9) return null;
  if (group.kind === 'spread' && Math.abs(legs[0].point! + legs[1].point!) > ARBITRAGE_LINE_TOLERANCE + 1e-9) return null;
  return orderLegs(legs, group.referenceSide ?? homeTeam);
}

/** A stable leg order: `first` (the home team, or the spread's reference side) first, Over before Under, the draw last. */
export function orderLegs(legs: Quote[], first: string): Quote[] {
  // a stable insertion sort: two or three legs, for every arbitrage of every scan
  for (let i = 1; i < legs.length; i++) {
    const leg = legs[i];
    let j = i - 1;
    while (j >= 0 && (sideRank(legs[j], first) - sideRank(leg, first) || legs[j].outcome.localeCompare(leg.outcome)) > 0) {
      legs[j + 1] = legs[j];
      j--;
    }
    legs[j + 1] = leg;
  }
  return legs;
}

function sideRank(q: Quote, first: string): number {
  if (q.outcome === first || q.outcome === 'Over') return 0;
  return q.outcome.toLowerCase() === 'draw' ? 2 : 1;
}
