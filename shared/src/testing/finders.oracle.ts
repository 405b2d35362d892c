import type { BoardEvent } from '../domain/odds';
import type { ArbitrageOpportunity, EvBet, MiddleOpportunity } from '../domain/opportunities';
import {
  arbitrageOpportunity,
  arbitrageProfit,
  arbitrageSettings,
  orderLegs,
  type ArbitrageOptions,
} from '../engine/opportunities/arbitrage';
import { backLayOpportunity } from '../engine/opportunities/back-lay';
import { commissionRates } from '../engine/odds/commission';
import {
  DFS_FIXED_DECIMAL,
  EV_MIN_BOOKS,
  evRow,
  evRowContext,
  evSettings,
  type EvOptions,
} from '../engine/opportunities/ev';
import { evPercent } from '../engine/odds/fair-probability';
import {
  ARBITRAGE_LINE_TOLERANCE,
  isArbitrageLine,
  isLowSide,
  KIND_NUMBERS,
  legPointsMatch,
} from '../engine/lines/line-rules';
import type { Quote } from '../engine/lines/market-lines';
import { buildMiddle, isGameLineFamily, middleSettings, type MiddleOptions } from '../engine/opportunities/middles';
import { scannerBookFilter } from '../engine/opportunities/opportunity-legs';
import {
  bestQuote,
  buildEventIndex,
  eventLines,
  fairLine,
  groupLines,
  isDfs,
  type EventIndex,
  type IndexedLine,
} from './market-lines.oracle';

/**
 * The three finders the object way (EV, arbitrage with back/lay, middles over buildEventIndex's lines), kept as
 * the tests' oracle of the scan (prepared-scan.ts): prepared-scan.spec.ts holds the scan to exactly what these
 * find. Production code may not import it (eslint.config.mjs).
 */

/** findEvBets() the object way. */
export function oracleEvBets(event: BoardEvent, options: EvOptions = {}, now: number): EvBet[] {
  return evInIndex(buildEventIndex(event, now, undefined, commissionRates(options.commission)), options);
}

export function evInIndex(index: EventIndex, options: EvOptions = {}): EvBet[] {
  const { event, now, live } = index;
  if (event.completed) return [];
  const settings = evSettings(options);
  const context = evRowContext(event, now, live, settings);
  const rows: EvBet[] = [];

  for (const line of eventLines(index)) {
    const group = line.group;
    const fair = fairLine(line, settings.method, settings.blend);
    if (!fair) continue;
    let newest = -Infinity;
    for (const quotes of line.sides.values()) for (const q of quotes) newest = Math.max(newest, q.updatedAt);
    for (const [side, quotes] of line.sides) {
      if (quotes.length < EV_MIN_BOOKS) continue;
      const fairProbability = fair.probabilities.get(side)!;
      if (!(fairProbability > 0 && fairProbability < 1)) continue;
      for (const q of quotes) {
        if (settings.allowed && !settings.allowed.has(q.book)) continue;
        const dfs = isDfs(q.book);
        const decimal = dfs ? DFS_FIXED_DECIMAL : q.decimal;
        // the fair line is the quoted prices'; the bet is worth what it pays, net of an exchange's commission
        const evPct = evPercent(fairProbability, dfs ? decimal : q.effective);
        if (!dfs && !(evPct > 0 && evPct >= settings.minEvPct)) continue;
        rows.push(
          evRow(context, group, side, q, fairProbability, fair.books, quotes.length, newest, dfs, decimal, evPct),
        );
      }
    }
  }
  return rows;
}

/** findArbitrage() the object way. */
export function oracleArbitrage(
  event: BoardEvent,
  options: ArbitrageOptions = {},
  now: number,
): ArbitrageOpportunity[] {
  return arbitrageInIndex(buildEventIndex(event, now, undefined, commissionRates(options.commission)), options);
}

export function arbitrageInIndex(index: EventIndex, options: ArbitrageOptions = {}): ArbitrageOpportunity[] {
  const { event, now, live } = index;
  if (event.completed) return [];
  const settings = arbitrageSettings(options);
  const accept = scannerBookFilter(options.books);
  const found: ArbitrageOpportunity[] = [];

  for (const line of arbitrageLines(index)) {
    const legs = bestLegs(line, event.home_team, accept);
    if (!legs) continue;
    const opportunity = arbitrageOpportunity(event, now, live, line.group, line.line, legs, settings);
    if (opportunity) found.push(opportunity);
  }
  for (const { quote: lay, group } of index.lays) {
    if (!accept(lay)) continue;
    // the outcome's best back price at another book: bestQuote() of that side
    const back = bestQuote(group.quotes, (q) => q.outcome === lay.outcome && q.book !== lay.book && accept(q));
    if (!back) continue;
    const opportunity = backLayOpportunity(event, now, live, group, back, lay, settings);
    if (opportunity) found.push(opportunity);
  }
  return found;
}

/**
 * The event's lines at the arbitrage tolerance (0.01). Lines are grouped once at 0.05 for EV; a line that spans
 * more than 0.01 (it never does with quarter-point lines) is split again at 0.01.
 */
function arbitrageLines(index: EventIndex): IndexedLine[] {
  return eventLines(index).flatMap((line) =>
    line.span <= ARBITRAGE_LINE_TOLERANCE
      ? [line]
      : groupLines({ ...line.group, quotes: [...line.sides.values()].flat() }, ARBITRAGE_LINE_TOLERANCE),
  );
}

/**
 * The best quote per side, when the line is a complete two-way market, or a three-way 1X2 with a draw, priced
 * by at least two different books; null otherwise.
 */
function bestLegs(line: IndexedLine, homeTeam: string, accept: (q: Quote) => boolean): Quote[] | null {
  const { group, sides } = line;
  const kind = KIND_NUMBERS[group.kind];
  if (!isArbitrageLine(kind, group.outcomeCount, [...sides.keys()], sides.size)) return null;
  let legs: Quote[] = [];
  for (const quotes of sides.values()) {
    const best = bestQuote(quotes, accept);
    if (!best) return null;
    legs.push(best);
  }
  if (legs.every((q) => q.book === legs[0].book)) {
    // one book best on every side is its own underround, not an arbitrage between books: try the best
    // combination that swaps one side to another book
    const only = legs[0].book;
    const sideQuotes = [...sides.values()];
    let bestSwap: Quote[] | null = null;
    for (let i = 0; i < legs.length; i++) {
      const other = bestQuote(sideQuotes[i], (q) => q.book !== only && accept(q));
      if (!other) continue;
      const swapped = legs.map((q, k) => (k === i ? other : q));
      if (
        !bestSwap ||
        arbitrageProfit(swapped.map((q) => q.effective)) > arbitrageProfit(bestSwap.map((q) => q.effective))
      )
        bestSwap = swapped;
    }
    if (!bestSwap) return null;
    legs = bestSwap;
  }
  if (!legPointsMatch(kind, legs[0].point!, legs[1].point!)) return null;
  return orderLegs(legs, group.referenceSide ?? homeTeam);
}

/** findMiddles() the object way. */
export function oracleMiddles(event: BoardEvent, options: MiddleOptions = {}, now: number): MiddleOpportunity[] {
  return middlesInIndex(buildEventIndex(event, now, undefined, commissionRates(options.commission)), options);
}

/** The two best quotes (effective prices) at one line from different books, best first. */
type TopTwo = [Quote, Quote | undefined];

function topTwoByLine(quotes: readonly Quote[]): Map<number, TopTwo> {
  const byLine = new Map<number, TopTwo>();
  for (const q of quotes) {
    const key = Math.round(q.line * 100);
    const held = byLine.get(key);
    if (!held) byLine.set(key, [q, undefined]);
    else if (q.effective > held[0].effective) byLine.set(key, q.book === held[0].book ? [q, held[1]] : [q, held[0]]);
    else if (q.book !== held[0].book && (!held[1] || q.effective > held[1].effective)) held[1] = q;
  }
  return byLine;
}

/** The best pair from different books. */
function pairFrom(a: TopTwo, b: TopTwo): [Quote, Quote] | null {
  if (a[0].book !== b[0].book) return [a[0], b[0]];
  const options: [Quote, Quote][] = [];
  if (a[1]) options.push([a[1], b[0]]);
  if (b[1]) options.push([a[0], b[1]]);
  if (options.length === 0) return null;
  return options.reduce((best, o) =>
    o[0].effective * o[1].effective > best[0].effective * best[1].effective ? o : best,
  );
}

export function middlesInIndex(index: EventIndex, options: MiddleOptions = {}): MiddleOpportunity[] {
  const { event, now, live } = index;
  if (live || event.completed) return [];
  const settings = middleSettings(options);
  const accept = scannerBookFilter(options.books);
  const found: MiddleOpportunity[] = [];

  for (const group of index.groups) {
    if (group.kind === 'moneyline' || !isGameLineFamily(group.family)) continue;
    const quotes = group.quotes.filter((q) => !q.alternate && accept(q));
    // both win strictly between a low bet's line and a high bet's (isLowSide)
    const kind = KIND_NUMBERS[group.kind];
    const isLow = (q: Quote) => isLowSide(kind, q.outcome, group.referenceSide);
    const low = topTwoByLine(quotes.filter(isLow));
    const high = topTwoByLine(quotes.filter((q) => !isLow(q)));
    for (const lowTop of low.values()) {
      for (const highTop of high.values()) {
        const pair = pairFrom(lowTop, highTop);
        if (!pair) continue;
        const middle = buildMiddle(event, now, group, pair, settings);
        if (middle) found.push(middle);
      }
    }
  }
  return found;
}
