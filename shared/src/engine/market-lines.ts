import type { BoardEvent, EventHeader } from '../domain/odds';
import { canonicalBookKey } from '../domain/sportsbooks';
import { isLockedPrice, isEventLive, LOCKED_MAX_AGE_LIVE_MS, LOCKED_MAX_AGE_MS } from './locked-market';

/**
 * Turns one event of the board into comparable lines: every book's open price, grouped by market family,
 * player/team and line, so EV, arbitrage and middles all read the same prices. Locked prices (spec 001 §5:
 * 0 or missing, beyond ±5000, older than 15 min / 5 min live) never get in; exchange lay markets
 * (`h2h_lay`) are not backable and are left out too.
 */
export interface Quote {
  /** Canonical bookmaker key. */
  book: string;
  bookTitle: string;
  /** The market key as the book lists it (alternate_totals, player_points_alternate, …). */
  market: string;
  /** An alternate line (alternate_spreads, player_points_alternate, …) rather than the book's main one. */
  alternate: boolean;
  outcome: string;
  description?: string;
  point?: number;
  decimal: number;
  lastUpdate: string;
  /** lastUpdate in ms since the epoch. */
  updatedAt: number;
  /** Totals: the point. Spreads: the point as seen from the reference side (the other side's is negated). */
  line: number;
  link?: string;
}

export type LineKind = 'moneyline' | 'total' | 'spread';

/** Every open quote of one market family for one player/team (or the game), before line grouping. */
export interface MarketGroup {
  /** The market key with `alternate_` / `_alternate` folded away: alternate lines compare with the main one. */
  family: string;
  description?: string;
  kind: LineKind;
  /** Moneyline-like markets: how many outcomes each book lists (2, or 3 for 1X2); 0 otherwise. */
  outcomeCount: number;
  /** Spreads: the side whose point is the line (the home team when it is one of the names). */
  referenceSide?: string;
  quotes: Quote[];
}

/** One line of a market (quotes within the grouping tolerance of each other). */
export interface MarketLine {
  group: MarketGroup;
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
  groups: MarketGroup[];
  /** Cache of eventLines(). */
  lines?: MarketLine[];
}

/** A cache of parsed timestamps; boards repeat the same few thousand `last_update` strings. */
export type TimeCache = Map<string, number>;

function parseTime(iso: string, cache: TimeCache): number {
  let time = cache.get(iso);
  if (time === undefined) {
    time = Date.parse(iso);
    if (cache.size > 100_000) cache.clear();
    cache.set(iso, time);
  }
  return time;
}

export function marketFamily(key: string): string {
  return key.replace(/^alternate_/, '').replace(/_alternate$/, '');
}

export function isAlternateMarket(key: string): boolean {
  return key.startsWith('alternate_') || key.endsWith('_alternate');
}

// market keys repeat across every book and event: memoise their family
const FAMILY_MEMO = new Map<string, string>();
function familyOf(key: string): string {
  let family = FAMILY_MEMO.get(key);
  if (family === undefined) FAMILY_MEMO.set(key, (family = marketFamily(key)));
  return family;
}

export function isLayMarket(key: string): boolean {
  return key.endsWith('_lay');
}

const isOverUnder = (name: string) => name === 'Over' || name === 'Under';

export function buildEventIndex(event: BoardEvent, now: number, times: TimeCache = new Map()): EventIndex {
  const live = isEventLive(event, now);
  const maxAge = live ? LOCKED_MAX_AGE_LIVE_MS : LOCKED_MAX_AGE_MS;
  const groups = new Map<string, MarketGroup>();

  for (const bookmaker of event.bookmakers) {
    const bookKey = canonicalBookKey(bookmaker.key);
    for (const market of bookmaker.markets) {
      if (isLayMarket(market.key)) continue;
      const updatedAt = parseTime(market.last_update, times);
      if (!(now - updatedAt <= maxAge)) continue;
      const family = familyOf(market.key);
      const alternate = isAlternateMarket(market.key);
      const counts = moneylineCounts(market.outcomes);
      const locked = lockedDescriptions(market.outcomes);
      // consecutive outcomes usually share their group: look it up only when description or kind change
      let group: MarketGroup | undefined;
      let groupDescription: string | undefined;
      let groupKind: LineKind | undefined;
      for (const outcome of market.outcomes) {
        if (locked !== null && locked.has(outcome.description ?? '')) continue;
        const hasPoint = outcome.point !== undefined && Number.isFinite(outcome.point);
        const kind: LineKind = !hasPoint ? 'moneyline' : isOverUnder(outcome.name) ? 'total' : 'spread';
        if (!group || outcome.description !== groupDescription || kind !== groupKind) {
          const description = outcome.description ?? '';
          const outcomeCount = kind === 'moneyline' ? (typeof counts === 'number' ? counts : counts.get(description)!) : 0;
          const key = `${family}\u0001${description}\u0001${kind}\u0001${outcomeCount}`;
          group = groups.get(key);
          if (!group) {
            group = { family, description: outcome.description, kind, outcomeCount, quotes: [] };
            groups.set(key, group);
          }
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
          lastUpdate: market.last_update,
          updatedAt,
          line: hasPoint ? outcome.point! : 0,
          link: outcome.link ?? market.link ?? bookmaker.link,
        });
      }
    }
  }

  for (const group of groups.values()) {
    if (group.kind !== 'spread') continue;
    const names = new Set(group.quotes.map((q) => q.outcome));
    const reference = names.has(event.home_team) ? event.home_team : [...names].sort()[0];
    group.referenceSide = reference;
    for (const q of group.quotes) q.line = q.outcome === reference ? q.point! : -q.point!;
  }
  return { event, now, live, groups: [...groups.values()] };
}

/**
 * spec 001 §5: a market with a price missing, 0 or beyond ±5000 is locked as a whole, so its other side can
 * never be paired as if it were open. Props are locked per player: the players whose market is locked, or
 * null when nothing is.
 */
function lockedDescriptions(outcomes: BoardEvent['bookmakers'][number]['markets'][number]['outcomes']): Set<string> | null {
  let locked: Set<string> | null = null;
  for (const o of outcomes) if (isLockedPrice(o.price)) (locked ??= new Set()).add(o.description ?? '');
  return locked;
}

/** How many outcomes a book lists per player/team in a market: one number when no outcome has a player. */
function moneylineCounts(outcomes: BoardEvent['bookmakers'][number]['markets'][number]['outcomes']): number | Map<string, number> {
  if (!outcomes.some((o) => o.description !== undefined)) return outcomes.length;
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(o.description ?? '', (counts.get(o.description ?? '') ?? 0) + 1);
  return counts;
}

/** The event's lines at the EV grouping tolerance (0.05), computed once per index and shared by the finders. */
export function eventLines(index: EventIndex): MarketLine[] {
  index.lines ??= index.groups.flatMap((group) => groupLines(group, LINE_GROUPING_TOLERANCE));
  return index.lines;
}

/** Spread and total lines within 0.05 are one line (spec 001 §5). */
export const LINE_GROUPING_TOLERANCE = 0.05;

/**
 * Splits a group into lines: quotes whose lines lie within `tolerance` of the cluster's lowest line are one
 * line (spec 001 §5: spreads grouped within 0.05; arbitrage pairs within 0.01). Each book keeps its best
 * price per side.
 */
export function groupLines(group: MarketGroup, tolerance: number): MarketLine[] {
  const quotes = group.quotes.slice();
  if (quotes.length === 0) return [];
  if (group.kind === 'moneyline') return [{ group, line: null, span: 0, sides: sidesOf(quotes, 0, quotes.length) }];
  quotes.sort((a, b) => a.line - b.line);
  const lines: MarketLine[] = [];
  let start = 0;
  for (let i = 1; i <= quotes.length; i++) {
    if (i === quotes.length || quotes[i].line - quotes[start].line > tolerance + 1e-9) {
      lines.push({ group, line: quotes[start].line, span: quotes[i - 1].line - quotes[start].line, sides: sidesOf(quotes, start, i) });
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
    // one quote per book per side: its best (books number in tens, a scan beats a map here)
    let held = -1;
    for (let k = 0; k < side.length; k++) {
      if (side[k].book === q.book) {
        held = k;
        break;
      }
    }
    if (held < 0) side.push(q);
    else if (q.decimal > side[held].decimal) side[held] = q;
  }
  return sides;
}

/** The highest-priced accepted quote (ties: the most recently updated). */
export function bestQuote(quotes: readonly Quote[], accept?: (q: Quote) => boolean): Quote | undefined {
  let best: Quote | undefined;
  for (const q of quotes) {
    if (accept && !accept(q)) continue;
    if (!best || q.decimal > best.decimal || (q.decimal === best.decimal && q.updatedAt > best.updatedAt)) best = q;
  }
  return best;
}

export function gameName(event: EventHeader): string {
  return event.away_team && event.home_team ? `${event.away_team} @ ${event.home_team}` : event.home_team || event.away_team || event.id;
}

/** Rounds a line for ids and output (lines are quarters or halves; float noise must not change an id). */
export function lineKey(line: number | null): string {
  return line === null ? '' : String(Math.round(line * 100) / 100);
}
