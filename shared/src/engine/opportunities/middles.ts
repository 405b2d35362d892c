import type { EventHeader } from '../../domain/odds';
import type { MiddleOpportunity } from '../../domain/opportunities';
import { DEFAULT_BANKROLL } from '../../domain/books/sportsbooks';
import { lineKey, type MarketGroup, type Quote } from '../lines/market-lines';
import { apportionCents, payoutCents } from '../odds/money';
import { foundOpportunity, opportunityId, toLeg, type SizedFinderOptions } from './opportunity-legs';

/**
 * Middles (spec 001 §5 middle detection): two bets on the same total or spread at different books whose lines
 * leave a gap where both win. Only games that have not started, only game totals and spreads (period and
 * team totals included; alternate lines left out), never DFS / pick'em apps.
 */
export interface MiddleOptions extends SizedFinderOptions {
  /** Points (spec 001 §9 default 3). */
  minGap?: number;
  /** PERCENT (spec 001 §9 default 15). */
  minProbability?: number;
}

/** Spec 001 §9's defaults (max stake 1000 dollars); the stake is min(max stake, 10 % of bankroll), split 50/50. */
export const MIDDLE_DEFAULTS = { bankroll: DEFAULT_BANKROLL, maxStake: 1000, minGap: 3, minProbability: 15 } as const;

/**
 * Middles are on the game's spreads and totals (main, period and team totals): the per-point probabilities of
 * spec 001 §5 describe game lines, not player props. Alternate lines are left out: they are priced for their
 * line, so pairing them only buys points at a price, where a middle comes from books disagreeing on the line.
 */
export function isGameLineFamily(family: string): boolean {
  return /^(spreads|totals|team_totals)(_|$)/.test(family);
}

/** Rough chance (PERCENT) of landing in the middle: 8 per point capped at 45 for totals, 6 per point capped at 40 for spreads. */
export function middleProbability(kind: 'total' | 'spread', gap: number): number {
  return kind === 'total' ? Math.min(gap * 8, 45) : Math.min(gap * 6, 40);
}

/** Total middle stake in cents: min(max stake, 10 % of bankroll). */
export function middleTotalStakeCents(bankroll: number, maxStake: number): number {
  return Math.max(0, Math.round(Math.min(maxStake, bankroll * 0.1) * 100));
}

export interface MiddleOutcomes {
  stakesCents: [number, number];
  /** Σ of the rounded stakes. */
  totalCents: number;
  /** Both legs win: Σ payouts − total stake, cents. */
  bestCaseCents: number;
  /** One leg wins and the other loses, the worse way round: min payout − total stake, cents. */
  worstCaseCents: number;
}

/**
 * The 50/50 split of a middle in cents that add up to the total (apportionCents, DECISIONS 25: an odd cent goes to the
 * first leg), and its best and worst case with payouts as the books pay them: $100 + $100 at −110 is +$181.82 if both
 * win, −$9.09 if one loses.
 */
export function middleOutcomes(decimals: readonly [number, number], totalCents: number): MiddleOutcomes {
  const [low, high] = apportionCents([totalCents / 2, totalCents / 2], totalCents);
  const stakesCents: [number, number] = [low, high];
  const staked = low + high;
  const payouts = stakesCents.map((s, i) => payoutCents(s, decimals[i]));
  return {
    stakesCents,
    totalCents: staked,
    bestCaseCents: payouts[0] + payouts[1] - staked,
    worstCaseCents: Math.min(payouts[0], payouts[1]) - staked,
  };
}

export type LegResult = 'win' | 'push' | 'lose';

/** One row of a middle's outcome table: how each leg ends and the net, for the integer results it covers. */
export interface MiddleOutcomeRow {
  /** [low leg, high leg] (the Over / the reference side first). */
  legs: [LegResult, LegResult];
  /** Payouts and returned stakes − total stake, integer cents. */
  netCents: number;
  /** The whole-number results (total, or the reference side's margin) it covers; null: unbounded that way. */
  from: number | null;
  to: number | null;
}

/**
 * Every way a middle can end on a whole-number result, in order of the result: the low leg (Over X, or the
 * reference side, winning above `low`) loses below `low` and pushes on it when `low` is a whole number; both win
 * strictly inside; the high leg (Under Y, or the other side, winning below `high`) pushes on `high` and loses above
 * it. A push returns its stake. Rows no whole-number result reaches are left out (a half-point gap has no "both win").
 */
export function middleOutcomeTable(
  range: { low: number; high: number },
  decimals: readonly [number, number],
  stakesCents: readonly [number, number],
): MiddleOutcomeRow[] {
  const { low, high } = range;
  if (!(high > low)) throw new RangeError(`A middle needs high > low: ${low}, ${high}`);
  const staked = stakesCents[0] + stakesCents[1];
  const returned = (result: LegResult, i: 0 | 1) =>
    result === 'win' ? payoutCents(stakesCents[i], decimals[i]) : result === 'push' ? stakesCents[i] : 0;
  const row = (legs: [LegResult, LegResult], from: number | null, to: number | null): MiddleOutcomeRow => ({
    legs,
    netCents: returned(legs[0], 0) + returned(legs[1], 1) - staked,
    from,
    to,
  });
  const isWhole = (x: number) => Math.abs(x - Math.round(x)) < 1e-9;
  const rows: MiddleOutcomeRow[] = [row(['lose', 'win'], null, Math.ceil(low - 1e-9) - 1)];
  if (isWhole(low)) rows.push(row(['push', 'win'], Math.round(low), Math.round(low)));
  const insideFrom = Math.floor(low + 1e-9) + 1;
  const insideTo = Math.ceil(high - 1e-9) - 1;
  if (insideFrom <= insideTo) rows.push(row(['win', 'win'], insideFrom, insideTo));
  if (isWhole(high)) rows.push(row(['win', 'push'], Math.round(high), Math.round(high)));
  rows.push(row(['win', 'lose'], Math.floor(high + 1e-9) + 1, null));
  return rows;
}

/** MiddleOptions with their defaults applied, resolved once per scan. */
export interface MiddleSettings {
  minGap: number;
  minProbability: number;
  totalCents: number;
}

export function middleSettings(options: MiddleOptions = {}): MiddleSettings {
  return {
    minGap: options.minGap ?? MIDDLE_DEFAULTS.minGap,
    minProbability: options.minProbability ?? MIDDLE_DEFAULTS.minProbability,
    totalCents: middleTotalStakeCents(
      options.bankroll ?? MIDDLE_DEFAULTS.bankroll,
      options.maxStake ?? MIDDLE_DEFAULTS.maxStake,
    ),
  };
}

/**
 * Where both legs win, from the points of the low and the high leg. Totals: Over X and Under Y win together
 * for X < total < Y. Spreads (lines seen from the reference side): the reference side at +a and the other
 * side at +b (line −b) win together for −a < margin < b. The gap is rounded to the hundredth of a point.
 */
export function middleRange(
  kind: 'total' | 'spread',
  lowPoint: number,
  highPoint: number,
): { low: number; high: number; gap: number } {
  const low = kind === 'total' ? lowPoint : -lowPoint;
  return { low, high: highPoint, gap: Math.round((highPoint - low) * 100) / 100 };
}

/** Does a gap pass the minimum gap and its probability the minimum probability? */
export function middlePasses(kind: 'total' | 'spread', gap: number, settings: MiddleSettings): boolean {
  return gap >= settings.minGap - 1e-9 && !(middleProbability(kind, gap) < settings.minProbability);
}

/** The middle of a pair of legs (low leg first), or null when its gap or probability is below the minimum. */
export function buildMiddle(
  event: EventHeader,
  now: number,
  group: Pick<MarketGroup, 'family' | 'description' | 'kind'>,
  [lowLeg, highLeg]: [Quote, Quote],
  settings: MiddleSettings,
): MiddleOpportunity | null {
  const kind = group.kind as 'total' | 'spread';
  const { low, high, gap } = middleRange(kind, lowLeg.point!, highLeg.point!);
  if (!middlePasses(kind, gap, settings)) return null;
  const probability = middleProbability(kind, gap);
  const { totalCents } = settings;
  // an exchange's leg pays net of its commission (commission.ts)
  const outcomes = middleOutcomes([lowLeg.effective, highLeg.effective], totalCents);
  const legs = [lowLeg, highLeg];
  return foundOpportunity<MiddleOpportunity>(
    {
      id: opportunityId(
        `mid:${event.id}:${group.family}:${group.description ?? ''}:${lineKey(lowLeg.line)}:${lineKey(highLeg.line)}`,
        legs,
      ),
      type: 'middle',
      gap,
      middleRange: { low, high },
      probability,
      totalStake: outcomes.totalCents / 100,
      maxProfit: outcomes.bestCaseCents / 100,
      worstCase: outcomes.worstCaseCents / 100,
      legs: legs.map((q, i) => toLeg(q, outcomes.stakesCents[i], now)),
    },
    event,
    group,
    legs,
    false,
    now,
  );
}
