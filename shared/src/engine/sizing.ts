/**
 * Bet sizing (spec 001 §5 bankroll and bet sizing, §9). Money in and out in integer CENTS.
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
  if (!(probability >= 0 && probability <= 1)) throw new RangeError(`Probability must be between 0 and 1: ${probability}`);
  return (probability * decimal - 1) / (decimal - 1);
}

/**
 * Auto stake in integer cents: the risk level's Kelly fraction of full Kelly, floored at the level's base share
 * and capped at 10 % of the bankroll (spec 001 §5), rounded down to the cent.
 */
export function recommendedStakeCents(bankrollCents: number, probability: number, decimal: number, risk: RiskLevel = DEFAULT_RISK_LEVEL): number {
  if (!(bankrollCents > 0)) return 0;
  const { baseShare, kellyFraction: fraction } = RISK_PROFILES[risk];
  const kelly = Math.max(0, kellyFraction(probability, decimal)) * fraction;
  const share = Math.min(AUTO_STAKE_CAP_SHARE, Math.max(baseShare, kelly));
  return Math.floor(bankrollCents * share + 1e-9);
}

/** The base stake of a risk level (bankroll × share) in cents, used when there is no probability to size on. */
export function baseStakeCents(bankrollCents: number, risk: RiskLevel = DEFAULT_RISK_LEVEL): number {
  return Math.floor(Math.max(0, bankrollCents) * RISK_PROFILES[risk].baseShare + 1e-9);
}
