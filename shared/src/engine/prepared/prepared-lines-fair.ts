import { DEFAULT_BLEND, DEFAULT_DEVIG_METHOD, devig, type BlendableMethod, type DevigMethod } from '../odds/devig';
import { DEVIG_MIN_BOOKS } from '../opportunities/ev';
import { completeSideCount } from '../lines/line-rules';
import { bookDfs, bookWeights, grownFloat } from './prepared-columns';
import type { LineSet } from './prepared-lines';

/**
 * The de-vig inputs and fair lines of a LineSet's lines (ev.ts fairLine() on the typed arrays): per line the
 * de-vigged market of every book quoting all its sides, and per side the weighted median, worked out only
 * when a side may have a row. Scratch buffers are reused from line to line.
 */
export class FairLines {
  /** load()'s answer: how many books went in (each side's probability: probability()). */
  books = 0;
  // per side of the current fair line: its probability once known (NaN until then) and an upper bound of it
  private fairOfSide = new Float64Array(8);
  private fairUpper = new Float64Array(8);
  private fairFirstBooks = 0;
  private lastMedianSide = -1;
  private fairBuffer = new Float64Array(256);
  private weightBuffer = new Float64Array(64);
  private medianOrder = new Int32Array(64);
  private medianSize = 0;
  private readonly row: number[] = [];

  constructor(private readonly set: LineSet) {}

  /**
   * fairLine(): whether line l has a fair line by `method` (every non-DFS book quoting all its sides is
   * de-vigged; at least 4 such books), with `books` set to how many went in. Each side's probability, the
   * weighted median of its de-vigged values, is worked out when asked for (probability()). A prepared line's
   * fair line by the default method is taken as prepared.
   */
  load(l: number, method: DevigMethod, blend: readonly BlendableMethod[] = DEFAULT_BLEND): boolean {
    const pl = this.set.lPrepared[l];
    this.lastMedianSide = -1;
    if (pl >= 0 && method === DEFAULT_DEVIG_METHOD) {
      const prepared = this.set.p.lines;
      if (prepared.lFair[pl] === 0) return false;
      const sides = prepared.lSideCount[pl];
      this.fairOfSide = grownFloat(this.fairOfSide, sides);
      this.fairUpper = grownFloat(this.fairUpper, sides);
      const firstSide = prepared.lSideStart[pl];
      for (let i = 0; i < sides; i++) this.fairOfSide[i] = this.fairUpper[i] = prepared.sFair[firstSide + i];
      this.books = prepared.lFairBooks[pl];
      return true;
    }
    return this.compute(l, method, blend);
  }

  /** Side i's fair probability on the line of the last load(); NaN where weightedMedian() gives null. */
  probability(i: number): number {
    if (Number.isNaN(this.fairOfSide[i])) {
      const reuseOrder = this.lastMedianSide === i - 1 && i > 0;
      this.fairOfSide[i] = this.weightedMedian(
        this.fairBuffer,
        i * this.fairFirstBooks,
        this.weightBuffer,
        this.books,
        reuseOrder,
      );
      this.lastMedianSide = i;
    }
    return this.fairOfSide[i];
  }

  /**
   * A number no smaller than probability(i) (its largest de-vigged value; the median is one of them or
   * the mean of two), NaN when there is none: enough to tell that no price on the side has positive EV.
   */
  bound(i: number): number {
    return this.fairUpper[i];
  }

  /** load() worked out from the line's sides, whatever was prepared (preparing uses it). */
  compute(l: number, method: DevigMethod, blend: readonly BlendableMethod[]): boolean {
    const set = this.set;
    this.lastMedianSide = -1;
    const sides = set.lSideCount[l];
    const g = set.lGroup[l];
    const expected = completeSideCount(set.p.gKind[g], set.p.gCount[g]);
    if (sides !== expected || sides < 2) return false;
    const firstSide = set.sidesOf(l);
    const { pool, sStart, sLength } = set;
    for (let s = firstSide; s < firstSide + sides; s++) if (sLength[s] < DEVIG_MIN_BOOKS) return false;
    const { qBook, qDecimal } = set.p;
    const firstBooks = sLength[firstSide];
    if (this.fairBuffer.length < sides * firstBooks) this.fairBuffer = new Float64Array(sides * firstBooks * 2);
    if (this.weightBuffer.length < firstBooks) this.weightBuffer = new Float64Array(firstBooks * 2);
    this.fairOfSide = grownFloat(this.fairOfSide, sides);
    this.fairUpper = grownFloat(this.fairUpper, sides);
    const { fairBuffer, weightBuffer, row } = this;
    row.length = sides;
    let count = 0;
    for (let k = sStart[firstSide]; k < sStart[firstSide] + firstBooks; k++) {
      const first = pool[k];
      const book = qBook[first];
      if (bookDfs[book]) continue;
      row[0] = qDecimal[first];
      let complete = true;
      for (let i = 1; i < sides && complete; i++) {
        const s = firstSide + i;
        // sides usually list the books in the same order: look at the same position first
        const same = sStart[s] + (k - sStart[firstSide]);
        let match = same < sStart[s] + sLength[s] && qBook[pool[same]] === book ? pool[same] : -1;
        for (let j = sStart[s]; match < 0 && j < sStart[s] + sLength[s]; j++)
          if (qBook[pool[j]] === book) match = pool[j];
        if (match >= 0) row[i] = qDecimal[match];
        else complete = false;
      }
      if (!complete) continue;
      if (method === 'multiplicative') {
        // ev.ts multiplicative(): the same sums in the same order
        let booksum = 0;
        for (let i = 0; i < sides; i++) booksum += 1 / row[i];
        if (booksum < 1 - 1e-12) continue;
        for (let i = 0; i < sides; i++) fairBuffer[i * firstBooks + count] = 1 / row[i] / booksum;
      } else {
        const result = devig(row.slice(), method, { blend });
        if (!result.ok) continue;
        for (let i = 0; i < sides; i++) fairBuffer[i * firstBooks + count] = result.probabilities[i];
      }
      weightBuffer[count] = bookWeights[book];
      count++;
    }
    if (count < DEVIG_MIN_BOOKS) return false;
    for (let i = 0; i < sides; i++) {
      let upper = NaN;
      for (let k = 0; k < count; k++) {
        const value = fairBuffer[i * firstBooks + k];
        if (Number.isFinite(value) && !(value <= upper)) upper = value;
      }
      this.fairUpper[i] = upper;
      this.fairOfSide[i] = NaN;
    }
    this.books = count;
    this.fairFirstBooks = firstBooks;
    return true;
  }

  /**
   * weightedMedian() of values[offset .. offset + n) with weights[0 .. n); NaN where it gives null. Sorted by
   * (value, index): the order of a stable sort by value, whatever order the indices start in. The sides of a
   * line are nearly mirror images, so each side after the first starts from the previous side's order reversed.
   */
  private weightedMedian(
    values: Float64Array,
    offset: number,
    weights: Float64Array,
    n: number,
    reuseOrder: boolean,
  ): number {
    if (this.medianOrder.length < n) this.medianOrder = new Int32Array(n * 2);
    const order = this.medianOrder;
    let size = 0;
    // the previous side's order holds every index when it kept them all (the weights are the same for each side)
    if (reuseOrder && this.medianSize === n) {
      for (let i = 0, j = n - 1; i < j; i++, j--) {
        const t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
      size = n;
      for (let i = 0; i < n; i++) if (!Number.isFinite(values[offset + i])) reuseOrder = false;
    } else reuseOrder = false;
    if (!reuseOrder) {
      size = 0;
      for (let i = 0; i < n; i++) if (weights[i] > 0 && Number.isFinite(values[offset + i])) order[size++] = i;
    }
    this.medianSize = size;
    if (size === 0) return NaN;
    for (let i = 1; i < size; i++) {
      const index = order[i];
      const value = values[offset + index];
      let j = i - 1;
      while (j >= 0) {
        const other = values[offset + order[j]];
        if (!(other > value || (other === value && order[j] > index))) break;
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = index;
    }
    let total = 0;
    for (let k = 0; k < size; k++) total += weights[order[k]];
    const half = total / 2;
    let cumulative = 0;
    for (let k = 0; k < size; k++) {
      cumulative += weights[order[k]];
      if (Math.abs(cumulative - half) < 1e-12 && k + 1 < size)
        return (values[offset + order[k]] + values[offset + order[k + 1]]) / 2;
      if (cumulative > half) return values[offset + order[k]];
    }
    return values[offset + order[size - 1]];
  }
}
