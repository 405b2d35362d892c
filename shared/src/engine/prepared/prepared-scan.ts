import type { ArbitrageOpportunity, EvBet, MiddleOpportunity, ScanResult } from '../../domain/opportunities';
import { arbitrageOpportunity, orderLegs, type ArbitrageSettings } from '../opportunities/arbitrage';
import {
  DFS_FIXED_DECIMAL,
  EV_MIN_BOOKS,
  evRow,
  evRowContext,
  type EvRowContext,
  type EvSettings,
} from '../opportunities/ev';
import { evPercent } from '../odds/fair-probability';
import type { Quote } from '../lines/market-lines';
import { buildMiddle, middlePasses, middleRange, type MiddleSettings } from '../opportunities/middles';
import { ARBITRAGE_LINE_TOLERANCE, isBetterQuote, MONEYLINE, TOTAL } from '../lines/line-rules';
import { hasStarted, isStaleAt, staleFrom } from '../lines/locked-market';
import { backLayOpportunity } from '../opportunities/back-lay';
import { bookDfs, bookExcluded, bookKeys, sortByLine, type PreparedEvent } from './prepared-columns';
import { LineSet } from './prepared-lines';

/**
 * EV, arbitrage and middles of a prepared event at `now`, with the rules of ev.ts, arbitrage.ts and
 * middles.ts: the object path (now the tests' oracle, testing/finders.oracle.ts) made one Quote object per
 * outcome and sorted every group on every scan, which on a board of 370,000 outcomes spent most of its time
 * allocating and collecting. Here the clock is applied to the prepared columns (prices too old to bet drop
 * out, the event may have gone live: see LineSet), the finders work on typed arrays reused from one event to
 * the next, and objects are made only for the opportunities that pass the filters. The result is exactly the
 * object path's (same opportunities, same order, same floating-point sums): prepared-scan.spec.ts checks it
 * on every recorded board and on synthetic ones.
 */

export interface ScanSettings {
  ev: EvSettings;
  arbitrage: ArbitrageSettings;
  middles: MiddleSettings;
  /** Canonical book keys of the user's arbitrage / middles book filters; null: every book. */
  arbitrageBooks: Set<string> | null;
  middleBooks: Set<string> | null;
}

const lines = new LineSet();

/**
 * The opportunities of one prepared event at `now` (the three finders' rules; `settings` from scan.ts). `only`:
 * the one kind wanted (finders.ts), the others left empty.
 */
export function scanPreparedEvent(
  p: PreparedEvent,
  settings: ScanSettings,
  now: number,
  only?: keyof ScanResult,
): ScanResult {
  if (p.header.completed) return { arbitrage: [], middles: [], ev: [] };
  lines.load(p, now);
  return {
    arbitrage: only === undefined || only === 'arbitrage' ? arbitrageOf(lines, settings) : [],
    middles: only === undefined || only === 'middles' ? middlesOf(lines, settings) : [],
    ev: only === undefined || only === 'ev' ? evOf(lines, settings.ev) : [],
  };
}

function evOf(c: LineSet, settings: EvSettings): EvBet[] {
  const rows: EvBet[] = [];
  const lineCount = c.lineCount;
  const { qBook, qDecimal, qEffective, qUpdated } = c.p;
  const { allowed, minEvPct, method, blend } = settings;
  let context: EvRowContext | null = null;
  for (let l = 0; l < lineCount; l++) {
    if (!c.fair.load(l, method, blend)) continue;
    const sides = c.lSideCount[l];
    const { books: fairBooks } = c.fair;
    // the line's sides, once a side may have a row (a prepared line's are copied in only then)
    let firstSide = -1;
    // the newest update among the line's quotes (for `stale`), once the line has a row
    let newest = NaN;
    for (let i = 0; i < sides; i++) {
      // a side gets rows for its DFS apps, and for prices with positive EV: none when even the largest
      // de-vigged probability at the best price is no better than even, and then the median is not needed
      const prepared = allowed ? -1 : c.preparedSide(l, i);
      let best = 0;
      let dfsRow = false;
      if (prepared >= 0) {
        if (c.p.lines.sLength[prepared] < EV_MIN_BOOKS) continue;
        best = c.p.lines.sTop[prepared];
        dfsRow = c.p.lines.sDfs[prepared] === 1;
      } else {
        if (firstSide < 0) firstSide = c.sidesOf(l);
        const s = firstSide + i;
        if (c.sLength[s] < EV_MIN_BOOKS) continue;
        for (let k = c.sStart[s]; k < c.sStart[s] + c.sLength[s]; k++) {
          const book = qBook[c.pool[k]];
          if (allowed && !allowed.has(bookKeys[book])) continue;
          if (bookDfs[book]) dfsRow = true;
          else best = Math.max(best, qEffective[c.pool[k]]);
        }
      }
      if (!dfsRow && !(c.fair.bound(i) * best > 1)) continue;
      if (firstSide < 0) firstSide = c.sidesOf(l);
      const { pool, sStart, sLength } = c;
      const s = firstSide + i;
      const books = sLength[s];
      const end = sStart[s] + books;
      const fairProbability = c.fair.probability(i);
      if (!(fairProbability > 0 && fairProbability < 1)) continue;
      for (let k = sStart[s]; k < end; k++) {
        const q = pool[k];
        const book = qBook[q];
        if (allowed && !allowed.has(bookKeys[book])) continue;
        const dfs = bookDfs[book];
        const decimal = dfs ? DFS_FIXED_DECIMAL : qDecimal[q];
        // the fair line is the quoted prices'; the bet is worth what it pays, net of an exchange's commission
        const evPct = evPercent(fairProbability, dfs ? decimal : qEffective[q]);
        if (!dfs && !(evPct > 0 && evPct >= minEvPct)) continue;
        if (Number.isNaN(newest)) {
          newest = -Infinity;
          for (let t = firstSide; t < firstSide + sides; t++) {
            for (let j = sStart[t]; j < sStart[t] + sLength[t]; j++) newest = Math.max(newest, qUpdated[pool[j]]);
          }
        }
        context ??= evRowContext(c.p.header, c.now, c.live, settings);
        rows.push(
          evRow(
            context,
            c.group(c.lGroup[l]),
            c.sideName(s),
            c.quote(q),
            fairProbability,
            fairBooks,
            books,
            newest,
            dfs,
            decimal,
            evPct,
          ),
        );
      }
    }
  }
  return rows;
}

/**
 * The first time after `now` at which the clock alone changes what scanPreparedEvent finds in `p`, its prices the
 * same: the game's start (the live rules: its middles end, the locked-market age falls to 5 minutes), or a price, a lay
 * price too, passing the locked-market age (spec 001 §5). Infinity when none will: a finished game, every price past
 * its age. A scan at any time in [now, that time) finds what a scan at `now` finds, but for the opportunities' ages.
 */
export function clockChangeAfter(p: PreparedEvent, now: number): number {
  if (p.header.completed) return Infinity;
  const live = hasStarted(p.commence, now);
  let next = live ? Infinity : p.commence;
  // a price of unreadable time (NaN) was always past its age
  const passes = (updatedAt: number) => {
    const at = staleFrom(updatedAt, live);
    if (at > now && at < next) next = at;
  };
  for (let q = 0; q < p.quoteCount; q++) passes(p.qUpdated[q]);
  for (const lay of p.lays) passes(lay.quote.updatedAt);
  return next;
}

function arbitrageOf(c: LineSet, settings: ScanSettings): ArbitrageOpportunity[] {
  const found: ArbitrageOpportunity[] = [];
  const lineCount = c.lineCount;
  for (let l = 0; l < lineCount; l++) {
    if (c.lSpan[l] <= ARBITRAGE_LINE_TOLERANCE) {
      arbitrageOfLine(c, l, settings, found);
      continue;
    }
    // arbitrageLines(): a line spanning more than 0.01 is split again at 0.01, from its per-book best quotes
    const firstSide = c.sidesOf(l);
    const sideEnd = firstSide + c.lSideCount[l];
    const quotes: number[] = [];
    for (let s = firstSide; s < sideEnd; s++)
      for (let k = c.sStart[s]; k < c.sStart[s] + c.sLength[s]; k++) quotes.push(c.pool[k]);
    const sorted = Int32Array.from(quotes);
    sortByLine(sorted, 0, sorted.length, c.line, new Int32Array(sorted.length));
    const mark = c.mark();
    const first = c.clusterLines(c.lGroup[l], sorted, sorted.length, ARBITRAGE_LINE_TOLERANCE);
    const end = c.lineCount;
    for (let split = first; split < end; split++) arbitrageOfLine(c, split, settings, found);
    c.reset(mark);
  }
  if (c.p.lays.length > 0) backLaysOf(c, settings, found);
  return found;
}

/** arbitrageInIndex()'s back/lay: each open lay price against its outcome's best open back price at another book. */
function backLaysOf(c: LineSet, settings: ScanSettings, found: ArbitrageOpportunity[]): void {
  const { now, live } = c;
  const allowed = settings.arbitrageBooks;
  const { qBook, qName, qEffective, qUpdated, byGroup, gStart, gEnd, names } = c.p;
  for (const { quote: lay, book: layBook, group: g } of c.p.lays) {
    if (bookExcluded[layBook] || (allowed !== null && !allowed.has(lay.book)) || isStaleAt(lay.updatedAt, now, live))
      continue;
    let best = -1;
    for (let k = gStart[g]; k < gEnd[g]; k++) {
      const q = byGroup[k];
      const book = qBook[q];
      if (book === layBook || bookExcluded[book] || (allowed !== null && !allowed.has(bookKeys[book]))) continue;
      if (names[qName[q]] !== lay.outcome || isStaleAt(qUpdated[q], now, live)) continue;
      if (best < 0 || isBetterQuote(qEffective[q], qUpdated[q], qEffective[best], qUpdated[best])) best = q;
    }
    if (best < 0) continue;
    const opportunity = backLayOpportunity(c.p.header, now, live, c.group(g), c.quote(best), lay, settings.arbitrage);
    if (opportunity) found.push(opportunity);
  }
}

// the legs of the line being looked at
const legs = new Int32Array(3);

/** bestLegs() then arbitrageOpportunity(); objects only for a line whose profit is near or above the minimum. */
function arbitrageOfLine(c: LineSet, l: number, settings: ScanSettings, found: ArbitrageOpportunity[]): void {
  const count = c.arbitrage.find(l, settings.arbitrageBooks, legs);
  if (count === 0) return;
  // the exact profit is summed in the legs' final order; in any other order it is within a few ulps of it
  const roughProfit = c.arbitrage.profitOf(legs, count);
  if (roughProfit < -1e-9 || roughProfit * 100 < settings.arbitrage.minProfitPct - 1e-7) return;
  const g = c.lGroup[l];
  const quotes: Quote[] = [];
  for (let i = 0; i < count; i++) quotes.push(c.quote(legs[i]));
  orderLegs(quotes, c.gReference[g] ?? c.p.header.home_team);
  const lineValue = c.lLine[l];
  const opportunity = arbitrageOpportunity(
    c.p.header,
    c.now,
    c.live,
    c.group(g),
    Number.isNaN(lineValue) ? null : lineValue,
    quotes,
    settings.arbitrage,
  );
  if (opportunity) found.push(opportunity);
}

function middlesOf(c: LineSet, settings: ScanSettings): MiddleOpportunity[] {
  const found: MiddleOpportunity[] = [];
  if (c.live) return found;
  const allowed = settings.middleBooks;
  const { qBook, qEffective, qPoint, gKind, gGameLine, lines: prepared } = c.p;
  for (let o = 0; o < c.liveGroups; o++) {
    const g = c.groupOrder[o];
    const kind = gKind[g];
    if (kind === MONEYLINE || gGameLine[g] === 0) continue;
    // the best quotes per line of each side: as prepared while none has closed and no book filter applies
    let first: Int32Array;
    let second: Int32Array;
    let lowStart: number;
    let lowCount: number;
    let highStart: number;
    let highCount: number;
    if (c.usesPrepared && c.fresh[g] === 1 && allowed === null) {
      first = prepared.midFirst;
      second = prepared.midSecond;
      lowStart = prepared.gMidStart[g];
      lowCount = prepared.gMidLow[g];
      highStart = lowStart + lowCount;
      highCount = prepared.gMidHigh[g];
    } else {
      const tops = c.middles;
      tops.collect(g, allowed);
      first = tops.first;
      second = tops.second;
      lowStart = 0;
      lowCount = tops.low;
      highStart = tops.highStart;
      highCount = tops.high;
    }
    const kindName = kind === TOTAL ? 'total' : 'spread';
    for (let a = lowStart; a < lowStart + lowCount; a++) {
      for (let b = highStart; b < highStart + highCount; b++) {
        // pairFrom(): the best pair from different books
        let lowLeg = first[a];
        let highLeg = first[b];
        if (qBook[lowLeg] === qBook[highLeg]) {
          const a1 = second[a];
          const b1 = second[b];
          if (a1 < 0 && b1 < 0) continue;
          if (a1 >= 0 && (b1 < 0 || !(qEffective[lowLeg] * qEffective[b1] > qEffective[a1] * qEffective[highLeg])))
            lowLeg = a1;
          else highLeg = b1;
        }
        const { gap } = middleRange(kindName, qPoint[lowLeg], qPoint[highLeg]);
        if (!middlePasses(kindName, gap, settings.middles)) continue;
        const middle = buildMiddle(
          c.p.header,
          c.now,
          c.group(g),
          [c.quote(lowLeg), c.quote(highLeg)],
          settings.middles,
        );
        if (middle) found.push(middle);
      }
    }
  }
  return found;
}
