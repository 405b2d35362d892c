import { formatMoney, payoutCents } from '../odds/money';

/**
 * Bet slip validation (spec 001 §5 bankroll and bet sizing). Messages are the spec's, verbatim. Money in
 * integer CENTS; edges in PERCENT. DECISIONS 26: warnings inform and only errors block; placing with a warning
 * takes one confirmation ("Place anyway"), and the legs of an executed arbitrage or middle are judged as one position.
 */

export const MIN_BET_CENTS = 100;
export const SINGLE_MAX_SHARE = 0.2;
export const LOW_EDGE_STAKE_SHARE = 0.02;
/** Edge in PERCENT below which a large stake is warned about. */
export const LOW_EDGE_PCT = 2;
export const TOTAL_EXPOSURE_SHARE = 0.5;
export const PARLAY_MAX_SHARE = 0.1;
export const PARLAY_MAX_LEGS = 10;

export const BET_SLIP_MESSAGES = {
  minimumBet: 'Minimum bet is $1',
  lowEdge: 'Large bet on low edge - consider reducing',
  negativeEdge: 'This bet has negative expected value',
  totalExposure: 'Total exposure exceeds 50% of bankroll',
  minimumParlay: 'Minimum parlay bet is $1',
  maxLegs: 'Maximum 10 legs allowed in parlay',
  correlated: 'Warning: Correlated bets detected (same game)',
} as const;

/** "Exceeds 20% of bankroll ($2,000.00)": spec 001 §5's words, the cap as every amount is shown (formatMoney). */
export const exceedsSingleCap = (capCents: number) => `Exceeds 20% of bankroll (${formatMoney(capCents)})`;
export const exceedsParlayCap = (capCents: number) => `Parlay bet exceeds 10% of bankroll (${formatMoney(capCents)})`;

export interface SlipValidation {
  errors: string[];
  warnings: string[];
  /** Placing is blocked by an error only; with warnings it needs one confirmation (DECISIONS 26). */
  canPlace: boolean;
}

export interface SlipBet {
  /** Stake in cents. */
  stakeCents: number;
  /** Edge (EV) in PERCENT, when known. */
  edgePct?: number;
  /** Identifies the game (event id, or the matchup text): two legs on one game are correlated. */
  gameKey: string;
  /** Legs sharing this key are one hedged position (an executed arbitrage or middle, DECISIONS 26). */
  hedge?: string;
  /** Decimal odds: needed for a hedged leg, whose position is judged on its worst case. */
  decimal?: number;
}

/** A hedged position's figures: what is staked, and what it returns at worst (one leg wins, the others lose). */
export interface HedgedPosition {
  stakeCents: number;
  /** Worst-case result in cents: positive is a locked profit (an arbitrage), negative a possible loss. */
  worstCaseCents: number;
}

/** The position of hedged legs where, at worst, exactly one leg wins (an arbitrage, a middle outside its range). */
export function hedgedPosition(legs: readonly Pick<SlipBet, 'stakeCents' | 'decimal'>[]): HedgedPosition {
  const stakeCents = legs.reduce((sum, leg) => sum + leg.stakeCents, 0);
  const worstPayout = Math.min(...legs.map((leg) => payoutCents(leg.stakeCents, leg.decimal ?? 1)));
  return { stakeCents, worstCaseCents: worstPayout - stakeCents };
}

/**
 * A bet whose edge, as the slip shows it (two decimals), is below zero: it loses money on average, so the slip says
 * so at any stake (beside a large stake's low-edge warning), and auto sizing gives it no stake (Kelly bets nothing
 * on it).
 */
export function hasNegativeEdge(edgePct: number | null | undefined): boolean {
  return edgePct !== null && edgePct !== undefined && evShown(edgePct) < 0;
}

const result = (errors: string[], warnings: string[], placeable: boolean): SlipValidation => ({
  errors,
  warnings,
  canPlace: placeable && errors.length === 0,
});

/**
 * Single bets: each at least $1, at most 20 % of bankroll; a negative edge warns as such at any stake, and > 2 % on an
 * edge under 2 (a negative one included, spec 001 §5) warns as a low edge; total over 50 % warns
 * (DECISIONS 26: the exposure warning asks for a confirmation). A hedged position (two or more legs of one `hedge`)
 * puts at risk only its worst-case loss: the caps and the low-edge rule judge that amount and the position's edge
 * (worst case over its stake), not each leg, so an arbitrage's locked profit is never "a large bet on low edge".
 */
export function validateSingles(bets: readonly SlipBet[], bankrollCents: number): SlipValidation {
  const errors = new Set<string>();
  const warnings = new Set<string>();
  const capCents = Math.round(bankrollCents * SINGLE_MAX_SHARE);
  const positions = new Map<string, SlipBet[]>();
  // `single`: one bet's own edge, not a hedged position's worst case over its stake (a middle's is negative by design)
  const exposures: Array<{ atRiskCents: number; edgePct: number; single: boolean }> = [];
  let totalCents = 0;
  for (const bet of bets) {
    totalCents += bet.stakeCents;
    if (bet.stakeCents < MIN_BET_CENTS) errors.add(BET_SLIP_MESSAGES.minimumBet);
    if (bet.hedge) positions.set(bet.hedge, [...(positions.get(bet.hedge) ?? []), bet]);
    else exposures.push({ atRiskCents: bet.stakeCents, edgePct: bet.edgePct ?? 0, single: true });
  }
  for (const legs of positions.values()) {
    if (legs.length < 2) {
      exposures.push({ atRiskCents: legs[0].stakeCents, edgePct: legs[0].edgePct ?? 0, single: true });
      continue;
    }
    const position = hedgedPosition(legs);
    const edgePct = position.stakeCents > 0 ? (position.worstCaseCents / position.stakeCents) * 100 : 0;
    exposures.push({ atRiskCents: Math.max(0, -position.worstCaseCents), edgePct, single: false });
  }
  let atRiskCents = 0;
  for (const exposure of exposures) {
    atRiskCents += exposure.atRiskCents;
    if (exposure.atRiskCents > capCents) errors.add(exceedsSingleCap(capCents));
    if (exposure.single && hasNegativeEdge(exposure.edgePct)) warnings.add(BET_SLIP_MESSAGES.negativeEdge);
    if (exposure.atRiskCents > bankrollCents * LOW_EDGE_STAKE_SHARE && exposure.edgePct < LOW_EDGE_PCT)
      warnings.add(BET_SLIP_MESSAGES.lowEdge);
  }
  if (atRiskCents > bankrollCents * TOTAL_EXPOSURE_SHARE) warnings.add(BET_SLIP_MESSAGES.totalExposure);
  // spec 001 §5: the place button is disabled when the total stake is 0
  return result([...errors], [...warnings], totalCents > 0);
}

/** Correlated legs: two or more legs on the same game. */
export function hasCorrelatedLegs(legs: readonly Pick<SlipBet, 'gameKey'>[]): boolean {
  return new Set(legs.map((l) => l.gameKey)).size < legs.length;
}

/** A parlay: at least $1, at most 10 % of bankroll, at most 10 legs; legs on the same game warn. */
export function validateParlay(
  legs: readonly Pick<SlipBet, 'gameKey'>[],
  stakeCents: number,
  bankrollCents: number,
): SlipValidation {
  const errors: string[] = [];
  const warnings: string[] = [];
  const capCents = Math.round(bankrollCents * PARLAY_MAX_SHARE);
  if (stakeCents < MIN_BET_CENTS) errors.push(BET_SLIP_MESSAGES.minimumParlay);
  if (stakeCents > capCents) errors.push(exceedsParlayCap(capCents));
  if (legs.length > PARLAY_MAX_LEGS) errors.push(BET_SLIP_MESSAGES.maxLegs);
  if (hasCorrelatedLegs(legs)) warnings.push(BET_SLIP_MESSAGES.correlated);
  // spec 001 §4: parlay mode needs 2 or more bets; §5: disabled when the parlay has no amount
  return result(errors, warnings, stakeCents > 0 && legs.length >= 2);
}

/** An EV in percent as it is shown, two decimals; −0.004 shows as 0, never as "−0.00". */
export const evShown = (evPct: number) => Math.round(evPct * 100) / 100 || 0;

/** An EV figure as the odds tables print it: "+1.68%", "0.00%", "-1.11%" — the same figure evTone colours. */
export const formatEvPct = (evPct: number) => {
  const shown = evShown(evPct);
  return `${shown > 0 ? '+' : ''}${shown.toFixed(2)}%`;
};

/**
 * Colour of an EV figure in the odds tables, recommendations and the bet slip's edge badge: its sign first,
 * so a positive EV never looks like a negative one (the slip's old ≥ 5 / ≥ 2 / else-danger grading painted +1.5 %
 * red); spec 001 §5's thresholds only grade the positive side. Judged on the figure as shown
 * (two decimals), so "+0.00%" and "0.00%" are neutral. EV in PERCENT.
 */
export type EvTone = 'strong' | 'good' | 'slight' | 'neutral' | 'negative';
export function evTone(evPct: number): EvTone {
  const shown = evShown(evPct);
  if (shown < 0) return 'negative';
  if (shown === 0) return 'neutral';
  return shown >= 5 ? 'strong' : shown >= 2 ? 'good' : 'slight';
}
