import {
  LINE_GROUPING_TOLERANCE,
  lineFromReference,
  MONEYLINE,
  onSameLine,
  replacesHeldQuote,
  SPREAD,
} from '../lines/line-rules';
import { bookKeys, grownFloat, grownInt, sortByLine, type PreparedEvent } from './prepared-columns';
import type { LineSet } from './prepared-lines';

/** Dedupe stamps restart before they could overflow. */
const STAMP_LIMIT = 1 << 30;

/**
 * Lines made at scan time from a group's open quotes, as groupLines() makes them: clustered within the
 * tolerance of each cluster's lowest line, each book keeping its best price per side. Spreads whose prepared
 * reference side has no open quote left are oriented and sorted again first. Scratch is reused from one
 * event to the next.
 */
export class MadeLines {
  private lineCopy = new Float64Array(1024);
  private resorted = new Int32Array(1024);
  private sortTemp = new Int32Array(1024);
  private openQuotes = new Int32Array(1024);
  /** The byLine positions of openQuotes (what preparing keeps of a line: lQuoteStart / lQuoteEnd). */
  private openAt = new Int32Array(1024);
  // addLine() scratch: each quote's side, per name its side at this stamp, per (side, book) where its quote is
  private quoteSide = new Int32Array(1024);
  private nameStamp = new Int32Array(64);
  private nameSide = new Int32Array(64);
  private heldStamp = new Int32Array(256);
  private heldAt = new Int32Array(256);
  private stamp = 0;

  constructor(private readonly set: LineSet) {}

  /** Room for the quotes and names of event p. */
  begin(p: PreparedEvent): void {
    this.openQuotes = grownInt(this.openQuotes, p.quoteCount);
    this.openAt = grownInt(this.openAt, p.quoteCount);
    this.nameStamp = grownInt(this.nameStamp, p.names.length);
    this.nameSide = grownInt(this.nameSide, p.names.length);
  }

  /**
   * groupLines(group, 0.05) over group g's open quotes, spreads seen from `reference` (their reference side at
   * the scan's time).
   */
  addGroup(g: number, reference: string | undefined): void {
    const set = this.set;
    const p = set.p;
    const from = p.gStart[g];
    const to = p.gEnd[g];
    let order = p.byLine;
    let orderFrom = from;
    if (p.gKind[g] === SPREAD && reference !== p.gReference[g]) {
      // the prepared reference side has no open quote left: orient and sort the group again
      if (set.line === p.qLine) {
        this.lineCopy = grownFloat(this.lineCopy, p.quoteCount);
        this.lineCopy.set(p.qLine.subarray(0, p.quoteCount));
        set.line = this.lineCopy;
      }
      const line = set.line;
      const reading = p.byGroup;
      for (let k = from; k < to; k++) {
        const q = reading[k];
        line[q] = lineFromReference(p.names[p.qName[q]], p.qPoint[q], reference);
      }
      this.resorted = grownInt(this.resorted, to - from);
      this.sortTemp = grownInt(this.sortTemp, to - from);
      for (let k = from; k < to; k++) this.resorted[k - from] = reading[k];
      sortByLine(this.resorted, 0, to - from, line, this.sortTemp);
      order = this.resorted;
      orderFrom = 0;
    }
    const open = set.open;
    const allOpen = set.fresh[g] === 1;
    const quotes = this.openQuotes;
    const openAt = this.openAt;
    let n = 0;
    for (let k = orderFrom; k < orderFrom + (to - from); k++) {
      const q = order[k];
      if (allOpen || open[q] === 1) {
        openAt[n] = k;
        quotes[n++] = q;
      }
    }
    if (p.gKind[g] !== MONEYLINE) {
      this.clusterLines(g, quotes, n, LINE_GROUPING_TOLERANCE);
      return;
    }
    const l = this.addLine(g, NaN, 0, quotes, 0, n);
    set.lQuoteStart[l] = openAt[0];
    set.lQuoteEnd[l] = openAt[n - 1] + 1;
  }

  /**
   * Adds one line per cluster of quotes[0 .. n) (sorted by line) within `tolerance` of the cluster's lowest
   * line. Returns the index of the first line added.
   */
  clusterLines(g: number, quotes: Int32Array, n: number, tolerance: number): number {
    const set = this.set;
    const line = set.line;
    const firstLine = set.lineCount;
    let start = 0;
    for (let i = 1; i <= n; i++) {
      if (i === n || !onSameLine(line[quotes[start]], line[quotes[i]], tolerance)) {
        const l = this.addLine(g, line[quotes[start]], line[quotes[i - 1]] - line[quotes[start]], quotes, start, i);
        set.lQuoteStart[l] = this.openAt[start];
        set.lQuoteEnd[l] = this.openAt[i - 1] + 1;
        start = i;
      }
    }
    return firstLine;
  }

  /**
   * One line of quotes[from .. to): sides in order of their first quote, each book keeping its best price per
   * side (line-rules.ts replacesHeldQuote: the first kept on a tie), as sidesOf() in market-lines.ts.
   */
  addLine(g: number, lineValue: number, span: number, quotes: Int32Array, from: number, to: number): number {
    const set = this.set;
    const l = set.newLine(g, lineValue, span);
    const firstSide = set.sideCount;
    if (++this.stamp === STAMP_LIMIT) this.restartStamps();
    const stamp = this.stamp;
    this.quoteSide = grownInt(this.quoteSide, to - from);
    const { quoteSide, nameStamp, nameSide } = this;
    const qName = set.p.qName;
    // first pass: each quote's side (sides in order of first appearance) and an upper bound of each side's size
    for (let k = from; k < to; k++) {
      const name = qName[quotes[k]];
      let s: number;
      if (nameStamp[name] === stamp) s = nameSide[name];
      else {
        s = set.newSide(name);
        nameStamp[name] = stamp;
        nameSide[name] = s;
      }
      quoteSide[k - from] = s;
      set.sLength[s]++;
    }
    const sides = set.sideCount - firstSide;
    set.lSideCount[l] = sides;
    set.reservePool(to - from);
    for (let s = firstSide; s < set.sideCount; s++) {
      set.sStart[s] = set.poolSize;
      set.poolSize += set.sLength[s];
      set.sLength[s] = 0;
    }
    // second pass: one quote per book per side, its best; a stamp per (side, book) says where it is held
    const books = bookKeys.length;
    this.heldStamp = grownInt(this.heldStamp, sides * books);
    this.heldAt = grownInt(this.heldAt, sides * books);
    const { heldStamp, heldAt } = this;
    const { pool, sStart, sLength } = set;
    const { qBook, qDecimal } = set.p;
    for (let k = from; k < to; k++) {
      const q = quotes[k];
      const s = quoteSide[k - from];
      const slot = (s - firstSide) * books + qBook[q];
      if (heldStamp[slot] !== stamp) {
        heldStamp[slot] = stamp;
        const at = sStart[s] + sLength[s]++;
        heldAt[slot] = at;
        pool[at] = q;
      } else if (replacesHeldQuote(qDecimal[q], qDecimal[pool[heldAt[slot]]])) pool[heldAt[slot]] = q;
    }
    return l;
  }

  private restartStamps(): void {
    this.nameStamp.fill(0);
    this.heldStamp.fill(0);
    this.stamp = 1;
  }
}
