import { isArbitrageLine, isBetterQuote, legPointsMatch } from '../lines/line-rules';
import { bookExcluded, bookKeys } from './prepared-columns';
import type { LineSet } from './prepared-lines';

/**
 * arbitrage.ts bestLegs() on a LineSet's lines: the best quote per side, from books that may take part, for
 * the lines an arbitrage may be made of (line-rules.ts isArbitrageLine, legPointsMatch). A prepared line's
 * legs without a book filter are taken as prepared.
 */
export class ArbitrageLegs {
  // find() scratch
  private readonly sideNames: string[] = [];
  private readonly swapped = new Int32Array(3);
  private readonly bestSwap = new Int32Array(3);

  constructor(private readonly set: LineSet) {}

  /**
   * bestQuote() of side s for arbitrage: its highest effective price (ties: the most recent) from a book that may take
   * part (not excluded, in `allowed` when given) other than `skipBook`; −1 when none.
   */
  bestOfSide(s: number, allowed: Set<string> | null, skipBook: number): number {
    const set = this.set;
    const pool = set.pool;
    const { qBook, qEffective, qUpdated } = set.p;
    let best = -1;
    let bestDecimal = 0;
    const end = set.sStart[s] + set.sLength[s];
    for (let k = set.sStart[s]; k < end; k++) {
      const q = pool[k];
      const book = qBook[q];
      if (book === skipBook || bookExcluded[book] || (allowed !== null && !allowed.has(bookKeys[book]))) continue;
      const decimal = qEffective[q];
      if (best < 0 || isBetterQuote(decimal, qUpdated[q], bestDecimal, qUpdated[best])) {
        best = q;
        bestDecimal = decimal;
      }
    }
    return best;
  }

  /**
   * bestLegs() of line l: the best quote per side from books that may take part (not excluded, in `allowed`
   * when given), for a complete two-way market or a 1X2 with a draw; when one book is best on every side, the
   * most profitable combination that swaps one side to another book; spread points summing to zero and totals
   * points equal within 0.01. Writes the legs in side order into `legs` and answers how many (0: none).
   */
  find(l: number, allowed: Set<string> | null, legs: Int32Array): number {
    const set = this.set;
    const pl = set.lPrepared[l];
    if (pl >= 0 && allowed === null) {
      const prepared = set.p.lines;
      const count = prepared.lLegCount[pl];
      for (let i = 0; i < count; i++) legs[i] = prepared.lLegs[3 * pl + i];
      return count;
    }
    const g = set.lGroup[l];
    const { gKind, gCount, qBook, qPoint } = set.p;
    const kind = gKind[g];
    const sides = set.lSideCount[l];
    const firstSide = set.sidesOf(l);
    const names = this.sideNames;
    names.length = sides;
    for (let i = 0; i < sides; i++) names[i] = set.sideName(firstSide + i);
    if (!isArbitrageLine(kind, gCount[g], names, sides)) return 0;
    for (let i = 0; i < sides; i++) {
      legs[i] = this.bestOfSide(firstSide + i, allowed, -1);
      if (legs[i] < 0) return 0;
    }
    const only = qBook[legs[0]];
    let oneBook = true;
    for (let i = 1; i < sides; i++) if (qBook[legs[i]] !== only) oneBook = false;
    if (oneBook) {
      const { swapped, bestSwap } = this;
      let swaps = 0;
      for (let i = 0; i < sides; i++) {
        const other = this.bestOfSide(firstSide + i, allowed, only);
        if (other < 0) continue;
        swapped.set(legs);
        swapped[i] = other;
        if (swaps++ === 0 || this.profitOf(swapped, sides) > this.profitOf(bestSwap, sides)) bestSwap.set(swapped);
      }
      if (swaps === 0) return 0;
      for (let i = 0; i < sides; i++) legs[i] = bestSwap[i];
    }
    if (!legPointsMatch(kind, qPoint[legs[0]], qPoint[legs[1]])) return 0;
    return sides;
  }

  /** arbitrageProfit() of the first n quotes of `quotes` at their effective prices, summed in their order. */
  profitOf(quotes: Int32Array, n: number): number {
    let sum = 0;
    const qEffective = this.set.p.qEffective;
    for (let i = 0; i < n; i++) sum += 1 / qEffective[quotes[i]];
    return 1 / sum - 1;
  }
}
