import type { BoardBookmaker, BoardEvent, BoardMarket } from '../../domain/odds';
import { forEachLayOutcome } from '../opportunities/back-lay';
import { sameFieldsBut, sameQuote } from '../../feeds/market-quote';
import { ISO_TIMES, type TimeReader } from '../odds/iso-time';
import {
  hasLinePoint,
  lineFromReference,
  lockedDescriptions,
  MarketGroupNumbers,
  MONEYLINE,
  moneylineCounts,
  outcomeKind,
  SPREAD,
  spreadReference,
} from '../lines/line-rules';
import { commissionOf, DEFAULT_COMMISSIONS, effectiveDecimal, type CommissionRates } from '../odds/commission';
import {
  bookIdOf,
  bookKeys,
  ColumnBuffer,
  type ColumnPool,
  grownByte,
  grownFloat,
  grownInt,
  marketKeyOf,
  sortByLine,
  type MarketKey,
  type EventColumns,
  type PreparedEvent,
  type PreparedLay,
  type PreparedLines,
} from './prepared-columns';
import type { Quote } from '../lines/market-lines';
import { LineSet } from './prepared-lines';
import { toPreparedLines } from './prepared-lines-serialise';

/**
 * Reading an event into a PreparedEvent (see prepared-columns.ts): its open-able quotes in columns, grouped and
 * sorted, then its lines and fair lines as a scan with every price open would find them.
 */

/** Where an event is read before it is copied out at its exact size or lent (finish); reused from event to event. */
class Reader {
  /** What reads the times of the event being read. */
  private times: TimeReader = ISO_TIMES;

  marketCount = 0;
  mKey: string[] = [];
  mLastUpdate: string[] = [];
  mTitle: string[] = [];
  mAlternate = new Uint8Array(64);

  quoteCount = 0;
  qMarket = new Int32Array(1024);
  qGroup = new Int32Array(1024);
  qBook = new Int32Array(1024);
  qName = new Int32Array(1024);
  qDecimal = new Float64Array(1024);
  qPoint = new Float64Array(1024);
  qLine = new Float64Array(1024);
  qUpdated = new Float64Array(1024);
  qOutcomeName: string[] = [];
  qDescription: (string | undefined)[] = [];
  qLink: (string | undefined)[] = [];

  groupCount = 0;
  gFamily: string[] = [];
  gKind = new Uint8Array(64);
  gGameLine = new Uint8Array(64);
  gCount = new Int32Array(64);
  gStart = new Int32Array(64);
  gEnd = new Int32Array(64);
  private readonly groupNumbers = new MarketGroupNumbers();
  byGroup = new Int32Array(1024);
  private sortTemp = new Int32Array(1024);
  /** The event's lay prices, and the back group each lays once every group is numbered. */
  lays: PreparedLay[] = [];
  private layRows: { lay: PreparedLay; familyId: number; count: number }[] = [];

  // finish()'s columns, filled here for every event and then copied out or lent (see finish)
  gNameStart = new Int32Array(64);
  gNameEnd = new Int32Array(64);
  gOldest = new Float64Array(64);
  byLine = new Int32Array(1024);
  nameNewest = new Float64Array(64);
  /** How many markets the event lists, and each in reading order (book by book) as the market it was read as. */
  rawCount = 0;
  rawMarket = new Int32Array(64);
  /** Each market read: its quotes are [mQuoteStart[m], mQuoteStart[m + 1]). */
  mQuoteStart = new Int32Array(64);

  read(event: BoardEvent, times: TimeReader): void {
    this.times = times;
    this.marketCount = 0;
    this.quoteCount = 0;
    this.groupCount = 0;
    this.rawCount = 0;
    let markets = 0;
    for (const bookmaker of event.bookmakers) markets += bookmaker.markets.length;
    this.rawMarket = grownInt(this.rawMarket, markets);
    this.mQuoteStart = grownInt(this.mQuoteStart, markets + 1);
    this.groupNumbers.clear();
    this.lays = [];
    this.layRows.length = 0;
    for (const bookmaker of event.bookmakers) {
      const book = bookIdOf(bookmaker.key);
      let lastIso = '';
      let lastTime = NaN;
      for (const market of bookmaker.markets) {
        const key = marketKeyOf(market.key);
        const raw = this.rawCount++;
        this.rawMarket[raw] = -1;
        if (key.lay) {
          this.readLays(bookmaker, market, book);
          continue;
        }
        const outcomes = market.outcomes;
        const size = outcomes.length;
        const locked = lockedDescriptions(outcomes);
        // without players a locked price locks the whole market: nothing of it is read
        if (locked !== null && !outcomes.some((o) => o.description !== undefined)) continue;
        // a book's markets usually share one timestamp string
        const iso = market.last_update;
        const updatedAt = iso === lastIso ? lastTime : this.times.time(iso);
        lastIso = iso;
        lastTime = updatedAt;
        const m = this.marketCount++;
        this.rawMarket[raw] = m;
        this.mQuoteStart[m] = this.quoteCount;
        this.mKey[m] = market.key;
        this.mLastUpdate[m] = iso;
        this.mTitle[m] = bookmaker.title;
        this.mAlternate = grownByte(this.mAlternate, m + 1);
        this.mAlternate[m] = key.alternate ? 1 : 0;
        if (this.quoteCount + size > this.qMarket.length) this.growQuotes(this.quoteCount + size);
        const { qMarket, qGroup, qBook, qDecimal, qPoint, qUpdated, qOutcomeName, qDescription, qLink } = this;
        // an outcome without a link of its own takes its market's, else its book's
        const marketLink = market.link ?? bookmaker.link;
        let counts: number | Map<string, number> | null = null;
        let q = this.quoteCount;
        let group = -1;
        let runDescription: string | undefined;
        let runKind = -1;
        for (let i = 0; i < size; i++) {
          const o = outcomes[i];
          // each property read once: outcomes come in several shapes, so none of their reads is a cheap one
          const description = o.description;
          if (locked !== null && locked.has(description ?? '')) continue;
          const point = o.point;
          const hasPoint = hasLinePoint(point);
          const name = o.name;
          const kind = outcomeKind(name, hasPoint);
          if (group < 0 || description !== runDescription || kind !== runKind) {
            const player = description ?? '';
            let count = 0;
            if (kind === MONEYLINE) {
              counts ??= moneylineCounts(outcomes);
              count = typeof counts === 'number' ? counts : counts.get(player)!;
            }
            group = this.groupOf(key, player, kind, count);
            runDescription = description;
            runKind = kind;
          }
          qMarket[q] = m;
          qGroup[q] = group;
          qBook[q] = book;
          qDecimal[q] = o.price;
          qPoint[q] = hasPoint ? point : NaN;
          qUpdated[q] = updatedAt;
          qOutcomeName[q] = name;
          qDescription[q] = description;
          qLink[q] = o.link ?? marketLink;
          q++;
        }
        this.quoteCount = q;
      }
    }
    this.mQuoteStart[this.marketCount] = this.quoteCount;
    for (const { lay, familyId, count } of this.layRows) {
      lay.group = this.groupNumbers.find(familyId, lay.quote.description ?? '', MONEYLINE, count);
      if (lay.group >= 0) this.lays.push(lay);
    }
    this.orderByGroup();
  }

  /** A lay market's prices as buildEventIndex reads them; its commission is set once the rates are known. */
  private readLays(bookmaker: BoardBookmaker, market: BoardMarket, book: number): void {
    const updatedAt = this.times.time(market.last_update);
    forEachLayOutcome(market, (outcome, familyId, count) => {
      const quote: Quote = {
        book: bookKeys[book],
        bookTitle: bookmaker.title,
        market: market.key,
        alternate: false,
        outcome: outcome.name,
        description: outcome.description,
        decimal: outcome.price,
        commission: 0,
        effective: outcome.price,
        lastUpdate: market.last_update,
        updatedAt,
        line: 0,
        link: outcome.link ?? market.link ?? bookmaker.link,
      };
      this.layRows.push({ lay: { quote, book, group: -1 }, familyId, count });
    });
  }

  private growQuotes(n: number): void {
    this.qMarket = grownInt(this.qMarket, n);
    this.qGroup = grownInt(this.qGroup, n);
    this.qBook = grownInt(this.qBook, n);
    this.qName = grownInt(this.qName, n);
    this.qDecimal = grownFloat(this.qDecimal, n);
    this.qPoint = grownFloat(this.qPoint, n);
    this.qLine = grownFloat(this.qLine, n);
    this.qUpdated = grownFloat(this.qUpdated, n);
  }

  /** The outcome's market group (line-rules.ts MarketGroupNumbers, as buildEventIndex groups them). */
  private groupOf(key: MarketKey, description: string, kind: number, count: number): number {
    const g = this.groupNumbers.numberOf(key.familyId, description, kind, count);
    if (g === this.groupCount) {
      this.groupCount++;
      if (g === this.gKind.length) {
        this.gKind = grownByte(this.gKind, g + 1);
        this.gGameLine = grownByte(this.gGameLine, g + 1);
        this.gCount = grownInt(this.gCount, g + 1);
        this.gStart = grownInt(this.gStart, g + 1);
        this.gEnd = grownInt(this.gEnd, g + 1);
      }
      this.gFamily[g] = key.family;
      this.gKind[g] = kind;
      this.gGameLine[g] = key.gameLine ? 1 : 0;
      this.gCount[g] = kind === MONEYLINE ? count : 0;
    }
    return g;
  }

  /** A stable counting sort of the quotes by group: byGroup lists each group's quotes in reading order. */
  private orderByGroup(): void {
    const { quoteCount, groupCount, qGroup, gStart, gEnd } = this;
    this.byGroup = grownInt(this.byGroup, quoteCount);
    const byGroup = this.byGroup;
    gEnd.fill(0, 0, groupCount);
    for (let q = 0; q < quoteCount; q++) gEnd[qGroup[q]]++;
    let start = 0;
    for (let g = 0; g < groupCount; g++) {
      const size = gEnd[g];
      gStart[g] = start;
      gEnd[g] = start;
      start += size;
    }
    for (let q = 0; q < quoteCount; q++) byGroup[gEnd[qGroup[q]]++] = q;
  }

  /**
   * The event: names per group, spreads oriented, each group's quotes sorted by line. `lent`: the columns are this
   * reader's own, good until it reads the next event (a scan made once reads them at once); otherwise they are copied
   * out, for an event kept prepared, into a buffer of `pool`'s when one is given.
   */
  finish(event: BoardEvent, lent: boolean, pool: ColumnPool | null = null): PreparedEvent {
    const n = this.quoteCount;
    const groupCount = this.groupCount;
    this.gNameStart = grownInt(this.gNameStart, groupCount);
    this.gNameEnd = grownInt(this.gNameEnd, groupCount);
    this.gOldest = grownFloat(this.gOldest, groupCount);
    this.byLine = grownInt(this.byLine, n);
    const { qName, qLine, gNameStart, gNameEnd, byGroup, byLine } = this;
    byLine.set(byGroup.subarray(0, n));
    const names: string[] = [];
    const gReference: (string | undefined)[] = new Array(groupCount).fill(undefined);
    const { qOutcomeName, qPoint, gKind } = this;
    for (let g = 0; g < groupCount; g++) {
      const from = this.gStart[g];
      const to = this.gEnd[g];
      const first = names.length;
      gNameStart[g] = first;
      let byName: Map<string, number> | null = null;
      for (let k = from; k < to; k++) {
        const q = byGroup[k];
        const name = qOutcomeName[q];
        let index = -1;
        if (byName !== null) index = byName.get(name) ?? -1;
        else for (let t = first; t < names.length; t++) if (names[t] === name) index = t;
        if (index < 0) {
          index = names.length;
          names.push(name);
          // outrights list dozens of names: stop scanning them one by one
          if (byName === null && index - first >= 8) {
            byName = new Map();
            for (let t = first; t <= index; t++) byName.set(names[t], t);
          } else if (byName !== null) byName.set(name, index);
        }
        qName[q] = index;
      }
      gNameEnd[g] = names.length;
      if (gKind[g] === MONEYLINE) {
        // a moneyline's quotes have no line: 0, whatever the reader's column held from the event before
        for (let k = from; k < to; k++) qLine[byGroup[k]] = 0;
        continue;
      }
      let reference: string | undefined;
      if (gKind[g] === SPREAD) {
        reference = spreadReference(names, first, names.length, event.home_team, null, 0, 0);
        gReference[g] = reference;
      }
      for (let k = from; k < to; k++) {
        const q = byGroup[k];
        qLine[q] = lineFromReference(qOutcomeName[q], qPoint[q], reference);
      }
      this.sortTemp = grownInt(this.sortTemp, to - from);
      sortByLine(byLine, from, to, qLine, this.sortTemp);
    }
    this.nameNewest = grownFloat(this.nameNewest, names.length);
    const counts = { n, groupCount, marketCount: this.marketCount, nameCount: names.length, rawCount: this.rawCount };
    const { bookmakers: _prices, ...header } = event;
    const prepared = laidOut(this, counts, lent ? LENT : columnBuffer(counts, pool), {
      header,
      commence: this.times.time(event.commence_time),
      quoteCount: n,
      // prepareEvent fills these in
      qEffective: NO_PRICES,
      bookCommission: NO_PRICES,
      groupCount,
      gReference,
      names,
      // prepareEvent fills these in
      linesPrepared: false,
      gLineStart: new Int32Array(0),
      gLineEnd: new Int32Array(0),
      lines: NO_LINES,
      lays: this.lays,
    });
    timesOfUpdates(prepared);
    return prepared;
  }
}

/** How many of each an event's columns hold. */
interface ColumnCounts {
  n: number;
  groupCount: number;
  marketCount: number;
  nameCount: number;
  rawCount: number;
}

/** A buffer for one event's columns of `counts` (laidOut's): its floats, its ints, its bytes. */
function columnBuffer(
  { n, groupCount, marketCount, nameCount, rawCount }: ColumnCounts,
  pool: ColumnPool | null,
): ColumnBuffer {
  return new ColumnBuffer(
    4 * n + groupCount + nameCount,
    6 * n + 5 * groupCount + rawCount + marketCount + 1,
    marketCount + 2 * groupCount,
    pool,
  );
}

/**
 * The event of `fields` with the columns of `from` put in `out`: copied out at their sizes, or lent as they are. One
 * literal of every field, so that each event is an object of one shape with its fields in it (the scan reads them in
 * its loops).
 */
function laidOut(
  from: EventColumns,
  { n, groupCount, marketCount, nameCount, rawCount }: ColumnCounts,
  out: Columns,
  fields: Omit<PreparedEvent, keyof EventColumns>,
): PreparedEvent {
  return {
    header: fields.header,
    commence: fields.commence,
    quoteCount: fields.quoteCount,
    qMarket: out.intsOf(from.qMarket, n),
    qGroup: out.intsOf(from.qGroup, n),
    qBook: out.intsOf(from.qBook, n),
    qName: out.intsOf(from.qName, n),
    qDecimal: out.floatsOf(from.qDecimal, n),
    qEffective: fields.qEffective,
    bookCommission: fields.bookCommission,
    qPoint: out.floatsOf(from.qPoint, n),
    qLine: out.floatsOf(from.qLine, n),
    qUpdated: out.floatsOf(from.qUpdated, n),
    qDescription: out.listOf(from.qDescription, n),
    qLink: out.listOf(from.qLink, n),
    mKey: out.listOf(from.mKey, marketCount),
    mLastUpdate: out.listOf(from.mLastUpdate, marketCount),
    mTitle: out.listOf(from.mTitle, marketCount),
    mAlternate: out.bytesOf(from.mAlternate, marketCount),
    mQuoteStart: out.intsOf(from.mQuoteStart, marketCount + 1),
    rawMarket: out.intsOf(from.rawMarket, rawCount),
    groupCount: fields.groupCount,
    gFamily: out.listOf(from.gFamily, groupCount),
    gKind: out.bytesOf(from.gKind, groupCount),
    gGameLine: out.bytesOf(from.gGameLine, groupCount),
    gCount: out.intsOf(from.gCount, groupCount),
    gReference: fields.gReference,
    gStart: out.intsOf(from.gStart, groupCount),
    gEnd: out.intsOf(from.gEnd, groupCount),
    gNameStart: out.intsOf(from.gNameStart, groupCount),
    gNameEnd: out.intsOf(from.gNameEnd, groupCount),
    names: fields.names,
    nameNewest: out.floatsOf(from.nameNewest, nameCount),
    byGroup: out.intsOf(from.byGroup, n),
    byLine: out.intsOf(from.byLine, n),
    gOldest: out.floatsOf(from.gOldest, groupCount),
    linesPrepared: fields.linesPrepared,
    gLineStart: fields.gLineStart,
    gLineEnd: fields.gLineEnd,
    lines: fields.lines,
    lays: fields.lays,
  };
}

/**
 * Fills in what the event's quotes' update times make: each name's newest quote (NaN only when none of its quotes has a
 * readable time: is any still open?) and each group's oldest (NaN when one is unreadable: are all of them open?).
 */
function timesOfUpdates(prepared: PreparedEvent): void {
  const { quoteCount, qName, qUpdated, nameNewest, groupCount, gStart, gEnd, byGroup, gOldest } = prepared;
  nameNewest.fill(NaN, 0, prepared.names.length);
  for (let q = 0; q < quoteCount; q++) {
    const newest = nameNewest[qName[q]];
    if (qUpdated[q] > newest || Number.isNaN(newest)) nameNewest[qName[q]] = qUpdated[q];
  }
  for (let g = 0; g < groupCount; g++) {
    let oldest = Infinity;
    // NaN sticks: a quote of unreadable time is never open, so its group is never all open
    for (let k = gStart[g]; k < gEnd[g] && !Number.isNaN(oldest); k++) oldest = Math.min(oldest, qUpdated[byGroup[k]]);
    gOldest[g] = oldest;
  }
}

/** Where an event's columns are put (laidOut): copied out (ColumnBuffer) or lent as they are (LENT). */
interface Columns {
  intsOf(from: Int32Array, n: number): Int32Array;
  floatsOf(from: Float64Array, n: number): Float64Array;
  bytesOf(from: Uint8Array, n: number): Uint8Array;
  listOf<T>(from: T[], n: number): T[];
}

/** The reader's own columns, longer than the event: every reader of a PreparedEvent stops at its counts. */
const LENT: Columns = {
  intsOf: (from) => from,
  floatsOf: (from) => from,
  bytesOf: (from) => from,
  listOf: (from) => from,
};

const NO_PRICES = new Float64Array(0);

const NO_LINES: PreparedLines = {
  lineCount: 0,
  lQuoteStart: new Int32Array(0),
  lQuoteEnd: new Int32Array(0),
  lOldest: new Float64Array(0),
  gSimple: new Uint8Array(0),
  lLine: new Float64Array(0),
  lSpan: new Float64Array(0),
  lSideStart: new Int32Array(0),
  lSideCount: new Int32Array(0),
  lFair: new Uint8Array(0),
  lFairBooks: new Int32Array(0),
  sName: new Int32Array(0),
  sStart: new Int32Array(0),
  sLength: new Int32Array(0),
  sFair: new Float64Array(0),
  sTop: new Float64Array(0),
  sDfs: new Uint8Array(0),
  pool: new Int32Array(0),
  gMidStart: new Int32Array(0),
  gMidLow: new Int32Array(0),
  gMidHigh: new Int32Array(0),
  midFirst: new Int32Array(0),
  midSecond: new Int32Array(0),
  lLegs: new Int32Array(0),
  lLegCount: new Uint8Array(0),
  lUnique: new Uint8Array(0),
};

const reader = new Reader();
const preparer = new LineSet();

// the commission per book id of each rates table asked for: boards are prepared event by event with the same
// rates (detection alternates two: its rates and the lowest), and an event keeps the table it was priced with
const tables = new WeakMap<CommissionRates, Float64Array>();

function commissionTable(rates: CommissionRates): Float64Array {
  let table = tables.get(rates);
  if (table === undefined || table.length < bookKeys.length) {
    table = Float64Array.from(bookKeys, (key) => commissionOf(key, rates));
    tables.set(rates, table);
  }
  return table;
}

/**
 * Reads one event into columns and prepares its lines (see PreparedEvent). `rates`: each exchange's commission,
 * which prices its back bets at their effective price in arbitrage, middles and EV (commission.ts). `pool`: where
 * its column buffers come from, for an event kept until releaseEvent gives them back (PreparedBoard). `times`: what reads
 * its update and start times (a kept board's remembers them: most of a changed event's markets were read before).
 */
export function prepareEvent(
  event: BoardEvent,
  rates: CommissionRates = DEFAULT_COMMISSIONS,
  pool: ColumnPool | null = null,
  times: TimeReader = ISO_TIMES,
): PreparedEvent {
  reader.read(event, times);
  return priced(reader.finish(event, false, pool), rates, true, pool);
}

/**
 * Gives back to `pool` the buffers of `prepared` that came from it, once nothing reads `prepared` again: its columns,
 * its effective prices and its lines. Those it shares with an event repriced from it (repriceEvent) go back once,
 * whichever of the two is released first, so both are released together.
 */
export function releaseEvent(prepared: PreparedEvent, pool: ColumnPool): void {
  pool.give(prepared.qMarket.buffer as ArrayBuffer);
  pool.give(prepared.qEffective.buffer as ArrayBuffer);
  pool.give(prepared.gLineStart.buffer as ArrayBuffer);
}

/**
 * Reads one event for a scan made once (scanBoard, the finders, an event's lines): its columns are the reader's own,
 * good until the next event is read, and its lines are not prepared, so that scan makes every line from the open
 * quotes, as it does for a group with a price past the locked-market age. Preparing the lines (clustering them, fair
 * lines by the default method, arbitrage legs, middles tables) and copying the columns out pay only for an event
 * scanned again and again (PreparedBoard); before a single scan they took more than half its time.
 */
export function readEvent(event: BoardEvent, rates: CommissionRates = DEFAULT_COMMISSIONS): PreparedEvent {
  reader.read(event, ISO_TIMES);
  return priced(reader.finish(event, true), rates, false);
}

/**
 * `event` prepared from `prepared`, which was read from `source`, without reading it again: when all that moved is the
 * prices and update times of markets read whole (none of their prices locked: a lock leaves out what it locks). A
 * stream's message moves a price or a few, and every other column of the event stays as it was read; its columns are
 * copied (into a buffer of `pool`'s) with those prices and times, and its lines prepared again at `rates`. Null when
 * anything else moved (a book, a market, an outcome's name, line, player or link, a lay price, a lock): read it again.
 * The header is the caller's to compare.
 */
export function repricedEvent(
  prepared: PreparedEvent,
  source: BoardEvent,
  event: BoardEvent,
  rates: CommissionRates,
  pool: ColumnPool | null,
  times: TimeReader,
): PreparedEvent | null {
  if (!prepared.linesPrepared || event.bookmakers.length !== source.bookmakers.length) return null;
  const { rawMarket, mQuoteStart } = prepared;
  const moved: Array<{ m: number; market: BoardMarket }> = [];
  let raw = 0;
  for (let b = 0; b < event.bookmakers.length; b++) {
    const book = event.bookmakers[b];
    const read = source.bookmakers[b];
    if (book === read) {
      raw += read.markets.length;
      continue;
    }
    if (book.markets.length !== read.markets.length || !sameFieldsBut(book, read, 'markets', 'last_update'))
      return null;
    for (let j = 0; j < book.markets.length; j++) {
      const market = book.markets[j];
      const before = read.markets[j];
      const m = rawMarket[raw++];
      // a book made anew makes its unmoved markets anew too
      if (market === before || (market.last_update === before.last_update && sameQuote(market, before))) continue;
      if (
        m < 0 ||
        mQuoteStart[m + 1] - mQuoteStart[m] !== before.outcomes.length ||
        !samePricedShape(market, before) ||
        lockedDescriptions(market.outcomes) !== null
      )
        return null;
      moved.push({ m, market });
    }
  }
  const n = prepared.quoteCount;
  const counts = {
    n,
    groupCount: prepared.groupCount,
    marketCount: mQuoteStart.length - 1,
    nameCount: prepared.names.length,
    rawCount: rawMarket.length,
  };
  const next = laidOut(prepared, counts, columnBuffer(counts, pool), prepared);
  next.lays = prepared.lays.map((lay) => ({ ...lay, quote: { ...lay.quote } }));
  for (const { m, market } of moved) {
    const updatedAt = times.time(market.last_update);
    next.mLastUpdate[m] = market.last_update;
    for (let q = next.mQuoteStart[m], k = 0; q < next.mQuoteStart[m + 1]; q++, k++) {
      next.qDecimal[q] = market.outcomes[k].price;
      next.qUpdated[q] = updatedAt;
    }
  }
  timesOfUpdates(next);
  return priced(next, rates, true, pool, unmovedGroups(next, prepared));
}

/**
 * Per group of `next`, whether none of its quotes' prices or times differ from `before`'s, an earlier reading of the
 * game whose quotes stand in the same places (repricedEvent made `next` from it): those groups' lines stand as `before`
 * prepared them.
 */
function unmovedGroups(next: PreparedEvent, before: PreparedEvent): Uint8Array {
  const kept = new Uint8Array(next.groupCount).fill(1);
  const { quoteCount, qGroup, qDecimal, qUpdated } = next;
  for (let q = 0; q < quoteCount; q++)
    if (qDecimal[q] !== before.qDecimal[q] || qUpdated[q] !== before.qUpdated[q]) kept[qGroup[q]] = 0;
  return kept;
}

/** Whether two markets list the same outcomes (names, players, lines, links) in the same order, whatever their prices. */
function samePricedShape(market: BoardMarket, before: BoardMarket): boolean {
  if (market.outcomes.length !== before.outcomes.length || !sameFieldsBut(market, before, 'outcomes', 'last_update'))
    return false;
  for (let i = 0; i < market.outcomes.length; i++)
    if (!sameFieldsBut(market.outcomes[i], before.outcomes[i], 'price')) return false;
  return true;
}

/**
 * `prepared` priced at other rates, without reading its event again: the columns read from the event never depend
 * on the rates and are shared (a scan only reads them); the effective prices, the lay prices' commission and the
 * lines (best prices and arbitrage legs are picked on effective prices) are its own. `before`: the game as priced at
 * `rates` when it was last read, `prepared` having been made from that reading (repricedEvent): the groups whose prices
 * and times did not move keep the lines prepared then.
 */
export function repriceEvent(
  prepared: PreparedEvent,
  rates: CommissionRates,
  pool: ColumnPool | null = null,
  before: PreparedEvent | null = null,
): PreparedEvent {
  const lays = prepared.lays.map((lay) => ({ ...lay, quote: { ...lay.quote } }));
  if (before === null || !before.linesPrepared)
    return priced({ ...prepared, lays }, rates, prepared.linesPrepared, pool);
  const { lines, gLineStart, gLineEnd, bookCommission } = before;
  return priced(
    { ...prepared, lays, lines, gLineStart, gLineEnd, bookCommission },
    rates,
    prepared.linesPrepared,
    pool,
    unmovedGroups(prepared, before),
  );
}

/**
 * `prepared` priced at `rates`: its effective prices, and its lines when `withLines`. `kept`: per group, whether its
 * lines stand as `prepared` holds them (its quotes, prices and times those they were prepared from), which holds only
 * at the rates they were prepared at.
 */
function priced(
  prepared: PreparedEvent,
  rates: CommissionRates,
  withLines: boolean,
  pool: ColumnPool | null = null,
  kept: Uint8Array | null = null,
): PreparedEvent {
  const commission = commissionTable(rates);
  const keeping = kept !== null && prepared.linesPrepared && prepared.bookCommission === commission ? kept : null;
  const { quoteCount, qBook, qDecimal } = prepared;
  let charged = false;
  for (let q = 0; q < quoteCount && !charged; q++) charged = commission[qBook[q]] !== 0;
  // where no book charges commission the effective prices are the quoted ones: both columns are only read
  let qEffective = qDecimal;
  if (charged) {
    qEffective = pool ? new ColumnBuffer(quoteCount, 0, 0, pool).float(quoteCount) : new Float64Array(quoteCount);
    for (let q = 0; q < quoteCount; q++) qEffective[q] = effectiveDecimal(qDecimal[q], commission[qBook[q]]);
  }
  prepared.qEffective = qEffective;
  prepared.bookCommission = commission;
  for (const lay of prepared.lays) lay.quote.commission = commission[lay.book];
  if (!withLines) return prepared;
  preparer.loadAllOpen(prepared, keeping);
  const { lines, gLineStart, gLineEnd } = toPreparedLines(preparer, pool, keeping);
  prepared.lines = lines;
  prepared.gLineStart = gLineStart;
  prepared.gLineEnd = gLineEnd;
  prepared.linesPrepared = true;
  return prepared;
}
