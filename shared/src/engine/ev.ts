import type { BoardEvent, EventHeader } from '../domain/odds';
import type { EvBet, OpportunityEvent, OpportunityFlag } from '../domain/opportunities';
import { isDfsBook } from '../domain/sportsbooks';
import { DEFAULT_BLEND, DEFAULT_DEVIG_METHOD, devig, type BlendableMethod, type DevigMethod } from './devig';
import { bookWeight, evPercent, weightedMedian } from './fair-probability';
import { buildEventIndex, eventLines, lineKey, type EventIndex, type MarketGroup, type MarketLine, type Quote, type TimeCache } from './market-lines';
import { completeSideCount, KIND_NUMBERS, LINE_GROUPING_TOLERANCE } from './line-rules';
import { commissionRates } from './commission';
import { opportunityEvent, scannerBooks, STALE_LEG_LAG_LIVE_MS, STALE_LEG_LAG_MS } from './opportunity-legs';
import { americanToDecimal, decimalToAmericanRounded } from './odds-format';

/**
 * +EV (DECISIONS 10, spec 001 §5 expected value and de-vigging): each book's complete market is de-vigged,
 * the fair probability of an outcome is the weighted median of those across books, and
 * EV% = fair probability × decimal odds − 1. The fair line needs a complete market from at least 4 books
 * (DFS apps excluded: their prices are fixed); an EV row needs at least 3 distinct books quoting the outcome.
 * DFS apps are priced at −119. Spread and total lines within 0.05 are one line.
 */
export interface EvOptions {
  method?: DevigMethod;
  /** For method `blend`: the methods averaged (DEFAULT_BLEND when absent or empty). */
  blend?: readonly BlendableMethod[];
  /** PERCENT: rows below it are hidden, as are rows of EV 0 or less; DFS rows are always shown (spec 001 §5 filters). */
  minEvPct?: number;
  /** Rows only for these books (the fair line still uses every book). All books when absent. */
  books?: readonly string[];
  /** PERCENT; a row above it is flagged `suspect` (default 10), as a price that far off is rarely real. */
  suspectEvPct?: number;
  /** Commission rates (FRACTIONS) laid over each exchange's default (commission.ts). */
  commission?: Readonly<Record<string, number>>;
}

export const EV_MIN_BOOKS = 3;
export const EV_SUSPECT_PCT = 10;
export const DEVIG_MIN_BOOKS = 4;
export const EV_LINE_TOLERANCE = LINE_GROUPING_TOLERANCE;
/** DFS props get a fixed price of −119 (spec 001 §5). */
export const DFS_FIXED_AMERICAN = -119;
export const DFS_FIXED_DECIMAL = americanToDecimal(DFS_FIXED_AMERICAN);

export function findEvBets(event: BoardEvent, options: EvOptions = {}, now: number): EvBet[] {
  return evInIndex(buildEventIndex(event, now, undefined, commissionRates(options.commission)), options);
}

export function findEvBetsOnBoard(events: readonly BoardEvent[], options: EvOptions = {}, now: number): EvBet[] {
  const times: TimeCache = new Map();
  const rates = commissionRates(options.commission);
  return events.flatMap((e) => evInIndex(buildEventIndex(e, now, times, rates), options)).sort((a, b) => b.evPct - a.evPct);
}

export interface FairLine {
  /** Side → fair probability (fraction). */
  probabilities: Map<string, number>;
  /** Books whose de-vigged market went into the median. */
  books: number;
}

/**
 * The fair probabilities of one line: every non-DFS book quoting all its sides is de-vigged with `method` (a blend
 * averages `blend`); per side the weighted median is taken. Null when fewer than 4 books give a usable complete
 * market (underround or failed de-vigs are left out, never passed on).
 */
export function fairLine(line: MarketLine, method: DevigMethod, blend: readonly BlendableMethod[] = DEFAULT_BLEND): FairLine | null {
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
function isDfs(book: string): boolean {
  let dfs = DFS_MEMO.get(book);
  if (dfs === undefined) DFS_MEMO.set(book, (dfs = isDfsBook(book)));
  return dfs;
}
function weightOf(book: string): number {
  let weight = WEIGHT_MEMO.get(book);
  if (weight === undefined) WEIGHT_MEMO.set(book, (weight = bookWeight(book)));
  return weight;
}

/** `live`; `stale` when the price lags the newest price of its line like a stale arbitrage leg; `suspect`. */
function evFlags(live: boolean, stale: boolean, suspect: boolean): OpportunityFlag[] {
  const flags: OpportunityFlag[] = [];
  if (live) flags.push('live');
  if (stale) flags.push('stale');
  if (suspect) flags.push('suspect');
  return flags;
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
        rows.push(evRow(context, group, side, q, fairProbability, fair.books, quotes.length, newest, dfs, decimal, evPct));
      }
    }
  }
  return rows;
}

/** EvOptions with their defaults applied, resolved once per scan. */
export interface EvSettings {
  method: DevigMethod;
  /** The methods a blend averages (DEFAULT_BLEND unless chosen). */
  blend: readonly BlendableMethod[];
  minEvPct: number;
  suspectEvPct: number;
  /** Canonical keys of the books rows are shown for; null: all. */
  allowed: Set<string> | null;
}

export function evSettings(options: EvOptions = {}): EvSettings {
  return {
    method: options.method ?? DEFAULT_DEVIG_METHOD,
    blend: options.blend?.length ? [...new Set(options.blend)] : DEFAULT_BLEND,
    minEvPct: options.minEvPct ?? 0,
    suspectEvPct: options.suspectEvPct ?? EV_SUSPECT_PCT,
    allowed: scannerBooks(options.books),
  };
}

/** What every EV row of one event shares. */
export interface EvRowContext {
  eventId: string;
  base: OpportunityEvent;
  now: number;
  live: boolean;
  staleLag: number;
  method: DevigMethod;
  blend: readonly BlendableMethod[];
  suspectEvPct: number;
}

export function evRowContext(event: EventHeader, now: number, live: boolean, settings: EvSettings): EvRowContext {
  return {
    eventId: event.id,
    base: opportunityEvent(event),
    now,
    live,
    staleLag: live ? STALE_LEG_LAG_LIVE_MS : STALE_LEG_LAG_MS,
    method: settings.method,
    blend: settings.blend,
    suspectEvPct: settings.suspectEvPct,
  };
}

/**
 * One EV row: `q` on `side` of a line whose fair probability is known. `newest` is the newest update among the
 * line's quotes (for `stale`); `books` how many books quote the side; `fairBooks` how many went into the fair line.
 */
export function evRow(
  context: EvRowContext,
  group: Pick<MarketGroup, 'family' | 'description'>,
  side: string,
  q: Quote,
  fairProbability: number,
  fairBooks: number,
  books: number,
  newest: number,
  dfs: boolean,
  decimal: number,
  evPct: number,
): EvBet {
  const { now, live, base } = context;
  // the event's fields one by one: Node 20's V8 takes microseconds per object for a spread followed by more keys
  const row: EvBet = {
    eventId: base.eventId,
    sport: base.sport,
    sportTitle: base.sportTitle,
    game: base.game,
    homeTeam: base.homeTeam,
    awayTeam: base.awayTeam,
    commenceTime: base.commenceTime,
    id: `ev:${context.eventId}:${group.family}:${group.description ?? ''}:${side}:${lineKey(q.point ?? null)}:${q.book}`,
    market: group.family,
    outcome: side,
    book: q.book,
    bookTitle: q.bookTitle,
    price: dfs ? DFS_FIXED_AMERICAN : decimalToAmericanRounded(decimal),
    decimal,
    commission: dfs ? 0 : q.commission,
    fairProbability,
    fairDecimal: 1 / fairProbability,
    fairPrice: decimalToAmericanRounded(1 / fairProbability),
    evPct,
    method: context.method,
    fairBooks,
    books,
    isDfs: dfs,
    lastUpdate: q.lastUpdate,
    ageSeconds: Math.max(0, Math.round((now - q.updatedAt) / 1000)),
    flags: evFlags(live, newest - q.updatedAt > context.staleLag, evPct > context.suspectEvPct && !dfs),
  };
  if (q.description !== undefined) row.description = q.description;
  if (q.point !== undefined) row.point = q.point;
  if (q.link) row.link = q.link;
  if (context.method === 'blend') row.blend = [...context.blend];
  return row;
}
