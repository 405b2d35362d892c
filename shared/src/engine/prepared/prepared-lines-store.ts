import { grownFloat, grownInt } from './prepared-columns';

/** Where a LineSet's lines end at one moment (mark / reset). */
export interface LineMark {
  lines: number;
  sides: number;
  pool: number;
}

/**
 * The storage of a LineSet's lines, sides and side lists, typed arrays reused from one event to the next (grown,
 * never shrunk). Line l: group lGroup[l], line lLine[l] (NaN for a moneyline's null), span lSpan[l], sides
 * lSideStart[l] .. + lSideCount[l] (lSideStart −1 until a prepared line's sides are copied in: sidesOf),
 * lPrepared[l] the prepared line it is (−1: made at this scan), made from the byLine positions
 * [lQuoteStart[l], lQuoteEnd[l]) (what preparing keeps of a line). Side s: the name names[sName[s]] and each
 * book's best quote on it, pool[sStart[s] .. + sLength[s]).
 */
export class LineStore {
  lineCount = 0;
  lGroup = new Int32Array(256);
  lLine = new Float64Array(256);
  lSpan = new Float64Array(256);
  lSideStart = new Int32Array(256);
  lSideCount = new Int32Array(256);
  lPrepared = new Int32Array(256);
  lQuoteStart = new Int32Array(256);
  lQuoteEnd = new Int32Array(256);

  sideCount = 0;
  sName = new Int32Array(512);
  sStart = new Int32Array(512);
  sLength = new Int32Array(512);

  poolSize = 0;
  pool = new Int32Array(1024);

  /** No lines, sides or side lists (the arrays are kept for the next event). */
  clear(): void {
    this.lineCount = 0;
    this.sideCount = 0;
    this.poolSize = 0;
  }

  /** A new line of group g without sides yet (sides added next with newSide start at lSideStart). */
  newLine(g: number, lineValue: number, span: number): number {
    const l = this.lineCount++;
    if (l === this.lGroup.length) {
      this.lGroup = grownInt(this.lGroup, l + 1);
      this.lLine = grownFloat(this.lLine, l + 1);
      this.lSpan = grownFloat(this.lSpan, l + 1);
      this.lSideStart = grownInt(this.lSideStart, l + 1);
      this.lSideCount = grownInt(this.lSideCount, l + 1);
      this.lPrepared = grownInt(this.lPrepared, l + 1);
      this.lQuoteStart = grownInt(this.lQuoteStart, l + 1);
      this.lQuoteEnd = grownInt(this.lQuoteEnd, l + 1);
    }
    this.lGroup[l] = g;
    this.lLine[l] = lineValue;
    this.lSpan[l] = span;
    this.lSideStart[l] = this.sideCount;
    this.lSideCount[l] = 0;
    this.lPrepared[l] = -1;
    return l;
  }

  /** A new side of outcome name `name` with an empty list (sStart is the caller's to set). */
  newSide(name: number): number {
    const s = this.sideCount++;
    if (s === this.sStart.length) {
      this.sName = grownInt(this.sName, s + 1);
      this.sStart = grownInt(this.sStart, s + 1);
      this.sLength = grownInt(this.sLength, s + 1);
    }
    this.sName[s] = name;
    this.sLength[s] = 0;
    return s;
  }

  /** Room for `more` quotes after poolSize; the pool to write them into. */
  reservePool(more: number): Int32Array {
    this.pool = grownInt(this.pool, this.poolSize + more);
    return this.pool;
  }

  /** Where the lines end now, so a scan can add lines (arbitrage's split at 0.01) and drop them again (reset). */
  mark(): LineMark {
    return { lines: this.lineCount, sides: this.sideCount, pool: this.poolSize };
  }

  reset(mark: LineMark): void {
    this.lineCount = mark.lines;
    this.sideCount = mark.sides;
    this.poolSize = mark.pool;
  }
}
