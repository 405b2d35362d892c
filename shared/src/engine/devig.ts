/**
 * De-vigging: one book's complete market (n ≥ 2 mutually exclusive outcomes, DECIMAL odds) → fair
 * probabilities (fractions summing to 1). DECISIONS 10: multiplicative is the default; additive, power, Shin,
 * odds ratio and worst case are offered.
 *
 * Every method answers a result object, never a NaN or an exception for market data: an underround market
 * (inverse odds summing to less than 1), an additive result with a negative probability, or a solver that
 * did not converge is reported as such.
 */

export const DEVIG_METHODS = ['multiplicative', 'additive', 'power', 'shin', 'odds_ratio', 'worst_case'] as const;
export type DevigMethod = (typeof DEVIG_METHODS)[number];
export const DEFAULT_DEVIG_METHOD: DevigMethod = 'multiplicative';

export function isDevigMethod(value: unknown): value is DevigMethod {
  return typeof value === 'string' && (DEVIG_METHODS as readonly string[]).includes(value);
}

export type DevigFailure =
  /** Fewer than 2 outcomes, or a price that is not decimal odds above 1. */
  | 'invalid_odds'
  /** Σ 1/decimal < 1: the book is offering an arbitrage against itself (usually a stale price). */
  | 'underround'
  /** Additive only: the equal share of the margin is larger than an outcome's implied probability. */
  | 'negative_probability'
  /** An iterative solver did not reach its tolerance within its iteration budget. */
  | 'no_convergence';

export type DevigResult =
  | {
      ok: true;
      method: DevigMethod;
      /** Fair probabilities, fractions, in the order of the input odds. */
      probabilities: number[];
      /** Σ 1/decimal − 1, fraction (0.05 = 5 % margin). */
      margin: number;
      /** The method's fitted parameter: power exponent k, Shin z, odds ratio c; absent otherwise. */
      parameter?: number;
      iterations?: number;
    }
  | { ok: false; method: DevigMethod; reason: DevigFailure; margin: number };

const SOLVER_TOLERANCE = 1e-12;
const SOLVER_MAX_ITERATIONS = 200;

/** Σ 1/decimal − 1 for a complete market: the bookmaker's margin (overround) as a fraction. */
export function bookMargin(decimals: readonly number[]): number {
  return decimals.reduce((sum, d) => sum + 1 / d, 0) - 1;
}

export function devig(decimals: readonly number[], method: DevigMethod = DEFAULT_DEVIG_METHOD): DevigResult {
  if (decimals.length < 2 || decimals.some((d) => !(Number.isFinite(d) && d > 1))) {
    return { ok: false, method, reason: 'invalid_odds', margin: NaN };
  }
  const inverse = decimals.map((d) => 1 / d);
  const booksum = inverse.reduce((a, b) => a + b, 0);
  const margin = booksum - 1;
  if (margin < -1e-12) return { ok: false, method, reason: 'underround', margin };
  switch (method) {
    case 'multiplicative':
      return { ok: true, method, probabilities: inverse.map((r) => r / booksum), margin };
    case 'additive':
      return additive(inverse, margin);
    case 'power':
      return power(inverse, margin);
    case 'shin':
      return shin(inverse, booksum, margin);
    case 'odds_ratio':
      return oddsRatio(inverse, margin);
    case 'worst_case':
      return worstCase(decimals, margin);
  }
}

/** p_i = r_i − margin / n (Clarke, Kovalchik & Ingram 2017). */
function additive(inverse: number[], margin: number): DevigResult {
  const share = margin / inverse.length;
  const probabilities = inverse.map((r) => r - share);
  if (probabilities.some((p) => p <= 0)) return { ok: false, method: 'additive', reason: 'negative_probability', margin };
  return { ok: true, method: 'additive', probabilities, margin };
}

/**
 * Bisection for an increasing or decreasing f on [lo, hi] with a sign change; null when it does not converge.
 * Robust for every monotone method here; Newton is not needed at these sizes.
 */
function bisect(f: (x: number) => number, lo: number, hi: number): { x: number; iterations: number } | null {
  let fLo = f(lo);
  if (fLo === 0) return { x: lo, iterations: 0 };
  const fHi = f(hi);
  if (fHi === 0) return { x: hi, iterations: 0 };
  if (Math.sign(fLo) === Math.sign(fHi)) return null;
  for (let i = 1; i <= SOLVER_MAX_ITERATIONS; i++) {
    const mid = (lo + hi) / 2;
    const fMid = f(mid);
    if (Math.abs(fMid) < SOLVER_TOLERANCE || (hi - lo) / 2 < SOLVER_TOLERANCE) return { x: mid, iterations: i };
    if (Math.sign(fMid) === Math.sign(fLo)) {
      lo = mid;
      fLo = fMid;
    } else {
      hi = mid;
    }
  }
  return null;
}

/** p_i = r_i^k with k ≥ 1 such that Σ p_i = 1 (the "power" or logarithmic method, Buchdahl; `implied` 'power'). */
function power(inverse: number[], margin: number): DevigResult {
  if (margin <= 0) return { ok: true, method: 'power', probabilities: [...inverse], margin, parameter: 1 };
  const sumAt = (k: number) => inverse.reduce((s, r) => s + r ** k, 0) - 1;
  let hi = 2;
  while (sumAt(hi) > 0 && hi < 1e6) hi *= 2;
  const solved = bisect(sumAt, 1, hi);
  if (!solved) return { ok: false, method: 'power', reason: 'no_convergence', margin };
  const probabilities = inverse.map((r) => r ** solved.x);
  return { ok: true, method: 'power', probabilities: normalise(probabilities), margin, parameter: solved.x, iterations: solved.iterations };
}

/**
 * Shin (1992, 1993): p_i = (√(z² + 4(1−z)·r_i²/Σr) − z) / (2(1−z)). With two outcomes z has a closed form
 * (Štrumbelj 2014, as in mberk/shin); with more it is solved for Σ p_i = 1 by bisection, checked for
 * convergence (the fixed-point iteration of Jullien & Salanié crawls when the outcomes are near-even).
 */
function shin(inverse: number[], booksum: number, margin: number): DevigResult {
  const n = inverse.length;
  const probabilitiesAt = (z: number) => inverse.map((r) => (Math.sqrt(z * z + (4 * (1 - z) * r * r) / booksum) - z) / (2 * (1 - z)));
  if (margin <= 0) return { ok: true, method: 'shin', probabilities: [...inverse], margin, parameter: 0 };
  if (n === 2) {
    const diff = inverse[0] - inverse[1];
    const z = ((booksum - 1) * (diff * diff - booksum)) / (booksum * (diff * diff - 1));
    return { ok: true, method: 'shin', probabilities: normalise(probabilitiesAt(z)), margin, parameter: z, iterations: 0 };
  }
  // Σ p_i(z) falls from √Σr > 1 at z = 0 to Σr²/Σr < 1 as z → 1: one root, found by bisection
  const solved = bisect((z) => probabilitiesAt(z).reduce((a, b) => a + b, 0) - 1, 0, 1 - 1e-9);
  if (solved) {
    return { ok: true, method: 'shin', probabilities: normalise(probabilitiesAt(solved.x)), margin, parameter: solved.x, iterations: solved.iterations };
  }
  return { ok: false, method: 'shin', reason: 'no_convergence', margin };
}

/** Odds ratio (Cheung 2015): r_i = c·p_i / (1 − p_i + c·p_i), so p_i = r_i / (c + r_i − c·r_i), c ≥ 1 with Σ p_i = 1. */
function oddsRatio(inverse: number[], margin: number): DevigResult {
  const probabilitiesAt = (c: number) => inverse.map((r) => r / (c + r - c * r));
  if (margin <= 0) return { ok: true, method: 'odds_ratio', probabilities: [...inverse], margin, parameter: 1 };
  const sumAt = (c: number) => probabilitiesAt(c).reduce((a, b) => a + b, 0) - 1;
  let hi = 2;
  while (sumAt(hi) > 0 && hi < 1e9) hi *= 2;
  const solved = bisect(sumAt, 1, hi);
  if (!solved) return { ok: false, method: 'odds_ratio', reason: 'no_convergence', margin };
  return { ok: true, method: 'odds_ratio', probabilities: normalise(probabilitiesAt(solved.x)), margin, parameter: solved.x, iterations: solved.iterations };
}

/**
 * Worst case: for each outcome, the LOWEST fair probability any method gives (the most conservative EV).
 * These are bounds, one per outcome, so they sum to at most 1 rather than exactly 1. Methods that fail on
 * this market (additive's negative probability) are left out; if none succeeds the failure is reported.
 */
function worstCase(decimals: readonly number[], margin: number): DevigResult {
  const results = (['multiplicative', 'additive', 'power', 'shin', 'odds_ratio'] as const)
    .map((m) => devig(decimals, m))
    .filter((r): r is Extract<DevigResult, { ok: true }> => r.ok);
  if (results.length === 0) return { ok: false, method: 'worst_case', reason: 'no_convergence', margin };
  const probabilities = decimals.map((_, i) => Math.min(...results.map((r) => r.probabilities[i])));
  return { ok: true, method: 'worst_case', probabilities, margin };
}

/** Removes the solver's last rounding error so the probabilities sum to exactly 1 (as `implied` does). */
function normalise(probabilities: number[]): number[] {
  const sum = probabilities.reduce((a, b) => a + b, 0);
  return probabilities.map((p) => p / sum);
}
