import type { BoardEvent } from '../domain/odds';
import { canonicalBookKey, isDfsBook } from '../domain/books/sportsbooks';
import { forEachLayOutcome } from '../engine/opportunities/back-lay';
import { commissionOf, DEFAULT_COMMISSIONS, effectiveDecimal, type CommissionRates } from '../engine/odds/commission';
import { DEFAULT_BLEND, devig, type BlendableMethod, type DevigMethod } from '../engine/odds/devig';
import { DEVIG_MIN_BOOKS } from '../engine/opportunities/ev';
import { bookWeight, weightedMedian } from '../engine/odds/fair-probability';
import {
  completeSideCount,
  familyNumber,
  hasLinePoint,
  isAlternateMarket,
  isBetterQuote,
  isLayMarket,
  KIND_NAMES,
  KIND_NUMBERS,
  LINE_GROUPING_TOLERANCE,
  lineFromReference,
  lockedDescriptions,
  marketFamily,
  MarketGroupNumbers,
  moneylineCounts,
  MONEYLINE,
  onSameLine,
  outcomeKind,
  replacesHeldQuote,
  spreadReference,
  type LineKind,
} from '../engine/lines/line-rules';
import { isEventLive, isStaleAt } from '../engine/lines/locked-market';
import { cachedTime, type FairLine, type MarketGroup, type Quote, type TimeCache } from '../engine/lines/market-lines';

/**
 * The object path, kept as the tests' oracle of the prepared one (prepareEvent, LineSet): the same rules written
 * the plain way, one Quote object per price. Turns one event of the board into comparable lines: every book's
 * open price, grouped by market family, player/team and line (spec 001 §5), so EV, arbitrage and middles all
 * read the same prices. Locked prices (0 or missing, beyond ±5000, older than 15 min / 5 min live) never get
 * in; exchange lay markets (`h2h_lay`) are not backable: they are kept apart, beside the group they lay
 * (back-lay.ts). Production code may not import it (eslint.config.mjs).
 */

/** Every open quote of one market family for one player/team (or the game), before line grouping. */
export interface IndexedGroup extends MarketGroup {
  quotes: Quote[];
}

/** One line of a market (quotes within the grouping tolerance of each other). */
export interface IndexedLine {
  group: IndexedGroup;
  /** The lowest line in the cluster (null for moneylines). */
  line: number | null;
  /** Highest minus lowest line in the cluster (0 for moneylines). */
  span: number;
  /** Side name → each book's best quote on that side. */
  sides: Map<string, Quote[]>;
}

export interface EventIndex {
  event: BoardEvent;
  now: number;
  live: boolean;
  groups: IndexedGroup[];
  /** Cache of eventLines(). */
  lines?: IndexedLine[];
  /** The open lay prices at exchanges, each with the moneyline group of its outcome (those laying no group are left out). */
  lays: LayQuote[];
}

/** A lay price (its `effective` is its decimal: a lay is not a back bet) and the group whose back bets it covers. */
export interface LayQuote {
  quote: Quote;
  group: IndexedGroup;
}

// market keys repeat across every book and event: memoise their family and its number
const FAMILY_MEMO = new Map<string, { family: string; number: number }>();
function familyOf(key: string): { family: string; number: number } {
  let family = FAMILY_MEMO.get(key);
  if (family === undefined) {
    const name = marketFamily(key);
    FAMILY_MEMO.set(key, (family = { family: name, number: familyNumber(name) }));
  }
  return family;
}

/** `rates`: each exchange's commission, which prices its back bets at their effective price (commission.ts). */
export function buildEventIndex(
  event: BoardEvent,
  now: number,
  times: TimeCache = new Map(),
  rates: CommissionRates = DEFAULT_COMMISSIONS,
): EventIndex {
  const live = isEventLive(event, now);
  const numbers = new MarketGroupNumbers();
  const groups: IndexedGroup[] = [];
  const lays: { quote: Quote; familyId: number; count: number }[] = [];

  // indexed loops: this runs over every price of a board the odds table loads, before the code is optimised
  for (let b = 0; b < event.bookmakers.length; b++) {
    const bookmaker = event.bookmakers[b];
    const bookKey = canonicalBookKey(bookmaker.key);
    const commission = commissionOf(bookKey, rates);
    for (let m = 0; m < bookmaker.markets.length; m++) {
      const market = bookmaker.markets[m];
      const updatedAt = cachedTime(market.last_update, times);
      if (isStaleAt(updatedAt, now, live)) continue;
      if (isLayMarket(market.key)) {
        forEachLayOutcome(market, (outcome, familyId, count) => {
          const quote: Quote = {
            book: bookKey,
            bookTitle: bookmaker.title,
            market: market.key,
            alternate: false,
            outcome: outcome.name,
            description: outcome.description,
            decimal: outcome.price,
            commission,
            effective: outcome.price,
            lastUpdate: market.last_update,
            updatedAt,
            line: 0,
            link: outcome.link ?? market.link ?? bookmaker.link,
          };
          lays.push({ quote, familyId, count });
        });
        continue;
      }
      const { family, number: familyId } = familyOf(market.key);
      const alternate = isAlternateMarket(market.key);
      let counts: number | Map<string, number> | null = null;
      const locked = lockedDescriptions(market.outcomes);
      // consecutive outcomes usually share their group: look it up only when description or kind change
      let group: IndexedGroup | undefined;
      let groupDescription: string | undefined;
      let groupKind: LineKind | undefined;
      for (let o = 0; o < market.outcomes.length; o++) {
        const outcome = market.outcomes[o];
        if (locked !== null && locked.has(outcome.description ?? '')) continue;
        const hasPoint = hasLinePoint(outcome.point);
        const kindNumber = outcomeKind(outcome.name, hasPoint);
        const kind: LineKind = KIND_NAMES[kindNumber];
        if (!group || outcome.description !== groupDescription || kind !== groupKind) {
          const description = outcome.description ?? '';
          let outcomeCount = 0;
          if (kind === 'moneyline') {
            counts ??= moneylineCounts(market.outcomes);
            outcomeCount = typeof counts === 'number' ? counts : counts.get(description)!;
          }
          const g = numbers.numberOf(familyId, description, kindNumber, outcomeCount);
          if (g === groups.length)
            groups.push({ family, description: outcome.description, kind, outcomeCount, quotes: [] });
          group = groups[g];
          groupDescription = outcome.description;
          groupKind = kind;
        }
        group.quotes.push({
          book: bookKey,
          bookTitle: bookmaker.title,
          market: market.key,
          alternate,
          outcome: outcome.name,
          description: outcome.description,
          point: hasPoint ? outcome.point : undefined,
          decimal: outcome.price,
          commission,
          effective: effectiveDecimal(outcome.price, commission),
          lastUpdate: market.last_update,
          updatedAt,
          line: hasPoint ? outcome.point! : 0,
          link: outcome.link ?? market.link ?? bookmaker.link,
        });
      }
    }
  }

  for (const group of groups) {
    if (group.kind !== 'spread') continue;
    const names = [...new Set(group.quotes.map((q) => q.outcome))];
    const reference = spreadReference(names, 0, names.length, event.home_team, null, 0, 0);
    group.referenceSide = reference;
    for (const q of group.quotes) q.line = lineFromReference(q.outcome, q.point!, reference);
  }
  const layQuotes: LayQuote[] = [];
  for (const lay of lays) {
    const g = numbers.find(lay.familyId, lay.quote.description ?? '', MONEYLINE, lay.count);
    if (g >= 0) layQuotes.push({ quote: lay.quote, group: groups[g] });
  }
  return { event, now, live, groups, lays: layQuotes };
}

/** The event's lines at the EV grouping tolerance (0.05), computed once per index and shared by the finders. */
export function eventLines(index: EventIndex): IndexedLine[] {
  index.lines ??= index.groups.flatMap((group) => groupLines(group, LINE_GROUPING_TOLERANCE));
  return index.lines;
}

/**
 * Splits a group into lines: quotes whose lines lie within `tolerance` of the cluster's lowest line are one
 * line (spec 001 §5: spreads grouped within 0.05; arbitrage pairs within 0.01). Each book keeps its best
 * price per side.
 */
export function groupLines(group: IndexedGroup, tolerance: number): IndexedLine[] {
  const quotes = group.quotes.slice();
  if (quotes.length === 0) return [];
  if (group.kind === 'moneyline') return [{ group, line: null, span: 0, sides: sidesOf(quotes, 0, quotes.length) }];
  quotes.sort((a, b) => a.line - b.line);
  const lines: IndexedLine[] = [];
  let start = 0;
  for (let i = 1; i <= quotes.length; i++) {
    if (i === quotes.length || !onSameLine(quotes[start].line, quotes[i].line, tolerance)) {
      lines.push({
        group,
        line: quotes[start].line,
        span: quotes[i - 1].line - quotes[start].line,
        sides: sidesOf(quotes, start, i),
      });
      start = i;
    }
  }
  return lines;
}

function sidesOf(quotes: Quote[], from: number, to: number): Map<string, Quote[]> {
  const sides = new Map<string, Quote[]>();
  for (let i = from; i < to; i++) {
    const q = quotes[i];
    let side = sides.get(q.outcome);
    if (!side) sides.set(q.outcome, (side = []));
    // one quote per book per side, its best (books number in tens, a scan beats a map here)
    let held = -1;
    for (let k = 0; k < side.length; k++) {
      if (side[k].book === q.book) {
        held = k;
        break;
      }
    }
    if (held < 0) side.push(q);
    else if (replacesHeldQuote(q.decimal, side[held].decimal)) side[held] = q;
  }
  return sides;
}

/** The accepted quote of the highest effective price (ties: the most recently updated). */
export function bestQuote(quotes: readonly Quote[], accept?: (q: Quote) => boolean): Quote | undefined {
  let best: Quote | undefined;
  for (const q of quotes) {
    if (accept && !accept(q)) continue;
    if (!best || isBetterQuote(q.effective, q.updatedAt, best.effective, best.updatedAt)) best = q;
  }
  return best;
}

/**
 * The fair probabilities of one line: every non-DFS book quoting all its sides is de-vigged with `method` (a blend
 * averages `blend`); per side the weighted median is taken. Null when fewer than 4 books give a usable complete
 * market (underround or failed de-vigs are left out, never passed on).
 */
export function fairLine(
  line: IndexedLine,
  method: DevigMethod,
  blend: readonly BlendableMethod[] = DEFAULT_BLEND,
): FairLine | null {
  const sides = [...line.sides.values()];
  const n = sides.length;
  const expected = completeSideCount(KIND_NUMBERS[line.group.kind], line.group.outcomeCount);
  if (n !== expected || n < 2) return null;
  // most lines (alternates, thin props) have too few books: say so before any de-vig
  for (let i = 0; i < n; i++) if (sides[i].length < DEVIG_MIN_BOOKS) return null;
  // loops rather than callbacks: the odds table works out the fair line of every line of a board it loads
  const perSide: number[][] = [];
  for (let i = 0; i < n; i++) perSide.push([]);
  const weights: number[] = [];
  const row = new Array<number>(n);
  const firstSide = sides[0];
  for (let k = 0; k < firstSide.length; k++) {
    const first = firstSide[k];
    if (isDfs(first.book)) continue;
    row[0] = first.decimal;
    let complete = true;
    for (let i = 1; i < n && complete; i++) {
      const match = quoteOf(sides[i], first.book);
      if (match) row[i] = match.decimal;
      else complete = false;
    }
    if (!complete) continue;
    if (method === 'multiplicative') {
      if (!multiplicative(row, perSide)) continue;
    } else {
      const probabilities = devigOrNull(row, method, blend);
      if (!probabilities) continue;
      for (let i = 0; i < n; i++) perSide[i].push(probabilities[i]);
    }
    weights.push(weightOf(first.book));
  }
  if (weights.length < DEVIG_MIN_BOOKS) return null;
  const probabilities = new Map<string, number>();
  let i = 0;
  for (const side of line.sides.keys()) probabilities.set(side, weightedMedian(perSide[i++], weights)!);
  return { probabilities, books: weights.length };
}

/** A book's quote on a side (one each), or undefined. */
function quoteOf(side: readonly Quote[], book: string): Quote | undefined {
  for (let k = 0; k < side.length; k++) if (side[k].book === book) return side[k];
  return undefined;
}

/**
 * The default method without devig()'s result object (it runs for every book of every line): each side's probability
 * pushed onto its list; false, and nothing pushed, when underround.
 */
function multiplicative(decimals: readonly number[], perSide: number[][]): boolean {
  let booksum = 0;
  for (let i = 0; i < decimals.length; i++) booksum += 1 / decimals[i];
  if (booksum < 1 - 1e-12) return false;
  for (let i = 0; i < decimals.length; i++) perSide[i].push(1 / decimals[i] / booksum);
  return true;
}

function devigOrNull(decimals: number[], method: DevigMethod, blend: readonly BlendableMethod[]): number[] | null {
  const result = devig(decimals, method, { blend });
  return result.ok ? result.probabilities : null;
}

// book keys repeat on every line: memoise the catalogue look-ups
const DFS_MEMO = new Map<string, boolean>();
const WEIGHT_MEMO = new Map<string, number>();
export function isDfs(book: string): boolean {
  let dfs = DFS_MEMO.get(book);
  if (dfs === undefined) DFS_MEMO.set(book, (dfs = isDfsBook(book)));
  return dfs;
}
function weightOf(book: string): number {
  let weight = WEIGHT_MEMO.get(book);
  if (weight === undefined) WEIGHT_MEMO.set(book, (weight = bookWeight(book)));
  return weight;
}
