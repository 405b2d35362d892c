import { ARBITRAGE_LINE_TOLERANCE } from './arbitrage';
import { DEFAULT_BLEND, DEFAULT_DEVIG_METHOD, devig, type BlendableMethod, type DevigMethod } from './devig';
import { DEVIG_MIN_BOOKS } from './ev';
import { LOCKED_MAX_AGE_LIVE_MS, LOCKED_MAX_AGE_MS } from './locked-market';
import { LINE_GROUPING_TOLERANCE, type LineKind, type MarketGroup, type Quote } from './market-lines';
import {
  bookDfs,
  bookExcluded,
  bookKeys,
  bookWeights,
  grownByte,
  grownFloat,
  grownInt,
  MONEYLINE,
  sortByLine,
  SPREAD,
  TOTAL,
  spreadReference,
  type PreparedEvent,
  type PreparedLines,
} from './prepared-columns';

const KIND_NAMES: readonly LineKind[] = ['moneyline', 'total', 'spread'];
/** Dedupe stamps restart before they could overflow. */
const STAMP_LIMIT = 1 << 30;

/**
 * The lines of a prepared event at one moment, as buildEventIndex and groupLines() make them: which quotes are
 * open (not past the locked-market age), the groups in the order of their first open quote, and per group its
 * lines (quotes within 0.05 of the cluster's lowest line) with each book's best open quote per side. A line
 * none of whose quotes closed is the prepared one (with its fair line, arbitrage legs and best prices); the
 * others are made here from the group's sorted quotes. Everything is typed arrays reused from one event to
 * the next.
 */
export class LineSet {
  p!: PreparedEvent;
  now = 0;
  live = false;

  /**
   * Per group: all its quotes open (1). Per quote of the other groups: open at `now` (1) or too old to bet (0).
   * Per quote: its line (spreads: from the reference side at `now`; the prepared lines unless a reference side
   * changed).
   */
  fresh = new Uint8Array(64);
  open = new Uint8Array(1024);
  line: Float64Array = new Float64Array(0);
  private lineCopy = new Float64Array(1024);

  /** Groups with an open quote, in the order of their first open quote; per group its first open quote. */
  groupOrder = new Int32Array(64);
  liveGroups = 0;
  firstOpen = new Int32Array(64);
  /** Per group at `now`: spreads' reference side, the player/team of its first open quote. */
  gReference: (string | undefined)[] = [];
  gDescription: (string | undefined)[] = [];

  // lines: sides lSideStart[l] .. + lSideCount[l] (lSideStart −1 until a prepared line's sides are copied in:
  // sidesOf); lLine NaN for a moneyline's null; lPrepared: the prepared line it is, or −1
  lineCount = 0;
  lGroup = new Int32Array(256);
  lLine = new Float64Array(256);
  lSpan = new Float64Array(256);
  lSideStart = new Int32Array(256);
  lSideCount = new Int32Array(256);
  lPrepared = new Int32Array(256);
  // sides: the name names[sName[s]], each book's best quote, pool[sStart[s] .. + sLength[s])
  sideCount = 0;
  sName = new Int32Array(512);
  sStart = new Int32Array(512);
  sLength = new Int32Array(512);
  poolSize = 0;
  pool = new Int32Array(1024);

  // arbitrageLegs() scratch
  private readonly swapped = new Int32Array(3);
  private readonly bestSwap = new Int32Array(3);

  /** collectTopTwo()'s answer. */
  topFirst = new Int32Array(64);
  topSecond = new Int32Array(64);
  topLow = 0;
  topHigh = 0;
  topHighStart = 0;
  private topKeys = new Float64Array(64);

  /** fairLine()'s answer: how many books went in (each side's probability: fairProbability()). */
  fairBooks = 0;
  // per side of the current fair line: its probability once known (NaN until then) and an upper bound of it
  private fairOfSide = new Float64Array(8);
  private fairUpper = new Float64Array(8);
  private fairFirstBooks = 0;
  private lastMedianSide = -1;
  /** Prepare mode: the byLine positions a line's quotes came from. */
  private lQuoteStart = new Int32Array(256);
  private lQuoteEnd = new Int32Array(256);
  private openAt = new Int32Array(1024);
  // addOpenPart() scratch: the prepared sides kept, by their first open quote
  private partSide = new Int32Array(8);
  private partFirst = new Int32Array(8);

  // scratch
  private openQuotes = new Int32Array(1024);
  private resorted = new Int32Array(1024);
  private sortTemp = new Int32Array(1024);
  private quoteSide = new Int32Array(1024);
  private nameStamp = new Int32Array(64);
  private nameSide = new Int32Array(64);
  private heldStamp = new Int32Array(256);
  private heldAt = new Int32Array(256);
  private stamp = 0;
  private fairBuffer = new Float64Array(256);
  private weightBuffer = new Float64Array(64);
  private medianOrder = new Int32Array(64);
  private medianSize = 0;
  private readonly row: number[] = [];

  /** The lines at `now`: prepared lines for groups whose quotes are all open, clustered here for the others. */
  load(p: PreparedEvent, now: number): void {
    this.live = Number.isNaN(p.commence) || p.commence <= now;
    this.start(p, now, this.live ? LOCKED_MAX_AGE_LIVE_MS : LOCKED_MAX_AGE_MS, true);
  }

  /** The lines with every quote open, clustered here (to prepare them). */
  loadAllOpen(p: PreparedEvent): void {
    this.live = false;
    this.start(p, 0, Infinity, false);
  }

  private start(p: PreparedEvent, now: number, maxAge: number, usePrepared: boolean): void {
    this.p = p;
    this.now = now;
    this.lineCount = 0;
    this.sideCount = 0;
    this.poolSize = 0;
    const n = p.quoteCount;
    this.open = grownByte(this.open, n);
    this.line = p.qLine;
    this.orderGroups(maxAge);
    this.openQuotes = grownInt(this.openQuotes, n);
    this.nameStamp = grownInt(this.nameStamp, p.names.length);
    this.nameSide = grownInt(this.nameSide, p.names.length);
    this.openAt = grownInt(this.openAt, n);
    for (let k = 0; k < this.liveGroups; k++) {
      const g = this.groupOrder[k];
      this.gDescription[g] = p.qDescription[this.firstOpen[g]];
      if (usePrepared && this.fresh[g] === 1) {
        this.gReference[g] = p.gReference[g];
        for (let pl = p.gLineStart[g]; pl < p.gLineEnd[g]; pl++) this.copyPreparedLine(g, pl);
      } else this.addGroupLines(g, now, maxAge, usePrepared);
    }
  }

  /**
   * Which quotes are open, and the groups in buildEventIndex's order: a group is made at its first open quote,
   * so they go in that order, without those whose quotes all closed.
   */
  private orderGroups(maxAge: number): void {
    const p = this.p;
    const { groupCount, byGroup, gStart, gEnd, gOldest, qUpdated } = p;
    const now = this.now;
    this.groupOrder = grownInt(this.groupOrder, groupCount);
    this.firstOpen = grownInt(this.firstOpen, groupCount);
    this.fresh = grownByte(this.fresh, groupCount);
    const { open, fresh, groupOrder, firstOpen } = this;
    let count = 0;
    for (let g = 0; g < groupCount; g++) {
      let first = -1;
      if (now - gOldest[g] <= maxAge) {
        fresh[g] = 1;
        first = byGroup[gStart[g]];
      } else {
        fresh[g] = 0;
        for (let k = gStart[g]; k < gEnd[g]; k++) {
          const q = byGroup[k];
          open[q] = maxAge === Infinity || now - qUpdated[q] <= maxAge ? 1 : 0;
          if (first < 0 && open[q] === 1) first = q;
        }
      }
      firstOpen[g] = first;
      if (first < 0) continue;
      // groups are numbered by their first quote, so this is nearly always in order already
      let j = count - 1;
      while (j >= 0 && firstOpen[groupOrder[j]] > first) {
        groupOrder[j + 1] = groupOrder[j];
        j--;
      }
      groupOrder[j + 1] = g;
      count++;
    }
    this.liveGroups = count;
  }

  /**
   * A prepared line none of whose quotes has closed, as it is. Its fair line, arbitrage legs and best prices
   * are prepared too, so its sides are copied only when something asks for them (sidesOf).
   */
  private copyPreparedLine(g: number, pl: number): void {
    const prepared = this.p.lines;
    const l = this.newLine(g, prepared.lLine[pl], prepared.lSpan[pl]);
    this.lPrepared[l] = pl;
    this.lSideStart[l] = -1;
    this.lSideCount[l] = prepared.lSideCount[pl];
  }

  /** The first side of line l (its sides are lSideCount[l] from there), copying a prepared line's sides in. */
  sidesOf(l: number): number {
    if (this.lSideStart[l] >= 0) return this.lSideStart[l];
    const prepared = this.p.lines;
    const pl = this.lPrepared[l];
    const firstSide = prepared.lSideStart[pl];
    this.lSideStart[l] = this.sideCount;
    for (let ps = firstSide; ps < firstSide + prepared.lSideCount[pl]; ps++) {
      const length = prepared.sLength[ps];
      const s = this.newSide(prepared.sName[ps]);
      this.pool = grownInt(this.pool, this.poolSize + length);
      const from = prepared.sStart[ps];
      const pool = this.pool;
      const at = this.poolSize;
      for (let k = 0; k < length; k++) pool[at + k] = prepared.pool[from + k];
      this.sStart[s] = at;
      this.sLength[s] = length;
      this.poolSize += length;
    }
    return this.lSideStart[l];
  }

  /**
   * groupLines(group, 0.05) over the group's open quotes. When the group's prepared lines each hold one line
   * value (and the spread's reference side has not changed), closing quotes cannot merge or split them: the
   * lines none of whose quotes closed are taken as prepared and only the others are made again.
   */
  private addGroupLines(g: number, now: number, maxAge: number, usePrepared: boolean): void {
    const p = this.p;
    const from = p.gStart[g];
    const to = p.gEnd[g];
    let order = p.byLine;
    let orderFrom = from;
    this.gReference[g] = undefined;
    if (p.gKind[g] === SPREAD) {
      const reference =
        maxAge === Infinity ? p.gReference[g] : spreadReference(p.names, p.gNameStart[g], p.gNameEnd[g], p.header.home_team, p.nameNewest, now, maxAge);
      this.gReference[g] = reference;
      if (reference === p.gReference[g] && usePrepared && p.lines.gSimple[g] === 1) {
        this.addIntactLines(g, now, maxAge);
        return;
      }
      if (reference !== p.gReference[g]) {
        // the prepared reference side has no open quote left: orient and sort the group again
        if (this.line === p.qLine) {
          this.lineCopy = grownFloat(this.lineCopy, p.quoteCount);
          this.lineCopy.set(p.qLine);
          this.line = this.lineCopy;
        }
        const line = this.line;
        const reading = p.byGroup;
        for (let k = from; k < to; k++) {
          const q = reading[k];
          line[q] = p.names[p.qName[q]] === reference ? p.qPoint[q] : -p.qPoint[q];
        }
        this.resorted = grownInt(this.resorted, to - from);
        this.sortTemp = grownInt(this.sortTemp, to - from);
        for (let k = from; k < to; k++) this.resorted[k - from] = reading[k];
        sortByLine(this.resorted, 0, to - from, line, this.sortTemp);
        order = this.resorted;
        orderFrom = 0;
      }
    }
    if (p.gKind[g] === TOTAL && usePrepared && p.lines.gSimple[g] === 1) {
      this.addIntactLines(g, now, maxAge);
      return;
    }
    const open = this.open;
    const allOpen = this.fresh[g] === 1;
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
    this.lQuoteStart[l] = openAt[0];
    this.lQuoteEnd[l] = openAt[n - 1] + 1;
  }

  /** The lines of a group whose prepared lines each hold one line value (see addGroupLines). */
  private addIntactLines(g: number, now: number, maxAge: number): void {
    const p = this.p;
    const prepared = p.lines;
    const { open, line, openQuotes: quotes } = this;
    for (let pl = p.gLineStart[g]; pl < p.gLineEnd[g]; pl++) {
      if (now - prepared.lOldest[pl] <= maxAge) {
        this.copyPreparedLine(g, pl);
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
      if (n > 0) this.addLine(g, line[quotes[0]], line[quotes[n - 1]] - line[quotes[0]], quotes, 0, n);
    }
  }

  /**
   * The open part of prepared line pl when each book quotes it once per side: sidesOf() would keep every open
   * quote, so the line is the prepared one without its closed quotes, sides in the order of their first open
   * quote (a single-valued line lists its quotes in reading order, so quote numbers give that order).
   */
  private addOpenPart(g: number, pl: number): void {
    const prepared = this.p.lines;
    const open = this.open;
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
    const l = this.newLine(g, this.line[first], this.line[last] - this.line[first]);
    for (let i = 0; i < sides; i++) {
      const ps = partSide[i];
      const s = this.newSide(prepared.sName[ps]);
      this.pool = grownInt(this.pool, this.poolSize + prepared.sLength[ps]);
      const pool = this.pool;
      this.sStart[s] = this.poolSize;
      for (let k = prepared.sStart[ps]; k < prepared.sStart[ps] + prepared.sLength[ps]; k++) {
        const q = prepared.pool[k];
        if (open[q] === 1) pool[this.poolSize++] = q;
      }
      this.sLength[s] = this.poolSize - this.sStart[s];
    }
    this.lSideCount[l] = sides;
  }

  /**
   * Adds one line per cluster of quotes[0 .. n) (sorted by line) within `tolerance` of the cluster's lowest
   * line. Returns the index of the first line added.
   */
  clusterLines(g: number, quotes: Int32Array, n: number, tolerance: number): number {
    const line = this.line;
    const firstLine = this.lineCount;
    let start = 0;
    for (let i = 1; i <= n; i++) {
      if (i === n || line[quotes[i]] - line[quotes[start]] > tolerance + 1e-9) {
        const l = this.addLine(g, line[quotes[start]], line[quotes[i - 1]] - line[quotes[start]], quotes, start, i);
        this.lQuoteStart[l] = this.openAt[start];
        this.lQuoteEnd[l] = this.openAt[i - 1] + 1;
        start = i;
      }
    }
    return firstLine;
  }

  private newLine(g: number, lineValue: number, span: number): number {
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

  private newSide(name: number): number {
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

  /** One line of quotes[from .. to): sidesOf, each book keeping its best price per side (the first on a tie). */
  private addLine(g: number, lineValue: number, span: number, quotes: Int32Array, from: number, to: number): number {
    const l = this.newLine(g, lineValue, span);
    const firstSide = this.sideCount;
    if (++this.stamp === STAMP_LIMIT) this.restartStamps();
    const stamp = this.stamp;
    this.quoteSide = grownInt(this.quoteSide, to - from);
    const { quoteSide, nameStamp, nameSide } = this;
    const qName = this.p.qName;
    // first pass: each quote's side (sides in order of first appearance) and an upper bound of each side's size
    for (let k = from; k < to; k++) {
      const name = qName[quotes[k]];
      let s: number;
      if (nameStamp[name] === stamp) s = nameSide[name];
      else {
        s = this.newSide(name);
        nameStamp[name] = stamp;
        nameSide[name] = s;
      }
      quoteSide[k - from] = s;
      this.sLength[s]++;
    }
    const sides = this.sideCount - firstSide;
    this.lSideCount[l] = sides;
    this.pool = grownInt(this.pool, this.poolSize + (to - from));
    for (let s = firstSide; s < this.sideCount; s++) {
      this.sStart[s] = this.poolSize;
      this.poolSize += this.sLength[s];
      this.sLength[s] = 0;
    }
    // second pass: one quote per book per side, its best; a stamp per (side, book) says where it is held
    const books = bookKeys.length;
    this.heldStamp = grownInt(this.heldStamp, sides * books);
    this.heldAt = grownInt(this.heldAt, sides * books);
    const { pool, sStart, sLength, heldStamp, heldAt } = this;
    const { qBook, qDecimal } = this.p;
    for (let k = from; k < to; k++) {
      const q = quotes[k];
      const s = quoteSide[k - from];
      const slot = (s - firstSide) * books + qBook[q];
      if (heldStamp[slot] !== stamp) {
        heldStamp[slot] = stamp;
        const at = sStart[s] + sLength[s]++;
        heldAt[slot] = at;
        pool[at] = q;
      } else if (qDecimal[q] > qDecimal[pool[heldAt[slot]]]) pool[heldAt[slot]] = q;
    }
    return l;
  }

  private restartStamps(): void {
    this.nameStamp.fill(0);
    this.heldStamp.fill(0);
    this.stamp = 1;
  }

  /**
   * Where the lines end now, so a scan can add lines (arbitrage's split at 0.01) and drop them again (reset).
   */
  mark(): { lines: number; sides: number; pool: number } {
    return { lines: this.lineCount, sides: this.sideCount, pool: this.poolSize };
  }

  reset(mark: { lines: number; sides: number; pool: number }): void {
    this.lineCount = mark.lines;
    this.sideCount = mark.sides;
    this.poolSize = mark.pool;
  }

  /**
   * fairLine(): whether line l has a fair line by `method` (every non-DFS book quoting all its sides is
   * de-vigged; at least 4 such books), with fairBooks set to how many went in. Each side's probability, the
   * weighted median of its de-vigged values, is worked out when asked for (fairProbability).
   */
  fairLine(l: number, method: DevigMethod, blend: readonly BlendableMethod[] = DEFAULT_BLEND): boolean {
    const pl = this.lPrepared[l];
    this.lastMedianSide = -1;
    if (pl >= 0 && method === DEFAULT_DEVIG_METHOD) {
      const prepared = this.p.lines;
      if (prepared.lFair[pl] === 0) return false;
      const sides = prepared.lSideCount[pl];
      this.fairOfSide = grownFloat(this.fairOfSide, sides);
      this.fairUpper = grownFloat(this.fairUpper, sides);
      const firstSide = prepared.lSideStart[pl];
      for (let i = 0; i < sides; i++) this.fairOfSide[i] = this.fairUpper[i] = prepared.sFair[firstSide + i];
      this.fairBooks = prepared.lFairBooks[pl];
      return true;
    }
    return this.computeFairLine(l, method, blend);
  }

  /** Side i's fair probability on the line of the last fairLine(); NaN where weightedMedian() gives null. */
  fairProbability(i: number): number {
    if (Number.isNaN(this.fairOfSide[i])) {
      const reuseOrder = this.lastMedianSide === i - 1 && i > 0;
      this.fairOfSide[i] = this.weightedMedian(this.fairBuffer, i * this.fairFirstBooks, this.weightBuffer, this.fairBooks, reuseOrder);
      this.lastMedianSide = i;
    }
    return this.fairOfSide[i];
  }

  /**
   * A number no smaller than fairProbability(i) (its largest de-vigged value; the median is one of them or
   * the mean of two), NaN when there is none: enough to tell that no price on the side has positive EV.
   */
  fairBound(i: number): number {
    return this.fairUpper[i];
  }

  private computeFairLine(l: number, method: DevigMethod, blend: readonly BlendableMethod[]): boolean {
    const sides = this.lSideCount[l];
    const g = this.lGroup[l];
    const expected = this.p.gKind[g] === MONEYLINE ? this.p.gCount[g] : 2;
    if (sides !== expected || sides < 2) return false;
    const firstSide = this.sidesOf(l);
    const { pool, sStart, sLength } = this;
    for (let s = firstSide; s < firstSide + sides; s++) if (sLength[s] < DEVIG_MIN_BOOKS) return false;
    const { qBook, qDecimal } = this.p;
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
        for (let j = sStart[s]; match < 0 && j < sStart[s] + sLength[s]; j++) if (qBook[pool[j]] === book) match = pool[j];
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
    this.fairBooks = count;
    this.fairFirstBooks = firstBooks;
    return true;
  }

  /**
   * weightedMedian() of values[offset .. offset + n) with weights[0 .. n); NaN where it gives null. Sorted by
   * (value, index): the order of a stable sort by value, whatever order the indices start in. The sides of a
   * line are nearly mirror images, so each side after the first starts from the previous side's order reversed.
   */
  private weightedMedian(values: Float64Array, offset: number, weights: Float64Array, n: number, reuseOrder: boolean): number {
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
      if (Math.abs(cumulative - half) < 1e-12 && k + 1 < size) return (values[offset + order[k]] + values[offset + order[k + 1]]) / 2;
      if (cumulative > half) return values[offset + order[k]];
    }
    return values[offset + order[size - 1]];
  }

  /** These lines (loaded with loadAllOpen) as prepared lines, with their fair lines by the default method. */
  toPrepared(): { lines: PreparedLines; gLineStart: Int32Array; gLineEnd: Int32Array } {
    const { lineCount, sideCount, poolSize } = this;
    const groupCount = this.p.groupCount;
    const gLineStart = new Int32Array(groupCount);
    const gLineEnd = new Int32Array(groupCount);
    const lFair = new Uint8Array(lineCount);
    const lFairBooks = new Int32Array(lineCount);
    const sFair = new Float64Array(sideCount);
    const lOldest = new Float64Array(lineCount);
    const sTop = new Float64Array(sideCount);
    const sDfs = new Uint8Array(sideCount);
    for (let s = 0; s < sideCount; s++) {
      for (let k = this.sStart[s]; k < this.sStart[s] + this.sLength[s]; k++) {
        const q = this.pool[k];
        if (bookDfs[this.p.qBook[q]]) sDfs[s] = 1;
        else sTop[s] = Math.max(sTop[s], this.p.qDecimal[q]);
      }
    }
    const gSimple = new Uint8Array(groupCount);
    const { byLine, qUpdated, gKind } = this.p;
    for (let g = 0; g < groupCount; g++) gSimple[g] = gKind[g] === MONEYLINE ? 0 : 1;
    for (let l = 0; l < lineCount; l++) {
      const g = this.lGroup[l];
      if (l === 0 || this.lGroup[l - 1] !== g) gLineStart[g] = l;
      gLineEnd[g] = l + 1;
      if (this.lSpan[l] !== 0) gSimple[g] = 0;
      let oldest = Infinity;
      // NaN sticks: a quote of unreadable time is never open
      for (let k = this.lQuoteStart[l]; k < this.lQuoteEnd[l] && !Number.isNaN(oldest); k++) oldest = Math.min(oldest, qUpdated[byLine[k]]);
      lOldest[l] = oldest;
      if (!this.computeFairLine(l, DEFAULT_DEVIG_METHOD, DEFAULT_BLEND)) continue;
      lFair[l] = 1;
      lFairBooks[l] = this.fairBooks;
      this.lastMedianSide = -1;
      for (let i = 0; i < this.lSideCount[l]; i++) sFair[this.lSideStart[l] + i] = this.fairProbability(i);
    }
    const lUnique = new Uint8Array(lineCount);
    for (let l = 0; l < lineCount; l++) {
      let listed = 0;
      for (let s = this.lSideStart[l]; s < this.lSideStart[l] + this.lSideCount[l]; s++) listed += this.sLength[s];
      lUnique[l] = listed === this.lQuoteEnd[l] - this.lQuoteStart[l] ? 1 : 0;
    }
    const lLegs = new Int32Array(3 * lineCount);
    const lLegCount = new Uint8Array(lineCount);
    const legs = new Int32Array(3);
    for (let l = 0; l < lineCount; l++) {
      lLegCount[l] = this.arbitrageLegs(l, null, legs);
      for (let i = 0; i < lLegCount[l]; i++) lLegs[3 * l + i] = legs[i];
    }
    const gMidStart = new Int32Array(groupCount);
    const gMidLow = new Int32Array(groupCount);
    const gMidHigh = new Int32Array(groupCount);
    const midFirst: number[] = [];
    const midSecond: number[] = [];
    for (let g = 0; g < groupCount; g++) {
      gMidStart[g] = midFirst.length;
      if (gKind[g] === MONEYLINE || this.p.gGameLine[g] === 0) continue;
      this.collectTopTwo(g, null);
      for (const [from, count] of [
        [0, this.topLow],
        [this.topHighStart, this.topHigh],
      ]) {
        for (let e = from; e < from + count; e++) {
          midFirst.push(this.topFirst[e]);
          midSecond.push(this.topSecond[e]);
        }
      }
      gMidLow[g] = this.topLow;
      gMidHigh[g] = this.topHigh;
    }
    return {
      gLineStart,
      gLineEnd,
      lines: {
        lineCount,
        lQuoteStart: this.lQuoteStart.slice(0, lineCount),
        lQuoteEnd: this.lQuoteEnd.slice(0, lineCount),
        lOldest,
        gSimple,
        lLine: this.lLine.slice(0, lineCount),
        lSpan: this.lSpan.slice(0, lineCount),
        lSideStart: this.lSideStart.slice(0, lineCount),
        lSideCount: this.lSideCount.slice(0, lineCount),
        lFair,
        lFairBooks,
        sName: this.sName.slice(0, sideCount),
        sStart: this.sStart.slice(0, sideCount),
        sLength: this.sLength.slice(0, sideCount),
        sFair,
        sTop,
        sDfs,
        pool: this.pool.slice(0, poolSize),
        gMidStart,
        gMidLow,
        gMidHigh,
        midFirst: Int32Array.from(midFirst),
        midSecond: Int32Array.from(midSecond),
        lLegs,
        lLegCount,
        lUnique,
      },
    };
  }

  /**
   * bestQuote() of side s for arbitrage: its highest price (ties: the most recent) from a book that may take
   * part (not excluded, in `allowed` when given) other than `skipBook`; −1 when none.
   */
  bestOfSide(s: number, allowed: Set<string> | null, skipBook: number): number {
    const pool = this.pool;
    const { qBook, qDecimal, qUpdated } = this.p;
    let best = -1;
    let bestDecimal = 0;
    const end = this.sStart[s] + this.sLength[s];
    for (let k = this.sStart[s]; k < end; k++) {
      const q = pool[k];
      const book = qBook[q];
      if (book === skipBook || bookExcluded[book] || (allowed !== null && !allowed.has(bookKeys[book]))) continue;
      const decimal = qDecimal[q];
      if (best < 0 || decimal > bestDecimal || (decimal === bestDecimal && qUpdated[q] > qUpdated[best])) {
        best = q;
        bestDecimal = decimal;
      }
    }
    return best;
  }

  /**
   * topTwoByLine() of group g (a game line) for middles, over its open quotes from books that may take part
   * (not excluded, in `allowed` when given), alternates left out: per line (in order of appearance) the best
   * quote and the best from another book (−1: none), "low" bets (Over, the reference side) in topFirst /
   * topSecond [0, topLow), "high" bets in [topHighStart, + topHigh).
   */
  collectTopTwo(g: number, allowed: Set<string> | null): void {
    const p = this.p;
    const { byGroup, qBook, qDecimal, qMarket, qName, names, mAlternate, gKind, gStart, gEnd } = p;
    const size = gEnd[g] - gStart[g];
    if (this.topKeys.length < 2 * size) {
      this.topKeys = new Float64Array(4 * size);
      this.topFirst = new Int32Array(4 * size);
      this.topSecond = new Int32Array(4 * size);
    }
    const { topKeys, topFirst, topSecond, open, line } = this;
    let lowCount = 0;
    let highCount = 0;
    const total = gKind[g] === TOTAL;
    const reference = this.gReference[g];
    const allOpen = this.fresh[g] === 1;
    for (let k = gStart[g]; k < gEnd[g]; k++) {
      const q = byGroup[k];
      if ((!allOpen && open[q] === 0) || mAlternate[qMarket[q]] === 1) continue;
      const book = qBook[q];
      if (bookExcluded[book] || (allowed !== null && !allowed.has(bookKeys[book]))) continue;
      const name = names[qName[q]];
      const low = total ? name === 'Over' : name === reference;
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
      } else if (qDecimal[q] > qDecimal[topFirst[e]]) {
        if (book !== qBook[topFirst[e]]) topSecond[e] = topFirst[e];
        topFirst[e] = q;
      } else if (book !== qBook[topFirst[e]] && (topSecond[e] < 0 || qDecimal[q] > qDecimal[topSecond[e]])) topSecond[e] = q;
    }
    this.topLow = lowCount;
    this.topHigh = highCount;
    this.topHighStart = size;
  }

  /**
   * bestLegs() of line l: the best quote per side from books that may take part (not excluded, in `allowed`
   * when given), for a complete two-way market or a 1X2 with a draw; when one book is best on every side, the
   * most profitable combination that swaps one side to another book; spread points summing to zero and totals
   * points equal within 0.01. Writes the legs in side order into `legs` and answers how many (0: none).
   */
  arbitrageLegs(l: number, allowed: Set<string> | null, legs: Int32Array): number {
    const pl = this.lPrepared[l];
    if (pl >= 0 && allowed === null) {
      const prepared = this.p.lines;
      const count = prepared.lLegCount[pl];
      for (let i = 0; i < count; i++) legs[i] = prepared.lLegs[3 * pl + i];
      return count;
    }
    const g = this.lGroup[l];
    const { gKind, gCount, qBook, qPoint } = this.p;
    const kind = gKind[g];
    const sides = this.lSideCount[l];
    const firstSide = this.sidesOf(l);
    if (kind === MONEYLINE) {
      if (gCount[g] !== sides) return 0;
      if (sides === 3) {
        let draw = false;
        for (let s = firstSide; s < firstSide + 3; s++) if (this.sideName(s).toLowerCase() === 'draw') draw = true;
        if (!draw) return 0;
      }
    }
    if (sides !== 2 && !(sides === 3 && kind === MONEYLINE)) return 0;
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
    if (kind === TOTAL && Math.abs(qPoint[legs[0]] - qPoint[legs[1]]) > ARBITRAGE_LINE_TOLERANCE + 1e-9) return 0;
    if (kind === SPREAD && Math.abs(qPoint[legs[0]] + qPoint[legs[1]]) > ARBITRAGE_LINE_TOLERANCE + 1e-9) return 0;
    return sides;
  }

  /** arbitrageProfit() of the first n quotes of `quotes`, summed in their order. */
  profitOf(quotes: Int32Array, n: number): number {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += 1 / this.p.qDecimal[quotes[i]];
    return 1 / sum - 1;
  }

  /** The prepared side that side i of line l was copied from, or −1 when the line was made at this scan. */
  preparedSide(l: number, i: number): number {
    const pl = this.lPrepared[l];
    return pl < 0 ? -1 : this.p.lines.lSideStart[pl] + i;
  }

  /** The Quote object of quote q, as buildEventIndex builds it: only for the legs of reported opportunities. */
  quote(q: number): Quote {
    const p = this.p;
    const m = p.qMarket[q];
    const point = p.qPoint[q];
    return {
      book: bookKeys[p.qBook[q]],
      bookTitle: p.mTitle[m],
      market: p.mKey[m],
      alternate: p.mAlternate[m] === 1,
      outcome: p.names[p.qName[q]],
      description: p.qDescription[q],
      point: Number.isNaN(point) ? undefined : point,
      decimal: p.qDecimal[q],
      lastUpdate: p.mLastUpdate[m],
      updatedAt: p.qUpdated[q],
      line: this.line[q],
      link: p.qLink[q],
    };
  }

  group(g: number): Pick<MarketGroup, 'family' | 'description' | 'kind'> {
    return { family: this.p.gFamily[g], description: this.gDescription[g], kind: KIND_NAMES[this.p.gKind[g]] };
  }

  sideName(s: number): string {
    return this.p.names[this.sName[s]];
  }
}
