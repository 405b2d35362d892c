import { grownInt, type PreparedEvent } from './prepared-columns';
import type { LineSet } from './prepared-lines';

/**
 * Taking a LineSet's lines from the event's preparation (the lines a scan with every price open makes) rather
 * than making them again: a prepared line none of whose quotes closed as it is, its sides copied only when
 * something asks for them; and, in a group whose prepared lines each hold one line value, what is left of a
 * line some of whose quotes closed.
 */
export class ReusedLines {
  private openQuotes = new Int32Array(1024);
  // addOpenPart() scratch: the prepared sides kept, by their first open quote
  private partSide = new Int32Array(8);
  private partFirst = new Int32Array(8);

  constructor(private readonly set: LineSet) {}

  /** Room for the quotes of event p. */
  begin(p: PreparedEvent): void {
    this.openQuotes = grownInt(this.openQuotes, p.quoteCount);
  }

  /**
   * A prepared line none of whose quotes has closed, as it is. Its fair line, arbitrage legs and best prices
   * are prepared too, so its sides are copied only when something asks for them (sidesOf).
   */
  copyLine(g: number, pl: number): void {
    const set = this.set;
    const prepared = set.p.lines;
    const l = set.newLine(g, prepared.lLine[pl], prepared.lSpan[pl]);
    set.lPrepared[l] = pl;
    set.lSideStart[l] = -1;
    set.lSideCount[l] = prepared.lSideCount[pl];
  }

  /**
   * A prepared line taken whole, to be prepared again as it is (loadAllOpen's `kept`): its sides and quotes copied in
   * at once, so the lines and sides stand in the order a preparation makes them.
   */
  keepLine(g: number, pl: number): void {
    const set = this.set;
    this.copyLine(g, pl);
    const l = set.lineCount - 1;
    this.sidesOf(l);
    set.lQuoteStart[l] = set.p.lines.lQuoteStart[pl];
    set.lQuoteEnd[l] = set.p.lines.lQuoteEnd[pl];
  }

  /** The first side of line l (its sides are lSideCount[l] from there), copying a prepared line's sides in. */
  sidesOf(l: number): number {
    const set = this.set;
    if (set.lSideStart[l] >= 0) return set.lSideStart[l];
    const prepared = set.p.lines;
    const pl = set.lPrepared[l];
    const firstSide = prepared.lSideStart[pl];
    set.lSideStart[l] = set.sideCount;
    for (let ps = firstSide; ps < firstSide + prepared.lSideCount[pl]; ps++) {
      const length = prepared.sLength[ps];
      const s = set.newSide(prepared.sName[ps]);
      const pool = set.reservePool(length);
      const from = prepared.sStart[ps];
      const at = set.poolSize;
      for (let k = 0; k < length; k++) pool[at + k] = prepared.pool[from + k];
      set.sStart[s] = at;
      set.sLength[s] = length;
      set.poolSize += length;
    }
    return set.lSideStart[l];
  }

  /**
   * The lines of group g when each of its prepared lines holds one line value (and a spread's reference side
   * has not changed): closing quotes cannot merge or split them, so the lines none of whose quotes closed are
   * taken as prepared and only the others are made again.
   */
  addIntactLines(g: number, now: number, maxAge: number): void {
    const set = this.set;
    const p = set.p;
    const prepared = p.lines;
    const { open, line } = set;
    const quotes = this.openQuotes;
    for (let pl = p.gLineStart[g]; pl < p.gLineEnd[g]; pl++) {
      if (now - prepared.lOldest[pl] <= maxAge) {
        this.copyLine(g, pl);
        continue;
      }
      if (prepared.lUnique[pl] === 1) {
        this.addOpenPart(g, pl);
        continue;
      }
      let n = 0;
      for (let k = prepared.lQuoteStart[pl]; k < prepared.lQuoteEnd[pl]; k++) {
        const q = p.byLine[k];
        if (open[q] === 1) quotes[n++] = q;
      }
      if (n > 0) set.made.addLine(g, line[quotes[0]], line[quotes[n - 1]] - line[quotes[0]], quotes, 0, n);
    }
  }

  /**
   * The open part of prepared line pl when each book quotes it once per side: sidesOf() would keep every open
   * quote, so the line is the prepared one without its closed quotes, sides in the order of their first open
   * quote (a single-valued line lists its quotes in reading order, so quote numbers give that order).
   */
  private addOpenPart(g: number, pl: number): void {
    const set = this.set;
    const prepared = set.p.lines;
    const open = set.open;
    const firstSide = prepared.lSideStart[pl];
    const sideCount = prepared.lSideCount[pl];
    this.partSide = grownInt(this.partSide, sideCount);
    this.partFirst = grownInt(this.partFirst, sideCount);
    const { partSide, partFirst } = this;
    let sides = 0;
    let first = -1;
    let last = -1;
    for (let ps = firstSide; ps < firstSide + sideCount; ps++) {
      let sideFirst = -1;
      for (let k = prepared.sStart[ps]; k < prepared.sStart[ps] + prepared.sLength[ps]; k++) {
        const q = prepared.pool[k];
        if (open[q] === 0) continue;
        if (sideFirst < 0) sideFirst = q;
        if (first < 0 || q < first) first = q;
        if (q > last) last = q;
      }
      if (sideFirst < 0) continue;
      let j = sides - 1;
      while (j >= 0 && partFirst[j] > sideFirst) {
        partFirst[j + 1] = partFirst[j];
        partSide[j + 1] = partSide[j];
        j--;
      }
      partFirst[j + 1] = sideFirst;
      partSide[j + 1] = ps;
      sides++;
    }
    if (sides === 0) return;
    const line = set.line;
    const l = set.newLine(g, line[first], line[last] - line[first]);
    for (let i = 0; i < sides; i++) {
      const ps = partSide[i];
      const s = set.newSide(prepared.sName[ps]);
      const pool = set.reservePool(prepared.sLength[ps]);
      set.sStart[s] = set.poolSize;
      for (let k = prepared.sStart[ps]; k < prepared.sStart[ps] + prepared.sLength[ps]; k++) {
        const q = prepared.pool[k];
        if (open[q] === 1) pool[set.poolSize++] = q;
      }
      set.sLength[s] = set.poolSize - set.sStart[s];
    }
    set.lSideCount[l] = sides;
  }
}
