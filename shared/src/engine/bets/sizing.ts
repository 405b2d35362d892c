import { apportionCents, roundHalfUpCents } from '../odds/money';

/**
 * Bet sizing (spec 001 §5 bankroll and bet sizing, §9). Money in and out in integer CENTS, half-up to the cent as
 * every amount of money is (DECISIONS 25).
 */

export const RISK_LEVELS = ['conservative', 'moderate', 'aggressive'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const DEFAULT_RISK_LEVEL: RiskLevel = 'moderate';

/** Share of bankroll per bet (fraction) and the Kelly fraction used for auto sizing, by risk level. */
export const RISK_PROFILES: Record<RiskLevel, { baseShare: number; kellyFraction: number }> = {
  conservative: { baseShare: 0.01, kellyFraction: 0.25 },
  moderate: { baseShare: 0.025, kellyFraction: 0.5 },
  aggressive: { baseShare: 0.05, kellyFraction: 0.75 },
};

/** Auto sizing never stakes more than this share of the bankroll. */
export const AUTO_STAKE_CAP_SHARE = 0.1;
export const QUICK_PARLAY_AMOUNTS: readonly number[] = [25, 50, 100, 200];
export const DEFAULT_QUICK_BET_AMOUNT = 25;

export function isRiskLevel(value: unknown): value is RiskLevel {
  return typeof value === 'string' && (RISK_LEVELS as readonly string[]).includes(value);
}

/**
 * Full Kelly stake as a FRACTION of bankroll: f* = (p·O − 1) / (O − 1), p the win probability (fraction),
 * O decimal odds. Negative when the bet has no edge.
 */
export function kellyFraction(probability: number, decimal: number): number {
  if (!(decimal > 1)) throw new RangeError(`Invalid decimal odds: ${decimal}`);
  if (!(probability >= 0 && probability <= 1))
    throw new RangeError(`Probability must be between 0 and 1: ${probability}`);
  return (probability * decimal - 1) / (decimal - 1);
}

/**
 * Auto stake in integer cents: the risk level's Kelly fraction of full Kelly, floored at the level's base share
 * and capped at 10 % of the bankroll (spec 001 §5), half-up to the cent (DECISIONS 25) but never past the cap.
 */
export function recommendedStakeCents(
  bankrollCents: number,
  probability: number,
  decimal: number,
  risk: RiskLevel = DEFAULT_RISK_LEVEL,
): number {
  if (!(bankrollCents > 0)) return 0;
  const { baseShare, kellyFraction: fraction } = RISK_PROFILES[risk];
  const kelly = Math.max(0, kellyFraction(probability, decimal)) * fraction;
  const share = Math.min(AUTO_STAKE_CAP_SHARE, Math.max(baseShare, kelly));
  return autoStakeWithinCap(bankrollCents, share);
}

/**
 * `share` of the bankroll half-up to the cent, and no more than the 10 % cap in whole cents: at the cap, half-up
 * would stake half a cent past it for a bankroll such as $1,000.05 (10 %: 10,000.5 cents).
 */
function autoStakeWithinCap(bankrollCents: number, share: number): number {
  return Math.min(roundHalfUpCents(bankrollCents * share), Math.floor(bankrollCents * AUTO_STAKE_CAP_SHARE + 1e-9));
}

/** The base stake of a risk level (bankroll × share) in cents, used when there is no probability to size on. */
export function baseStakeCents(bankrollCents: number, risk: RiskLevel = DEFAULT_RISK_LEVEL): number {
  return roundHalfUpCents(Math.max(0, bankrollCents) * RISK_PROFILES[risk].baseShare);
}

/** The simultaneous Kelly bet on mutually exclusive outcomes (at most one of them wins). */
export interface MutuallyExclusiveKelly {
  /** Full Kelly FRACTION of bankroll per outcome, in input order; 0 for outcomes outside the optimal set. */
  fractions: number[];
  /** Σ fractions. */
  total: number;
  /** Smoczynski & Tomkins' reserve rate R of the optimal set (1 when nothing is bet). */
  reserveRate: number;
  /** Expected log growth of the bankroll per bet, natural log (a FRACTION: 0.0105 ≈ +1.05 % a bet, compounded). */
  growth: number;
}

/**
 * Kelly for mutually exclusive outcomes bet together, such as two or three legs of one 1X2 market (Smoczynski &
 * Tomkins 2010, "An explicit solution to the problem of optimizing the allocations of a bettor's wealth when
 * wagering on horse races"): with p the win probabilities (FRACTIONS; outcomes not bet on make up 1 − Σp) and O
 * DECIMAL odds, sort by expected revenue p·O; add outcomes while p·O > R, with R = (1 − Σ_S p)/(1 − Σ_S 1/O) of
 * the set so far; then f_i = p_i − R/O_i in the set, 0 outside. It maximises
 * G = Σ p_i·ln(1 − F + f_i·O_i) + (1 − Σp)·ln(1 − F), F = Σ f.
 */
export function kellyMutuallyExclusive(
  probabilities: readonly number[],
  decimals: readonly number[],
): MutuallyExclusiveKelly {
  if (probabilities.length !== decimals.length || probabilities.length === 0)
    throw new RangeError('One probability per decimal price is needed');
  decimals.forEach((d) => {
    if (!(d > 1)) throw new RangeError(`Invalid decimal odds: ${d}`);
  });
  const totalProbability = probabilities.reduce((sum, p) => {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`Probability must be between 0 and 1: ${p}`);
    return sum + p;
  }, 0);
  if (totalProbability > 1 + 1e-9)
    throw new RangeError(`Mutually exclusive outcomes cannot be more than certain: Σp = ${totalProbability}`);
  const order = probabilities
    .map((_, i) => i)
    .sort((a, b) => probabilities[b] * decimals[b] - probabilities[a] * decimals[a]);
  let reserveRate = 1;
  let setProbability = 0;
  let setImplied = 0;
  const chosen: number[] = [];
  for (const k of order) {
    if (!(probabilities[k] * decimals[k] > reserveRate)) break;
    const implied = setImplied + 1 / decimals[k];
    // the whole market bet at better than fair odds: the set may not cover Σ 1/O ≥ 1 (nothing is held back)
    if (implied >= 1) break;
    chosen.push(k);
    setProbability += probabilities[k];
    setImplied = implied;
    reserveRate = (1 - setProbability) / (1 - setImplied);
  }
  const fractions = probabilities.map(() => 0);
  for (const k of chosen) fractions[k] = Math.max(0, probabilities[k] - reserveRate / decimals[k]);
  const total = fractions.reduce((a, b) => a + b, 0);
  const rest = Math.max(0, 1 - totalProbability);
  let growth = rest > 0 ? rest * Math.log(1 - total) : 0;
  probabilities.forEach((p, i) => {
    if (p > 0) growth += p * Math.log(1 - total + fractions[i] * decimals[i]);
  });
  return { fractions, total, reserveRate, growth };
}

/**
 * Auto stakes in integer cents for mutually exclusive legs bet together (the bet slip's legs of one three-way
 * market): the simultaneous Kelly fractions scaled by the risk level's Kelly fraction, the group's total floored at
 * the level's base share and capped at 10 % of the bankroll like a single auto stake (and rounded as it is), shared
 * in proportion to the Kelly fractions in cents that add up to it (apportionCents); legs outside the optimal set get
 * 0. Null when no leg is worth a bet (the caller then sizes each leg on its own).
 */
export function recommendedMutuallyExclusiveStakesCents(
  bankrollCents: number,
  probabilities: readonly number[],
  decimals: readonly number[],
  risk: RiskLevel = DEFAULT_RISK_LEVEL,
): { stakesCents: number[]; kelly: MutuallyExclusiveKelly } | null {
  const kelly = kellyMutuallyExclusive(probabilities, decimals);
  if (!(kelly.total > 0) || !(bankrollCents > 0)) return null;
  const { baseShare, kellyFraction: fraction } = RISK_PROFILES[risk];
  const share = Math.min(AUTO_STAKE_CAP_SHARE, Math.max(baseShare, kelly.total * fraction));
  const groupCents = autoStakeWithinCap(bankrollCents, share);
  const stakesCents = apportionCents(
    kelly.fractions.map((f) => (groupCents * f) / kelly.total),
    groupCents,
  );
  return { stakesCents, kelly };
}
