import { canonicalBookKey, findSportsbook } from '../../domain/books/sportsbooks';

/**
 * Fair probability across books (DECISIONS 10): the weighted median of each book's de-vigged probability,
 * with the book-quality weights of spec 001 §5: pinnacle 3; circa, circasports, novig and prophet_exchange
 * 2.5; lowvig 2; major US books 1.5; all others 1. "Major US books" are the catalogue's popular ones
 * (draftkings, fanduel, betmgm, caesars/williamhill_us, pointsbetus).
 */
const BOOK_WEIGHTS = new Map<string, number>(
  Object.entries({
    pinnacle: 3,
    circasports: 2.5,
    novig: 2.5,
    prophetx: 2.5,
    lowvig: 2,
  }),
);
export const MAJOR_US_BOOK_WEIGHT = 1.5;

export function bookWeight(key: string): number {
  const canonical = canonicalBookKey(key);
  return BOOK_WEIGHTS.get(canonical) ?? (findSportsbook(canonical)?.popular ? MAJOR_US_BOOK_WEIGHT : 1);
}

/**
 * Weighted median: the value at which the cumulative weight (values sorted ascending) first reaches half the
 * total; when it lands exactly on half, the mean of that value and the next. Null for no values or no weight.
 */
export function weightedMedian(values: readonly number[], weights: readonly number[]): number | null {
  if (values.length !== weights.length) throw new RangeError('values and weights differ in length');
  // the indices of usable values by value, ties in index order (a stable sort: insertion, as there are tens at most)
  const order: number[] = [];
  for (let i = 0; i < values.length; i++) {
    if (!(weights[i] > 0 && Number.isFinite(values[i]))) continue;
    let j = order.length;
    order.push(i);
    while (j > 0 && values[order[j - 1]] > values[i]) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = i;
  }
  if (order.length === 0) return null;
  let total = 0;
  for (let k = 0; k < order.length; k++) total += weights[order[k]];
  const half = total / 2;
  let cumulative = 0;
  for (let k = 0; k < order.length; k++) {
    cumulative += weights[order[k]];
    if (Math.abs(cumulative - half) < 1e-12 && k + 1 < order.length)
      return (values[order[k]] + values[order[k + 1]]) / 2;
    if (cumulative > half) return values[order[k]];
  }
  return values[order[order.length - 1]];
}

/** EV as a FRACTION: fair probability × decimal odds − 1 (DECISIONS 10). */
export function expectedValue(fairProbability: number, decimal: number): number {
  return fairProbability * decimal - 1;
}

/** EV in PERCENT: (fair probability × decimal odds − 1) × 100. */
export function evPercent(fairProbability: number, decimal: number): number {
  return expectedValue(fairProbability, decimal) * 100;
}
