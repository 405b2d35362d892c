import type { EventHeader } from '../../domain/odds';
import { canonicalBookKey, isDfsBook } from '../../domain/books/sportsbooks';
import { bookWeight } from '../odds/fair-probability';
import { familyNumber, isAlternateMarket, isLayMarket, marketFamily } from '../lines/line-rules';
import type { Quote } from '../lines/market-lines';
import { isGameLineFamily } from '../opportunities/middles';
import { SCANNER_EXCLUDED_BOOKS } from '../opportunities/opportunity-legs';

/**
 * One event's prices in columns, read once when the event changes and scanned as often as wanted (the scan
 * applies the clock: locked-market age, live rules, stale flags). It holds what buildEventIndex reads, in the
 * same order, minus what never depends on the clock: exchange lay markets and locked prices (0, missing,
 * beyond ±5000) are left out here; markets too old to bet are left out by each scan. Quotes are grouped as
 * buildEventIndex groups them (family, player/team, kind, outcome count), and each group's quotes are kept
 * both in reading order (middles, group order) and sorted by line (line clustering), so a scan never sorts.
 * Each group's lines are prepared as well, with what the finders work out from a line that does not depend on
 * the clock (fair line, arbitrage legs, best prices, middles tables), for the lines none of whose prices has
 * aged out by the time of a scan.
 *
 * It keeps strings (names, keys, times, links) but not the board's objects, so a board kept prepared does not
 * keep the parsed feed alive.
 */
export interface PreparedEvent {
  header: EventHeader;
  /** commence_time in ms since the epoch; NaN when unreadable (the event then counts as live). */
  commence: number;
  quoteCount: number;
  /** Per quote, in reading order (bookmaker, market, outcome). */
  qMarket: Int32Array;
  qGroup: Int32Array;
  qBook: Int32Array;
  /** Index into `names` (the outcome name; names are per group). */
  qName: Int32Array;
  /** The quoted price (fair lines), and the price net of the book's commission (arbitrage, middles, EV). */
  qDecimal: Float64Array;
  qEffective: Float64Array;
  /** NaN on moneylines. */
  qPoint: Float64Array;
  /** Totals: the point. Spreads: the point seen from the group's reference side over all its quotes. */
  qLine: Float64Array;
  qUpdated: Float64Array;
  qDescription: (string | undefined)[];
  qLink: (string | undefined)[];
  /** Per market. */
  mKey: string[];
  mLastUpdate: string[];
  mTitle: string[];
  mAlternate: Uint8Array;
  /** Each market's quotes are [mQuoteStart[m], mQuoteStart[m + 1]). */
  mQuoteStart: Int32Array;
  /** Each market of the event in reading order (book by book), the market it was read as; −1: not read (lay, locked). */
  rawMarket: Int32Array;
  groupCount: number;
  gFamily: string[];
  gKind: Uint8Array;
  gGameLine: Uint8Array;
  /** Moneylines: outcomes per book (2, or 3 for 1X2); 0 otherwise. */
  gCount: Int32Array;
  /** Spreads: the reference side over all the group's quotes. */
  gReference: (string | undefined)[];
  /** The group's quotes are byGroup / byLine [gStart, gEnd). */
  gStart: Int32Array;
  gEnd: Int32Array;
  /** The group's outcome names are names [gNameStart, gNameEnd). */
  gNameStart: Int32Array;
  gNameEnd: Int32Array;
  names: string[];
  /** Per name: its newest quote's update (whether any quote of that name is still open). */
  nameNewest: Float64Array;
  byGroup: Int32Array;
  /** Stable by line within each group (moneylines: reading order). */
  byLine: Int32Array;
  /** Each group's oldest quote update (NaN when one is unreadable): are all its quotes open? */
  gOldest: Float64Array;
  /**
   * Whether the event's lines are prepared (gLineStart, gLineEnd, lines): not for an event read for one scan
   * (readEvent), whose scan makes every line.
   */
  linesPrepared: boolean;
  /**
   * Each group's lines as a scan makes them when every quote is open (no price past the locked-market age):
   * lines [gLineStart, gLineEnd) of `lines`. A scan takes those none of whose quotes closed and makes the
   * others (see LineSet).
   */
  gLineStart: Int32Array;
  gLineEnd: Int32Array;
  lines: PreparedLines;
  /** Per book id (bookIdOf): the commission (FRACTION) the event was prepared with; 0 at a book. */
  bookCommission: Float64Array;
  /** The lay prices at exchanges that lay a moneyline group of the event, in reading order (back-lay.ts). */
  lays: PreparedLay[];
}

/** The columns read from an event's books, as they are copied out (or lent) once it is read. */
export type EventColumns = Pick<
  PreparedEvent,
  | 'qMarket'
  | 'qGroup'
  | 'qBook'
  | 'qName'
  | 'qDecimal'
  | 'qPoint'
  | 'qLine'
  | 'qUpdated'
  | 'qDescription'
  | 'qLink'
  | 'mKey'
  | 'mLastUpdate'
  | 'mTitle'
  | 'mAlternate'
  | 'mQuoteStart'
  | 'rawMarket'
  | 'gFamily'
  | 'gKind'
  | 'gGameLine'
  | 'gCount'
  | 'gStart'
  | 'gEnd'
  | 'gNameStart'
  | 'gNameEnd'
  | 'nameNewest'
  | 'byGroup'
  | 'byLine'
  | 'gOldest'
>;

/** A lay price as buildEventIndex reads it (its `effective` is its decimal), its book id and the group it lays. */
export interface PreparedLay {
  quote: Quote;
  book: number;
  group: number;
}

/**
 * Lines as buildEventIndex's groupLines() makes them (MarketLine): line l has sides [lSideStart[l],
 * + lSideCount[l]); side s is the name names[sName[s]] and each book's best quote on it, pool [sStart[s],
 * + sLength[s]). Prepared lines also carry their fair line by the default de-vig method (fairLine()):
 * lFair[l] = 1 when there is one, lFairBooks[l] books went into it and sFair[s] is side s's probability.
 * Line l was made from the group's quotes byLine [lQuoteStart[l], lQuoteEnd[l]), the oldest updated at
 * lOldest[l] (NaN when one is unreadable). gSimple: every line of the group holds a single line value, so its
 * lines stay apart whatever quotes close, and a line none of whose quotes closed is unchanged. Without a
 * book filter a side's best price from a book other
 * than a DFS app sTop[s] (its effective price; 0: none), and sDfs[s] = 1 when a DFS app quotes it. For middles, a game-line
 * group's topTwoByLine() without a book filter: its "low" lines are mid [gMidStart[g], + gMidLow[g]) and its
 * "high" lines the gMidHigh[g] after them, each the best quote midFirst and the best from another book
 * midSecond (−1: none). A line's arbitrage legs without a book filter (bestLegs(): best quote per side, one
 * side swapped to another book when one book is best on all) are lLegs [3l, 3l + lLegCount[l]) (0: none).
 * lUnique[l] = 1 when each book quotes the line once per side (every quote of the line is on a side list).
 */
export interface PreparedLines {
  lineCount: number;
  lQuoteStart: Int32Array;
  lQuoteEnd: Int32Array;
  lOldest: Float64Array;
  gSimple: Uint8Array;
  lLine: Float64Array;
  lSpan: Float64Array;
  lSideStart: Int32Array;
  lSideCount: Int32Array;
  lFair: Uint8Array;
  lFairBooks: Int32Array;
  sName: Int32Array;
  sStart: Int32Array;
  sLength: Int32Array;
  sFair: Float64Array;
  sTop: Float64Array;
  sDfs: Uint8Array;
  pool: Int32Array;
  gMidStart: Int32Array;
  gMidLow: Int32Array;
  gMidHigh: Int32Array;
  midFirst: Int32Array;
  midSecond: Int32Array;
  lLegs: Int32Array;
  lLegCount: Uint8Array;
  lUnique: Uint8Array;
}

// Books and market keys repeat on every event: what the finders need of them is looked up once, by integer id.
const bookIds = new Map<string, number>();
const canonicalIds = new Map<string, number>();
export const bookKeys: string[] = [];
export const bookDfs: boolean[] = [];
export const bookWeights: number[] = [];
export const bookExcluded: boolean[] = [];
const EXCLUDED = new Set(SCANNER_EXCLUDED_BOOKS);

export function bookIdOf(key: string): number {
  let id = bookIds.get(key);
  if (id === undefined) {
    const canonical = canonicalBookKey(key);
    id = canonicalIds.get(canonical);
    if (id === undefined) {
      id = bookKeys.length;
      canonicalIds.set(canonical, id);
      bookKeys.push(canonical);
      bookDfs.push(isDfsBook(canonical));
      bookWeights.push(bookWeight(canonical));
      bookExcluded.push(EXCLUDED.has(canonical));
    }
    bookIds.set(key, id);
  }
  return id;
}

export interface MarketKey {
  family: string;
  familyId: number;
  alternate: boolean;
  lay: boolean;
  gameLine: boolean;
}
const marketKeys = new Map<string, MarketKey>();

export function marketKeyOf(key: string): MarketKey {
  let info = marketKeys.get(key);
  if (info === undefined) {
    const family = marketFamily(key);
    info = {
      family,
      familyId: familyNumber(family),
      alternate: isAlternateMarket(key),
      lay: isLayMarket(key),
      gameLine: isGameLineFamily(family),
    };
    marketKeys.set(key, info);
  }
  return info;
}

/**
 * The ArrayBuffers of the events a board keeps prepared, taken back when an event is read again or leaves the board,
 * and handed out again. V8 starts a full collection of the heap each time 64 MB of ArrayBuffers have been allocated
 * since the last one: a detection worker that read a 1,000-game board's moved games into new buffers (about 80 MB a
 * poll) set off a full collection at every poll, whose marking of the whole heap took the cores the poll ran on.
 *
 * A buffer goes back only from its one holder (PreparedBoard), once the event it held is no longer read: nothing of a
 * scan outlives the scan. Taking one zero-fills what is asked, so a column reads as a new array would.
 */
export class ColumnPool {
  /** Buffers free to take, by size class (COLUMN_PAGE bytes each); at most MAX_FREE_BYTES in all. */
  private readonly free = new Map<number, ArrayBuffer[]>();
  private freeBytes = 0;
  /** Buffers this pool handed out and has not taken back: only these are taken back, each once. */
  private readonly out = new WeakSet<ArrayBuffer>();

  /** A buffer of at least `bytes`, zero-filled over them. */
  take(bytes: number): ArrayBuffer {
    const pages = Math.max(1, Math.ceil(bytes / COLUMN_PAGE));
    // a buffer a little larger serves: an event read again is mostly the size it was, give or take a market
    for (let size = pages; size <= pages + SPARE_PAGES; size++) {
      const buffer = this.free.get(size)?.pop();
      if (buffer === undefined) continue;
      this.freeBytes -= buffer.byteLength;
      new Uint8Array(buffer, 0, bytes).fill(0);
      this.out.add(buffer);
      return buffer;
    }
    const buffer = new ArrayBuffer(pages * COLUMN_PAGE);
    this.out.add(buffer);
    return buffer;
  }

  /** Takes back `buffer` when it is one this pool handed out; any other, or one given back already, is let go. */
  give(buffer: ArrayBuffer): void {
    if (!this.out.delete(buffer) || this.freeBytes + buffer.byteLength > MAX_FREE_BYTES) return;
    const size = buffer.byteLength / COLUMN_PAGE;
    const free = this.free.get(size);
    if (free) free.push(buffer);
    else this.free.set(size, [buffer]);
    this.freeBytes += buffer.byteLength;
  }
}

const COLUMN_PAGE = 4096;
const SPARE_PAGES = 3;
/** What the pool keeps free: a few hundred events' columns, more than a poll gives back before it takes again. */
const MAX_FREE_BYTES = 32 * 1024 * 1024;

/**
 * An event's columns carved out of one ArrayBuffer: a prepared event holds dozens of short typed arrays, and
 * allocating each on its own costs more than filling it. Sized up front for `floats` Float64 elements, then
 * `ints` Int32 and `bytes` Uint8 ones (in that order, so every view is aligned); zero-filled like a new array. The
 * buffer is `pool`'s when one is given (a board's events), a new one of its own otherwise.
 */
export class ColumnBuffer {
  private readonly buffer: ArrayBuffer;
  private floatAt = 0;
  private intAt: number;
  private byteAt: number;
  private readonly floatEnd: number;
  private readonly intEnd: number;
  private readonly byteEnd: number;

  constructor(floats: number, ints: number, bytes: number, pool: ColumnPool | null = null) {
    this.floatEnd = this.intAt = 8 * floats;
    this.intEnd = this.byteAt = this.intAt + 4 * ints;
    this.byteEnd = this.byteAt + bytes;
    this.buffer = pool ? pool.take(this.byteEnd) : new ArrayBuffer(this.byteEnd);
  }

  float(n: number): Float64Array<ArrayBuffer> {
    const a = new Float64Array(this.buffer, this.floatAt, n);
    this.floatAt += 8 * n;
    if (this.floatAt > this.floatEnd) throw new RangeError('ColumnBuffer: more Float64 elements than sized for');
    return a;
  }

  int(n: number): Int32Array<ArrayBuffer> {
    const a = new Int32Array(this.buffer, this.intAt, n);
    this.intAt += 4 * n;
    if (this.intAt > this.intEnd) throw new RangeError('ColumnBuffer: more Int32 elements than sized for');
    return a;
  }

  byte(n: number): Uint8Array<ArrayBuffer> {
    const a = new Uint8Array(this.buffer, this.byteAt, n);
    this.byteAt += n;
    if (this.byteAt > this.byteEnd) throw new RangeError('ColumnBuffer: more Uint8 elements than sized for');
    return a;
  }

  /** The first n elements of `from`, copied (as from.slice(0, n)). */
  floatsOf(from: Float64Array, n: number): Float64Array<ArrayBuffer> {
    const a = this.float(n);
    a.set(from.subarray(0, n));
    return a;
  }

  intsOf(from: Int32Array, n: number): Int32Array<ArrayBuffer> {
    const a = this.int(n);
    a.set(from.subarray(0, n));
    return a;
  }

  bytesOf(from: Uint8Array, n: number): Uint8Array<ArrayBuffer> {
    const a = this.byte(n);
    a.set(from.subarray(0, n));
    return a;
  }

  /** The first n items of a list, copied (kept beside the typed columns so one call site copies an event out). */
  listOf<T>(from: T[], n: number): T[] {
    return from.slice(0, n);
  }
}

export const grownInt = (a: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> => {
  if (n <= a.length) return a;
  const b = new Int32Array(Math.max(n, a.length * 2));
  b.set(a);
  return b;
};
export const grownFloat = (a: Float64Array<ArrayBuffer>, n: number): Float64Array<ArrayBuffer> => {
  if (n <= a.length) return a;
  const b = new Float64Array(Math.max(n, a.length * 2));
  b.set(a);
  return b;
};
export const grownByte = (a: Uint8Array<ArrayBuffer>, n: number): Uint8Array<ArrayBuffer> => {
  if (n <= a.length) return a;
  const b = new Uint8Array(Math.max(n, a.length * 2));
  b.set(a);
  return b;
};

/**
 * Stable sort of a[from, to) by line[] (as Array.prototype.sort with (a, b) => a.line − b.line): insertion
 * sort for short runs, then merges through `temp`.
 */
export function sortByLine(a: Int32Array, from: number, to: number, line: Float64Array, temp: Int32Array): void {
  // most groups list one line per book (a main line, a player's prop): already in order, a stable sort keeps it.
  // Without a NaN (where <= is false) the lines are then totally ordered, so the sort would move nothing
  let sorted = true;
  for (let i = from + 1; i < to && sorted; i++) sorted = line[a[i - 1]] <= line[a[i]];
  if (sorted) return;
  const RUN = 12;
  for (let lo = from; lo < to; lo += RUN) {
    const hi = Math.min(lo + RUN, to);
    for (let i = lo + 1; i < hi; i++) {
      const q = a[i];
      const value = line[q];
      let j = i - 1;
      while (j >= lo && line[a[j]] > value) {
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = q;
    }
  }
  const n = to - from;
  if (n <= RUN) return;
  for (let k = 0; k < n; k++) temp[k] = a[from + k];
  let source = temp;
  let target = a;
  let sourceBase = 0;
  let targetBase = from;
  // merge from temp into a, then a into temp, …; the run currently in `source` is copied back at the end
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        const left = source[sourceBase + i];
        const right = source[sourceBase + j];
        if (line[right] < line[left]) {
          target[targetBase + k++] = right;
          j++;
        } else {
          target[targetBase + k++] = left;
          i++;
        }
      }
      while (i < mid) target[targetBase + k++] = source[sourceBase + i++];
      while (j < hi) target[targetBase + k++] = source[sourceBase + j++];
    }
    const swap = source;
    source = target;
    target = swap;
    const base = sourceBase;
    sourceBase = targetBase;
    targetBase = base;
  }
  if (source !== a) for (let k = 0; k < n; k++) a[from + k] = source[sourceBase + k];
}
