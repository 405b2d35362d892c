import { effectiveDecimal } from '../odds/commission';
import { bookHold, bookOverround, devig, type DevigFailure, type DevigMethod, type DevigOptions } from '../odds/devig';
import { americanToDecimal, decimalToAmericanRounded, isValidAmerican } from '../odds/odds-format';
import { evPercent } from '../odds/fair-probability';
import { evShown } from './bet-slip';
import { kellyFraction, recommendedStakeCents, type RiskLevel } from './sizing';

/**
 * The edge calculator modal (spec 001 §5): bookmaker odds and fair odds, both AMERICAN, are required; bet amount
 * defaults to 100 and bankroll to 1000 when blank (the modal passes the user's saved bankroll for a blank one). Edge
 * is EV in PERCENT: fair probability × decimal − 1, the decimal an exchange's net of its commission.
 */
export const EDGE_CALCULATOR_DEFAULTS = { betAmount: 100, bankroll: 1000 } as const;

export type EdgeBand = 'excellent' | 'good' | 'marginal' | 'small' | 'negative';

/**
 * Recommendation band of an edge in PERCENT: > 5 excellent, > 3 good, > 1 marginal, > 0 small, else negative. Graded
 * on the figure as shown, two decimals (evShown, as evTone colours it): +110 against an even fair line is
 * 5.000000000000004 in floating point, shown "5.00%", which is good, not excellent.
 */
export function edgeBand(edgePct: number): EdgeBand {
  const shown = evShown(edgePct);
  if (shown > 5) return 'excellent';
  if (shown > 3) return 'good';
  if (shown > 1) return 'marginal';
  if (shown > 0) return 'small';
  return 'negative';
}

export interface EdgeCalculation {
  /** PERCENT. */
  edgePct: number;
  band: EdgeBand;
  /** Fair win probability, fraction (1 / fair decimal odds). */
  fairProbability: number;
  /** Expected profit of the bet amount in dollars (bet × edge), rounded to the cent. */
  expectedProfit: number;
  /** Full Kelly stake as a fraction of bankroll (negative: no bet). */
  kellyFraction: number;
  /** Recommended stake in dollars for the risk level; 0 (no bet) when the edge is not positive. */
  recommendedStake: number;
}

export type EdgeInput = {
  bookOdds: number | null;
  fairOdds: number | null;
  betAmount?: number | null;
  bankroll?: number | null;
  risk?: RiskLevel;
  /**
   * The unrounded numbers behind odds prefilled from a bet (its decimal odds, its fair probability), used while the
   * field still shows them: the whole American numbers shown lose enough to move the edge (+5.76 % here
   * against the card's 5.88 % for the same bet).
   */
  exact?: { decimal?: number; fairProbability?: number };
  /**
   * The book's commission on net winnings (FRACTION; absent or 0 at a book): the bookmaker odds are an exchange's
   * quoted price, and the edge, band and Kelly are those of what it pays net of the commission, as the +EV rows give
   * them.
   */
  commission?: number;
};

/** Null when either odds is missing or not a valid American price (the modal then asks for both). */
export function calculateEdge(input: EdgeInput): EdgeCalculation | null {
  const { bookOdds, fairOdds } = input;
  if (bookOdds === null || fairOdds === null || !isValidAmerican(bookOdds) || !isValidAmerican(fairOdds)) return null;
  const betAmount = input.betAmount ?? EDGE_CALCULATOR_DEFAULTS.betAmount;
  const bankroll = input.bankroll ?? EDGE_CALCULATOR_DEFAULTS.bankroll;
  // what the bet pays: an exchange's price net of its commission (commission.ts)
  const decimal = effectiveDecimal(input.exact?.decimal ?? americanToDecimal(bookOdds), input.commission ?? 0);
  const fairProbability = input.exact?.fairProbability ?? 1 / americanToDecimal(fairOdds);
  // The one EV rule (DECISIONS 10), as the +EV rows and the recommendation cards compute it.
  const edgePct = evPercent(fairProbability, decimal);
  return {
    edgePct,
    band: edgeBand(edgePct),
    fairProbability,
    expectedProfit: Math.round(betAmount * edgePct) / 100,
    kellyFraction: kellyFraction(fairProbability, decimal),
    // A bet with no edge has no stake to recommend: the sizing's base share is for bets worth making.
    recommendedStake:
      edgePct > 0 ? recommendedStakeCents(Math.round(bankroll * 100), fairProbability, decimal, input.risk) / 100 : 0,
  };
}

/** Fair odds of the first outcome of one book's market, de-vigged (the edge calculator's "fair odds from a market"). */
export type MarketFairOdds =
  | {
      ok: true;
      /** Fair probability of the first outcome, FRACTION. */
      fairProbability: number;
      /** Its fair odds, American, rounded to the whole number shown. */
      fairAmerican: number;
      /** FRACTIONS: 1 − 1/Σ implied, and Σ implied − 1. */
      hold: number;
      overround: number;
    }
  | { ok: false; reason: DevigFailure };

/**
 * The fair odds of a market's first outcome by a de-vig method (the method is selectable in the edge
 * calculator too): every outcome's AMERICAN odds in, the first being the bet's.
 */
export function fairOddsFromMarket(
  americanOdds: readonly (number | null)[],
  method: DevigMethod,
  options: DevigOptions = {},
): MarketFairOdds {
  if (americanOdds.length < 2 || americanOdds.some((a) => a === null || !isValidAmerican(a)))
    return { ok: false, reason: 'invalid_odds' };
  const decimals = americanOdds.map((a) => americanToDecimal(a!));
  const result = devig(decimals, method, options);
  if (!result.ok) return { ok: false, reason: result.reason };
  const fairProbability = result.probabilities[0];
  return {
    ok: true,
    fairProbability,
    fairAmerican: decimalToAmericanRounded(1 / fairProbability),
    hold: bookHold(decimals),
    overround: bookOverround(decimals),
  };
}
