/**
 * De-vigging: one book's complete market (n ≥ 2 mutually exclusive outcomes, DECIMAL odds) → fair
 * probabilities (fractions summing to 1). DECISIONS 10: multiplicative is the default; additive, power, Shin,
 * odds ratio and worst case are offered. Buchdahl's margin weights proportional to the odds (WPO,
 * with each outcome's specific margin), Fingleton & Waldron's balanced book, the Jensen–Shannon method and a blend
 * (the mean of chosen methods' probabilities).
 *
 * Every method answers a result object, never a NaN or an exception for market data: an underround market
 * (inverse odds summing to less than 1), an additive result with a negative probability, or a solver that
 * did not converge is reported as such.
 */

/** The methods a blend can average: every single method (worst case and blend combine methods themselves). */
export const BLENDABLE_METHODS = [
  'multiplicative',
  'additive',
  'power',
  'shin',
  'odds_ratio',
  'wpo',
  'balanced_book',
  'jensen_shannon',
] as const;
export type BlendableMethod = (typeof BLENDABLE_METHODS)[number];

/** Every method: each single one, then the two that combine them. */
export const DEVIG_METHODS = [...BLENDABLE_METHODS, 'worst_case', 'blend'] as const;
export type DevigMethod = (typeof DEVIG_METHODS)[number];
export const DEFAULT_DEVIG_METHOD: DevigMethod = 'multiplicative';

/** A blend without a chosen set averages the four classic methods. */
export const DEFAULT_BLEND: readonly BlendableMethod[] = ['multiplicative', 'additive', 'power', 'shin'];
/** Worst case takes the lowest probability of DECISIONS 10's methods. */
const WORST_CASE_METHODS = ['multiplicative', 'additive', 'power', 'shin', 'odds_ratio'] as const;

/** What users read for each method. */
export const DEVIG_METHOD_LABELS: Record<DevigMethod, string> = {
  multiplicative: 'Multiplicative',
  additive: 'Additive',
  power: 'Power',
  shin: 'Shin',
  odds_ratio: 'Odds ratio',
  wpo: 'Margin weights proportional to the odds (WPO)',
  balanced_book: 'Balanced book',
  jensen_shannon: 'Jensen–Shannon',
  worst_case: 'Worst case',
  blend: 'Blend',
};

export interface DevigOptions {
  /** For `blend`: the methods averaged (DEFAULT_BLEND when absent or empty). */
  blend?: readonly BlendableMethod[];
}

export function isDevigMethod(value: unknown): value is DevigMethod {
  return typeof value === 'string' && (DEVIG_METHODS as readonly string[]).includes(value);
}

export function isBlendableMethod(value: unknown): value is BlendableMethod {
  return typeof value === 'string' && (BLENDABLE_METHODS as readonly string[]).includes(value);
}

export type DevigFailure =
  /** Fewer than 2 outcomes, or a price that is not decimal odds above 1. */
  | 'invalid_odds'
  /** Σ 1/decimal < 1: the book is offering an arbitrage against itself (usually a stale price). */
  | 'underround'
  /** Additive, WPO, balanced book: the share of the margin taken is larger than an outcome's implied probability. */
  | 'negative_probability'
  /** An iterative solver did not reach its tolerance within its iteration budget. */
  | 'no_convergence';

export type DevigResult =
  | {
      ok: true;
      method: DevigMethod;
      /** Fair probabilities, fractions, in the order of the input odds. */
      probabilities: number[];
      /** Σ 1/decimal − 1, fraction (0.05 = 5 % margin): the overround. */
      margin: number;
      /**
       * The method's fitted parameter: power exponent k, Shin z, odds ratio c, balanced-book z (the insiders'
       * share), Jensen–Shannon distance D; absent otherwise.
       */
      parameter?: number;
      /** WPO: the margin applied to each outcome, F_i/O_i − 1 (fractions), in the order of the input odds. */
      specificMargins?: number[];
      /** Blend: the methods averaged (those that failed on this market left out). */
      blended?: BlendableMethod[];
      iterations?: number;
    }
  | { ok: false; method: DevigMethod; reason: DevigFailure; margin: number };

const SOLVER_TOLERANCE = 1e-12;
const SOLVER_MAX_ITERATIONS = 200;

/** Σ 1/decimal − 1 for a complete market: the bookmaker's margin (overround) as a fraction. */
export function bookMargin(decimals: readonly number[]): number {
  return decimals.reduce((sum, d) => sum + 1 / d, 0) - 1;
}

/** The overround, Σ 1/decimal − 1 (fraction): how far the implied probabilities sum past 1. Same as bookMargin. */
export const bookOverround = bookMargin;

/**
 * The hold, 1 − 1/Σ(1/decimal) (fraction): the share of a balanced book's handle the book keeps whatever happens —
 * its theoretical win. Distinct from the overround: −110/−110 is a 4.76 % overround and a 4.55 % hold. Negative
 * for a market that is an arbitrage across books.
 */
export function bookHold(decimals: readonly number[]): number {
  // a loop rather than reduce(): the odds table works out a hold for nearly every price it shows
  let sum = 0;
  for (let i = 0; i < decimals.length; i++) sum += 1 / decimals[i];
  return 1 - 1 / sum;
}

export function devig(
  decimals: readonly number[],
  method: DevigMethod = DEFAULT_DEVIG_METHOD,
  options: DevigOptions = {},
): DevigResult {
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
    case 'wpo':
      return wpo(decimals, margin);
    case 'balanced_book':
      return balancedBook(inverse, margin);
    case 'jensen_shannon':
      return jensenShannon(inverse, margin);
    case 'worst_case':
      return worstCase(decimals, margin);
    case 'blend':
      return blend(decimals, margin, options.blend?.length ? options.blend : DEFAULT_BLEND);
  }
}

/** p_i = r_i − margin / n (Clarke, Kovalchik & Ingram 2017). */
function additive(inverse: number[], margin: number): DevigResult {
  const share = margin / inverse.length;
  const probabilities = inverse.map((r) => r - share);
  if (probabilities.some((p) => p <= 0))
    return { ok: false, method: 'additive', reason: 'negative_probability', margin };
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

/**
 * The answer of a method whose parameter was `solved` for by bisection: the probabilities at that parameter,
 * normalised; no_convergence when bisection found none.
 */
function fitted(
  method: DevigMethod,
  margin: number,
  solved: ReturnType<typeof bisect>,
  probabilitiesAt: (parameter: number) => number[],
): DevigResult {
  if (!solved) return { ok: false, method, reason: 'no_convergence', margin };
  return {
    ok: true,
    method,
    probabilities: normalise(probabilitiesAt(solved.x)),
    margin,
    parameter: solved.x,
    iterations: solved.iterations,
  };
}

/** p_i = r_i^k with k ≥ 1 such that Σ p_i = 1 (the "power" or logarithmic method, Buchdahl; `implied` 'power'). */
function power(inverse: number[], margin: number): DevigResult {
  if (margin <= 0) return { ok: true, method: 'power', probabilities: [...inverse], margin, parameter: 1 };
  const sumAt = (k: number) => inverse.reduce((s, r) => s + r ** k, 0) - 1;
  let hi = 2;
  while (sumAt(hi) > 0 && hi < 1e6) hi *= 2;
  return fitted('power', margin, bisect(sumAt, 1, hi), (k) => inverse.map((r) => r ** k));
}

/**
 * Shin (1992, 1993): p_i = (√(z² + 4(1−z)·r_i²/Σr) − z) / (2(1−z)). With two outcomes z has a closed form
 * (Štrumbelj 2014, as in mberk/shin); with more it is solved for Σ p_i = 1 by bisection, checked for
 * convergence (the fixed-point iteration of Jullien & Salanié crawls when the outcomes are near-even).
 */
function shin(inverse: number[], booksum: number, margin: number): DevigResult {
  const n = inverse.length;
  const probabilitiesAt = (z: number) =>
    inverse.map((r) => (Math.sqrt(z * z + (4 * (1 - z) * r * r) / booksum) - z) / (2 * (1 - z)));
  if (margin <= 0) return { ok: true, method: 'shin', probabilities: [...inverse], margin, parameter: 0 };
  if (n === 2) {
    const diff = inverse[0] - inverse[1];
    const z = ((booksum - 1) * (diff * diff - booksum)) / (booksum * (diff * diff - 1));
    return {
      ok: true,
      method: 'shin',
      probabilities: normalise(probabilitiesAt(z)),
      margin,
      parameter: z,
      iterations: 0,
    };
  }
  // Σ p_i(z) falls from √Σr > 1 at z = 0 to Σr²/Σr < 1 as z → 1: one root, found by bisection
  const solved = bisect((z) => probabilitiesAt(z).reduce((a, b) => a + b, 0) - 1, 0, 1 - 1e-9);
  return fitted('shin', margin, solved, probabilitiesAt);
}

/** Odds ratio (Cheung 2015): r_i = c·p_i / (1 − p_i + c·p_i), so p_i = r_i / (c + r_i − c·r_i), c ≥ 1 with Σ p_i = 1. */
function oddsRatio(inverse: number[], margin: number): DevigResult {
  const probabilitiesAt = (c: number) => inverse.map((r) => r / (c + r - c * r));
  if (margin <= 0) return { ok: true, method: 'odds_ratio', probabilities: [...inverse], margin, parameter: 1 };
  const sumAt = (c: number) => probabilitiesAt(c).reduce((a, b) => a + b, 0) - 1;
  let hi = 2;
  while (sumAt(hi) > 0 && hi < 1e9) hi *= 2;
  return fitted('odds_ratio', margin, bisect(sumAt, 1, hi), probabilitiesAt);
}

/**
 * Margin weights proportional to the odds (Buchdahl, "The Wisdom of the Crowd"): the margin applied to an outcome
 * grows with its odds, F_i = n·O_i / (n − M·O_i), p_i = 1/F_i. Its probabilities are the additive method's
 * (1/F_i = 1/O_i − M/n); what it adds is each outcome's specific margin, F_i/O_i − 1 = M·F_i/n.
 */
function wpo(decimals: readonly number[], margin: number): DevigResult {
  const n = decimals.length;
  const fair = decimals.map((o) => (n * o) / (n - margin * o));
  if (fair.some((f) => !(f > 1))) return { ok: false, method: 'wpo', reason: 'negative_probability', margin };
  return {
    ok: true,
    method: 'wpo',
    probabilities: fair.map((f) => 1 / f),
    margin,
    specificMargins: fair.map((f) => (margin * f) / n),
  };
}

/**
 * Balanced book (Fingleton & Waldron 1999, closed form): a share z of insiders and a book that balances its
 * worst case: z = (Σr − 1)/(n − 1), p_i = (r_i − z)/(1 − z). `parameter` is z.
 */
function balancedBook(inverse: number[], margin: number): DevigResult {
  const z = margin / (inverse.length - 1);
  const probabilities = inverse.map((r) => (r - z) / (1 - z));
  if (probabilities.some((p) => p <= 0))
    return { ok: false, method: 'balanced_book', reason: 'negative_probability', margin };
  return { ok: true, method: 'balanced_book', probabilities: normalise(probabilities), margin, parameter: z };
}

/** Binomial Jensen–Shannon distance (natural log): √ of the divergence between (p, 1 − p) and (r, 1 − r). */
export function binomialJsDistance(p: number, r: number): number {
  return Math.sqrt(binomialJsDivergence(p, r));
}

/** Binomial Jensen–Shannon divergence (natural log) between (p, 1 − p) and (r, 1 − r). */
function binomialJsDivergence(p: number, r: number): number {
  const m = (p + r) / 2;
  const kl = (x: number) => (x > 0 ? x * Math.log(x / m) : 0) + (x < 1 ? (1 - x) * Math.log((1 - x) / (1 - m)) : 0);
  return (kl(p) + kl(r)) / 2;
}

/** d/dp of the binomial JS divergence from r: ½[logit(p) − logit((p + r)/2)], negative for p < r. */
function jsSlope(p: number, r: number): number {
  const m = (p + r) / 2;
  return (Math.log(p / (1 - p)) - Math.log(m / (1 - m))) / 2;
}

/**
 * The p in (0, r) whose binomial JS divergence from r is `divergence` (it falls as p rises to r): Newton steps from
 * `start`, kept inside a shrinking bracket.
 */
function jsProbability(r: number, divergence: number, start: number): number {
  let lo = 0;
  let hi = r;
  let p = start > 0 && start < r ? start : r / 2;
  for (let i = 0; i < 100; i++) {
    const f = binomialJsDivergence(p, r) - divergence;
    if (f > 0) lo = p;
    else hi = p;
    let next = p - f / jsSlope(p, r);
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - p) <= 1e-15 * r) return next;
    p = next;
  }
  return p;
}

/**
 * Jensen–Shannon (C. D. Long; as in the R package `implied`): each outcome's true probability p_i sits at one
 * Jensen–Shannon distance D from its implied probability r_i, outcome against not-outcome, with D such that
 * Σ p_i = 1. Σ p_i falls as the divergence D² grows, with slope Σ 1/(∂JS/∂p_i): Newton on D² from the
 * multiplicative answer's divergence, kept inside the bracket [0, the largest divergence every outcome can reach].
 * `parameter` is D (a distance, the square root of the divergence).
 */
function jensenShannon(inverse: number[], margin: number): DevigResult {
  if (margin <= 0) return { ok: true, method: 'jensen_shannon', probabilities: [...inverse], margin, parameter: 0 };
  const n = inverse.length;
  const booksum = 1 + margin;
  const p = inverse.map((r) => r / booksum);
  let lo = 0;
  let hi = Math.min(...inverse.map((r) => binomialJsDivergence(0, r)));
  let d = p.reduce((sum, pi, i) => sum + binomialJsDivergence(pi, inverse[i]), 0) / n;
  for (let iteration = 1; iteration <= SOLVER_MAX_ITERATIONS; iteration++) {
    let sum = -1;
    let slope = 0;
    for (let i = 0; i < n; i++) {
      p[i] = jsProbability(inverse[i], d, p[i]);
      sum += p[i];
      slope += 1 / jsSlope(p[i], inverse[i]);
    }
    if (Math.abs(sum) < SOLVER_TOLERANCE) {
      return {
        ok: true,
        method: 'jensen_shannon',
        probabilities: normalise(p),
        margin,
        parameter: Math.sqrt(d),
        iterations: iteration,
      };
    }
    if (sum > 0) lo = d;
    else hi = d;
    let next = d - sum / slope;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (hi - lo < 1e-18) break;
    d = next;
  }
  return { ok: false, method: 'jensen_shannon', reason: 'no_convergence', margin };
}

/**
 * Blend (as DarkHorse offers): the mean of the chosen methods' probabilities, each summing to 1. Methods that fail
 * on this market are left out (`blended` says which went in); if none succeeds the failure is reported.
 */
function blend(decimals: readonly number[], margin: number, methods: readonly BlendableMethod[]): DevigResult {
  const results = [...new Set(methods)]
    .map((m) => devig(decimals, m))
    .filter((r): r is Extract<DevigResult, { ok: true }> => r.ok);
  if (results.length === 0) return { ok: false, method: 'blend', reason: 'no_convergence', margin };
  const probabilities = decimals.map(
    (_, i) => results.reduce((sum, r) => sum + r.probabilities[i], 0) / results.length,
  );
  return {
    ok: true,
    method: 'blend',
    probabilities: normalise(probabilities),
    margin,
    blended: results.map((r) => r.method as BlendableMethod),
  };
}

/**
 * Worst case: for each outcome, the LOWEST fair probability any of DECISIONS 10's methods gives (the most
 * conservative EV). These are bounds, one per outcome, so they sum to at most 1 rather than exactly 1. Methods that
 * fail on this market (additive's negative probability) are left out; if none succeeds the failure is reported.
 */
function worstCase(decimals: readonly number[], margin: number): DevigResult {
  const results = WORST_CASE_METHODS.map((m) => devig(decimals, m)).filter(
    (r): r is Extract<DevigResult, { ok: true }> => r.ok,
  );
  if (results.length === 0) return { ok: false, method: 'worst_case', reason: 'no_convergence', margin };
  const probabilities = decimals.map((_, i) => Math.min(...results.map((r) => r.probabilities[i])));
  return { ok: true, method: 'worst_case', probabilities, margin };
}

/** Removes the solver's last rounding error so the probabilities sum to exactly 1 (as `implied` does). */
function normalise(probabilities: number[]): number[] {
  const sum = probabilities.reduce((a, b) => a + b, 0);
  return probabilities.map((p) => p / sum);
}
