import { isLowSide } from '../lines/line-rules';
import { bookExcluded, bookKeys } from './prepared-columns';
import type { LineSet } from './prepared-lines';

/** middles.ts topTwoByLine() on a LineSet's groups: the best two quotes per line of each side of a middle. */
export class MiddleTops {
  /** collect()'s answer. */
  first = new Int32Array(64);
  second = new Int32Array(64);
  low = 0;
  high = 0;
  highStart = 0;
  private keys = new Float64Array(64);

  constructor(private readonly set: LineSet) {}

  /**
   * topTwoByLine() of group g (a game line) for middles, over its open quotes from books that may take part
   * (not excluded, in `allowed` when given), alternates left out: per line (in order of appearance) the best
   * quote and the best from another book (−1: none), "low" bets (Over, the reference side) in first /
   * second [0, low), "high" bets in [highStart, + high).
   */
  collect(g: number, allowed: Set<string> | null): void {
    const set = this.set;
    const p = set.p;
    const { byGroup, qBook, qEffective, qMarket, qName, names, mAlternate, gKind, gStart, gEnd } = p;
    const size = gEnd[g] - gStart[g];
    if (this.keys.length < 2 * size) {
      this.keys = new Float64Array(4 * size);
      this.first = new Int32Array(4 * size);
      this.second = new Int32Array(4 * size);
    }
    const { keys: topKeys, first: topFirst, second: topSecond } = this;
    const { open, line } = set;
    let lowCount = 0;
    let highCount = 0;
    const kind = gKind[g];
    const reference = set.gReference[g];
    const allOpen = set.fresh[g] === 1;
    for (let k = gStart[g]; k < gEnd[g]; k++) {
      const q = byGroup[k];
      if ((!allOpen && open[q] === 0) || mAlternate[qMarket[q]] === 1) continue;
      const book = qBook[q];
      if (bookExcluded[book] || (allowed !== null && !allowed.has(bookKeys[book]))) continue;
      const name = names[qName[q]];
      const low = isLowSide(kind, name, reference);
      const key = Math.round(line[q] * 100);
      const base = low ? 0 : size;
      const count = low ? lowCount : highCount;
      let e = base;
      while (e < base + count && topKeys[e] !== key) e++;
      if (e === base + count) {
        topKeys[e] = key;
        topFirst[e] = q;
        topSecond[e] = -1;
        if (low) lowCount++;
        else highCount++;
      } else if (qEffective[q] > qEffective[topFirst[e]]) {
        if (book !== qBook[topFirst[e]]) topSecond[e] = topFirst[e];
        topFirst[e] = q;
      } else if (book !== qBook[topFirst[e]] && (topSecond[e] < 0 || qEffective[q] > qEffective[topSecond[e]]))
        topSecond[e] = q;
    }
    this.low = lowCount;
    this.high = highCount;
    this.highStart = size;
  }
}
