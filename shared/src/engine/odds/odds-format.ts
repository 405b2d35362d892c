/**
 * Odds formats (spec 001 §2 odds format toggle, §5 implied probability).
 * The engine works in DECIMAL odds (stake-inclusive, > 1). American odds are the display default;
 * fractional odds are reduced fractions of the net win (decimal − 1).
 */

export type OddsFormat = 'american' | 'decimal';

/** A reduced fraction of the net win per unit staked, e.g. 10/11 for American −110. */
export interface Fraction {
  numerator: number;
  denominator: number;
}

/** American odds are valid at ≤ −100 or ≥ +100; (−100, +100) exclusive is not a price. */
export function isValidAmerican(american: number): boolean {
  return Number.isFinite(american) && (american >= 100 || american <= -100);
}

/** Decimal odds are valid above 1: a price of 1 pays nothing and implies a probability of 1. */
export function isValidDecimal(decimal: number): boolean {
  return Number.isFinite(decimal) && decimal > 1;
}

/** American → decimal, unrounded. Throws on an invalid American price (callers filter first). */
export function americanToDecimal(american: number): number {
  if (!isValidAmerican(american)) throw new RangeError(`Invalid American odds: ${american}`);
  return american > 0 ? 1 + american / 100 : 1 + 100 / -american;
}

/** Decimal → American, unrounded (+150, −110.5…); 2.0 gives +100. */
export function decimalToAmerican(decimal: number): number {
  if (!isValidDecimal(decimal)) throw new RangeError(`Invalid decimal odds: ${decimal}`);
  return decimal >= 2 ? (decimal - 1) * 100 : -100 / (decimal - 1);
}

/** Decimal → American rounded to the whole number shown to users (never inside (−100, +100)). */
export function decimalToAmericanRounded(decimal: number): number {
  const american = Math.round(decimalToAmerican(decimal));
  if (american > -100 && american < 100) return american < 0 ? -100 : 100;
  return american;
}

/** "+150" / "-110": the display string of American odds. */
export function formatAmerican(decimal: number): string {
  const american = decimalToAmericanRounded(decimal);
  return american > 0 ? `+${american}` : `${american}`;
}

function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x;
}

/**
 * Decimal → reduced fractional odds. Uses the best rational approximation (continued fractions) with a
 * denominator up to `maxDenominator`, so −110 (1.90909…) gives exactly 10/11 and 2.5 gives 3/2.
 */
export function decimalToFractional(decimal: number, maxDenominator = 1000): Fraction {
  if (!isValidDecimal(decimal)) throw new RangeError(`Invalid decimal odds: ${decimal}`);
  const target = decimal - 1;
  let [h0, h1, k0, k1] = [0, 1, 1, 0];
  let x = target;
  for (let i = 0; i < 64; i++) {
    const a = Math.floor(x);
    const h2 = a * h1 + h0;
    const k2 = a * k1 + k0;
    if (k2 > maxDenominator) break;
    [h0, h1, k0, k1] = [h1, h2, k1, k2];
    const rest = x - a;
    if (Math.abs(h1 / k1 - target) < 1e-12 || rest < 1e-12) break;
    x = 1 / rest;
  }
  const divisor = gcd(h1, k1) || 1;
  return { numerator: h1 / divisor, denominator: k1 / divisor };
}

export function fractionalToDecimal(fraction: Fraction): number {
  const { numerator, denominator } = fraction;
  if (!(numerator > 0) || !(denominator > 0))
    throw new RangeError(`Invalid fractional odds: ${numerator}/${denominator}`);
  return 1 + numerator / denominator;
}

/**
 * The fractions books quote (the UK ladder), shortest price first: a price is shown as the nearest of them, as a
 * bettor reads fractional odds (735/701 is exact but unreadable). 6/4 and 4/6 stay as books write them.
 */
// prettier-ignore
const CONVENTIONAL_FRACTIONS: ReadonlyArray<readonly [number, number]> = [
  [1, 100], [1, 66], [1, 50], [1, 40], [1, 33], [1, 25], [1, 20], [1, 16], [1, 14], [1, 12], [1, 10], [1, 9], [1, 8], [1, 7],
  [1, 6], [1, 5], [2, 9], [1, 4], [2, 7], [3, 10], [1, 3], [4, 11], [2, 5], [4, 9], [1, 2], [8, 15], [4, 7], [8, 13],
  [4, 6], [8, 11], [4, 5], [5, 6], [10, 11], [1, 1], [11, 10], [6, 5], [5, 4], [11, 8], [6, 4], [13, 8], [7, 4], [15, 8],
  [2, 1], [85, 40], [9, 4], [12, 5], [5, 2], [11, 4], [3, 1], [100, 30], [7, 2], [4, 1], [9, 2], [5, 1], [11, 2], [6, 1],
  [13, 2], [7, 1], [15, 2], [8, 1], [17, 2], [9, 1], [10, 1], [11, 1], [12, 1], [14, 1], [16, 1], [18, 1], [20, 1], [22, 1],
  [25, 1], [28, 1], [33, 1], [40, 1], [50, 1], [66, 1], [80, 1], [100, 1], [125, 1], [150, 1], [200, 1], [250, 1], [500, 1], [1000, 1],
];

/** The conventional fraction nearest to decimal odds in implied probability (what the price says about the chance). */
export function conventionalFraction(decimal: number): Fraction {
  if (!isValidDecimal(decimal)) throw new RangeError(`Invalid decimal odds: ${decimal}`);
  let best = CONVENTIONAL_FRACTIONS[0];
  let bestGap = Infinity;
  for (const fraction of CONVENTIONAL_FRACTIONS) {
    const gap = Math.abs(fraction[1] / (fraction[0] + fraction[1]) - 1 / decimal);
    if (gap < bestGap - 1e-12) [best, bestGap] = [fraction, gap];
  }
  return { numerator: best[0], denominator: best[1] };
}

/** Fractional odds as shown: the nearest conventional fraction (the exact reduced one is `decimalToFractional`). */
export function formatFractional(decimal: number): string {
  const { numerator, denominator } = conventionalFraction(decimal);
  return `${numerator}/${denominator}`;
}

/**
 * Implied probability (a fraction) of decimal odds: 1 / decimal. Returns null unless the result is strictly
 * between 0 and 1 (spec 001 §5): a price of 0, 1 or below, or a non-number is ignored, never a NaN.
 */
export function impliedProbability(decimal: number): number | null {
  if (!Number.isFinite(decimal) || decimal === 0) return null;
  const probability = 1 / decimal;
  return probability > 0 && probability < 1 ? probability : null;
}

/** Implied probability (fraction) of American odds; null for 0 or a price inside (−100, +100). */
export function impliedProbabilityFromAmerican(american: number): number | null {
  return isValidAmerican(american) ? impliedProbability(americanToDecimal(american)) : null;
}

/** Fair probability (fraction, strictly between 0 and 1) → fair decimal odds. */
export function probabilityToDecimal(probability: number): number {
  if (!(probability > 0 && probability < 1))
    throw new RangeError(`Probability must be strictly between 0 and 1: ${probability}`);
  return 1 / probability;
}

export function probabilityToAmerican(probability: number): number {
  return decimalToAmerican(probabilityToDecimal(probability));
}

/** Parlay (accumulator) decimal odds: the product of every leg's decimal odds. */
export function parlayDecimal(legs: readonly number[]): number {
  if (legs.length === 0) throw new RangeError('A parlay needs at least one leg');
  return legs.reduce((product, decimal) => {
    if (!isValidDecimal(decimal)) throw new RangeError(`Invalid decimal odds: ${decimal}`);
    return product * decimal;
  }, 1);
}

/** Parlay odds from American legs, as unrounded American odds. */
export function parlayAmerican(legs: readonly number[]): number {
  return decimalToAmerican(parlayDecimal(legs.map(americanToDecimal)));
}

/**
 * Which format a list of raw prices is in. Any negative price, or prices all at ±100 or beyond, mean
 * American; any price strictly between 1 and 100 means decimal (no American price lies there). Zeros are
 * ignored. Null when the list says nothing (empty or only zeros).
 */
export function detectOddsFormat(prices: Iterable<number>): OddsFormat | null {
  let sawAmericanOnly = false;
  for (const price of prices) {
    if (!Number.isFinite(price) || price === 0) continue;
    if (price < 0) return 'american';
    if (price < 100) return 'decimal';
    sawAmericanOnly = true;
  }
  return sawAmericanOnly ? 'american' : null;
}

/** A raw price in the given format → decimal odds, or null when it is not a valid price. */
export function toDecimal(price: number, format: OddsFormat): number | null {
  if (format === 'american') return isValidAmerican(price) ? americanToDecimal(price) : null;
  return isValidDecimal(price) ? price : null;
}
