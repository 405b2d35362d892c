import type { EventHeader } from '../../domain/odds';
import type { ArbitrageOpportunity } from '../../domain/opportunities';
import { DEFAULT_BANKROLL } from '../../domain/books/sportsbooks';
import { lineKey, type MarketGroup, type Quote } from '../lines/market-lines';
import { isDrawOutcome } from '../lines/line-rules';
import { apportionCents, payoutCents, roundHalfUpCents } from '../odds/money';
import { arbitrageOpportunityOf, opportunityId, toLeg, type SizedFinderOptions } from './opportunity-legs';

/**
 * Arbitrage (spec 001 §5 arbitrage detection, DECISIONS 11): the best price per outcome across books on
 * two-way markets (moneyline, spread, total, props) and three-way 1X2 markets; profit % = 1/Σ(1/decimal) − 1;
 * stakes proportional to implied probability so every outcome pays the same. Prices are effective prices
 * (commission.ts): an exchange's leg pays net of its commission, so a set of prices whose net profit is not
 * positive is not an arbitrage. A second kind backs one outcome at a book and lays it at an exchange (back-lay.ts).
 */
export interface ArbitrageOptions extends SizedFinderOptions {
  /** PERCENT; opportunities below it are not reported (spec 001 §9 scanner default 0.5). */
  minProfitPct?: number;
  /** PERCENT; above it the opportunity is flagged `suspect` (default 10). */
  suspectProfitPct?: number;
}

/** Spec 001 §9's defaults (max stake 100 dollars); the total stake is min(max stake, bankroll). */
export const ARBITRAGE_DEFAULTS = {
  bankroll: DEFAULT_BANKROLL,
  maxStake: 100,
  minProfitPct: 0.5,
  suspectProfitPct: 10,
} as const;

/** Profit of betting every outcome at these decimal odds, as a FRACTION: 1/Σ(1/decimal) − 1 (negative: no arbitrage). */
export function arbitrageProfit(decimals: readonly number[]): number {
  return 1 / decimals.reduce((sum, d) => sum + 1 / d, 0) - 1;
}

/** PERCENT of what the rounded stakes make on their total: the profit shown beside them (0 when nothing is staked). */
export function profitPctOfStakes(profitCents: number, totalCents: number): number {
  return totalCents > 0 ? (profitCents / totalCents) * 100 : 0;
}

export interface ArbitrageStakes {
  /** Integer cents per leg (DECISIONS 25): a split total by largest remainder (apportionCents), a sized leg half-up. */
  stakesCents: number[];
  /** Integer cents each leg returns (stake included), half-up to the cent, as the books pay. */
  payoutsCents: number[];
  /** Σ of the rounded stakes: what is really staked (a split total: that total; fixed: what the legs add up to). */
  totalCents: number;
  /** Per outcome: that leg's payout − the total stake, integer cents. */
  profitsCents: number[];
  /** min payout − total stake, integer cents, of the rounded stakes: what is really guaranteed. */
  guaranteedProfitCents: number;
}

/** How the arbitrage calculator sizes the legs: a total split for equal payout, or one leg's stake fixed. */
export type ArbitrageSplit = { mode: 'total'; totalCents: number } | { mode: 'fixed'; leg: number; stakeCents: number };

/** `cent`: stakes half-up to the cent; `dollar`: the stakes it sizes half-up to whole dollars (a fixed stake stays as given). */
export type StakeRounding = 'cent' | 'dollar';

/**
 * The arbitrage calculator: 2 or 3 legs at DECIMAL odds. `total` splits the total in proportion to
 * implied probability, so every outcome pays the same (stake_i = T·(1/O_i)/Σ(1/O)); `fixed` keeps one leg's stake
 * ("I can bet $10 at this book") and sizes the others to pay what it pays (stake_i = S·O_j/O_i). Stakes are
 * rounded once (DECISIONS 25), to the cent or to whole dollars: a split total by largest remainder, so the stakes add
 * up to the total and never more (apportionCents), the legs sized to a fixed one half-up; payouts, total and profit
 * are those of the rounded stakes.
 */
export function arbitrageCalculator(
  decimals: readonly number[],
  split: ArbitrageSplit,
  rounding: StakeRounding = 'cent',
): ArbitrageStakes {
  const n = decimals.length;
  if (n < 2 || decimals.some((d) => !(Number.isFinite(d) && d > 1)))
    throw new RangeError(`Arbitrage needs 2 or more decimal odds above 1: ${decimals.join(', ')}`);
  const unit = rounding === 'dollar' ? 100 : 1;
  const round = (exactCents: number) => roundHalfUpCents(exactCents / unit) * unit;
  // plain loops: detection sizes every opportunity of every scan with this
  const stakesCents: number[] = [];
  if (split.mode === 'total') {
    if (!Number.isInteger(split.totalCents) || split.totalCents < 0)
      throw new RangeError(`Total stake must be whole cents: ${split.totalCents}`);
    let booksum = 0;
    for (let i = 0; i < n; i++) booksum += 1 / decimals[i];
    const exactUnits: number[] = [];
    for (let i = 0; i < n; i++) exactUnits.push((split.totalCents * (1 / decimals[i])) / booksum / unit);
    for (const units of apportionCents(exactUnits, Math.floor(split.totalCents / unit))) stakesCents.push(units * unit);
  } else {
    const { leg, stakeCents } = split;
    if (!Number.isInteger(leg) || leg < 0 || leg >= n) throw new RangeError(`No leg ${leg} among ${n}`);
    if (!Number.isInteger(stakeCents) || stakeCents < 0)
      throw new RangeError(`Stake must be whole cents: ${stakeCents}`);
    for (let i = 0; i < n; i++)
      stakesCents.push(i === leg ? stakeCents : round((stakeCents * decimals[leg]) / decimals[i]));
  }
  let totalCents = 0;
  for (let i = 0; i < n; i++) totalCents += stakesCents[i];
  const payoutsCents: number[] = [];
  const profitsCents: number[] = [];
  let lowest = Infinity;
  for (let i = 0; i < n; i++) {
    payoutsCents.push(payoutCents(stakesCents[i], decimals[i]));
    profitsCents.push(payoutsCents[i] - totalCents);
    lowest = Math.min(lowest, payoutsCents[i]);
  }
  return { stakesCents, payoutsCents, totalCents, profitsCents, guaranteedProfitCents: lowest - totalCents };
}

/**
 * Detection's split: `totalCents` across the legs in proportion to implied probability (exact stakes pay the same
 * on every outcome), rounded to cents that add up to it (apportionCents, DECISIONS 25); the profit is that of the
 * rounded stakes.
 */
export function arbitrageStakes(decimals: readonly number[], totalCents: number): ArbitrageStakes {
  return arbitrageCalculator(decimals, { mode: 'total', totalCents });
}

/** Total stake in cents: min(max stake, bankroll) (spec 001 §5). */
export function arbitrageTotalStakeCents(bankroll: number, maxStake: number): number {
  return Math.max(0, Math.round(Math.min(maxStake, bankroll) * 100));
}

/** ArbitrageOptions with their defaults applied, resolved once per scan. */
export interface ArbitrageSettings {
  totalCents: number;
  minProfitPct: number;
  suspectProfitPct: number;
}

export function arbitrageSettings(options: ArbitrageOptions = {}): ArbitrageSettings {
  return {
    totalCents: arbitrageTotalStakeCents(
      options.bankroll ?? ARBITRAGE_DEFAULTS.bankroll,
      options.maxStake ?? ARBITRAGE_DEFAULTS.maxStake,
    ),
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
  // an exchange's leg pays net of its commission: stakes and profit are worked on the effective price
  for (const q of legs) decimals.push(q.effective);
  const profit = arbitrageProfit(decimals);
  const profitPct = profit * 100;
  if (!(profit > 0) || profitPct < settings.minProfitPct) return null;
  const stakes = arbitrageStakes(decimals, totalCents);
  if (totalCents > 0 && stakes.guaranteedProfitCents <= 0) return null;
  return arbitrageOpportunityOf(event, group, legs, live, now, settings.suspectProfitPct, {
    id: opportunityId(
      `arb:${event.id}:${group.family}:${group.description ?? ''}:${lineKey(line)}:${legs.length}`,
      legs,
    ),
    kind: legs.length === 3 ? 'three_way' : 'two_way',
    profitPct,
    stakedProfitPct: profitPctOfStakes(stakes.guaranteedProfitCents, stakes.totalCents),
    profitAmount: stakes.guaranteedProfitCents / 100,
    totalStake: stakes.totalCents / 100,
    totalImpliedProb: decimals.reduce((s, d) => s + 1 / d, 0),
    legs: legs.map((q, i) => toLeg(q, stakes.stakesCents[i], now)),
  });
}

/** A stable leg order: `first` (the home team, or the spread's reference side) first, Over before Under, the draw last. */
export function orderLegs(legs: Quote[], first: string): Quote[] {
  // a stable insertion sort: two or three legs, for every arbitrage of every scan
  for (let i = 1; i < legs.length; i++) {
    const leg = legs[i];
    let j = i - 1;
    while (
      j >= 0 &&
      (sideRank(legs[j], first) - sideRank(leg, first) || legs[j].outcome.localeCompare(leg.outcome)) > 0
    ) {
      legs[j + 1] = legs[j];
      j--;
    }
    legs[j + 1] = leg;
  }
  return legs;
}

function sideRank(q: Quote, first: string): number {
  if (q.outcome === first || q.outcome === 'Over') return 0;
  return isDrawOutcome(q.outcome) ? 2 : 1;
}
