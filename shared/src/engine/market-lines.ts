import type { BoardEvent } from '../domain/odds';
import { isLockedPrice, isEventLive, LOCKED_MAX_AGE_LIVE_MS, LOCKED_MAX_AGE_MS } from './locked-market';

/**
 * Turns one event of the board into comparable lines: every book's open price, grouped by market family,
 * player/team and line, so EV, arbitrage and middles all read the same prices. Locked prices (spec 001 §5:
 * 0 or missing, beyond ±5000, older than 15 min / 5 min live) never get in; exchange lay markets
 * (`h2h_lay`) are not backable and are left out too.
 */
export interface Quote {
  book: string;
  bookTitle: string;
  /** The market key as the book lists it (alternate_totals, player_points_alternate, …). */
  market: string;
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
  /** Side name → each book's best quote on that side. */
  sides: Map<string, Quote[]>;
}

export interface EventIndex {
  event: BoardEvent;
  now: number;
  live: boolean;
  groups: MarketGroup[];
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

export function isLayMarket(key: string): boolean {
  return key.endsWith('_lay');
}

const isOverUnder = (name: string) => name === 'Over' || name === 'Under';

export function buildEventIndex(event: BoardEvent, now: number, times: TimeCache = new Map()): EventIndex {
  const live = isEventLive(event, now);
  const maxAge = live ? LOCKED_MAX_AGE_LIVE_MS : LOCKED_MAX_AGE_MS;
  const groups = new Map<string, MarketGroup>();

  for (const bookmaker of event.bookmakers) {
    for (const market of bookmaker.markets) {
      if (isLayMarket(market.key)) continue;
      const updatedAt = parseTime(market.last_update, times);
      if (!(now - updatedAt <= maxAge)) continue;
      const family = marketFamily(market.key);
      // outcomes per player/team, so a Yes/No prop market counts its outcomes per player
      const perDescription = new Map<string, number>();
      for (const outcome of market.outcomes) {
        const d = outcome.description ?? '';
        perDescription.set(d, (perDescription.get(d) ?? 0) + 1);
      }
      for (const outcome of market.outcomes) {
        if (isLockedPrice(outcome.price)) continue;
        const hasPoint = outcome.point !== undefined && Number.isFinite(outcome.point);
        const kind: LineKind = !hasPoint ? 'moneyline' : isOverUnder(outcome.name) ? 'total' : 'spread';
        const description = outcome.description ?? '';
        const outcomeCount = kind === 'moneyline' ? perDescription.get(description)! : 0;
        const key = `${family}\u0001${description}\u0001${kind}\u0001${outcomeCount}`;
        let group = groups.get(key);
        if (!group) {
          group = { family, kind, outcomeCount, quotes: [] };
          if (outcome.description !== undefined) group.description = outcome.description;
          groups.set(key, group);
        }
        const quote: Quote = {
          book: bookmaker.key,
          bookTitle: bookmaker.title,
          market: market.key,
          outcome: outcome.name,
          decimal: outcome.price,
          lastUpdate: market.last_update,
          updatedAt,
          line: hasPoint ? outcome.point! : 0,
        };
        if (outcome.description !== undefined) quote.description = outcome.description;
        if (hasPoint) quote.point = outcome.point;
        const link = outcome.link ?? market.link ?? bookmaker.link;
        if (link) quote.link = link;
        group.quotes.push(quote);
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
 * Splits a group into lines: quotes whose lines lie within `tolerance` of the cluster's lowest line are one
 * line (spec 001 §5: spreads grouped within 0.05; arbitrage pairs within 0.01). Each book keeps its best
 * price per side. `accept` filters quotes (excluded books, the user's book filter).
 */
export function groupLines(group: MarketGroup, tolerance: number, accept: (q: Quote) => boolean = () => true): MarketLine[] {
  const quotes = group.quotes.filter(accept);
  if (quotes.length === 0) return [];
  if (group.kind === 'moneyline') return [{ group, line: null, sides: sidesOf(quotes) }];
  quotes.sort((a, b) => a.line - b.line);
  const lines: MarketLine[] = [];
  let start = 0;
  for (let i = 1; i <= quotes.length; i++) {
    if (i === quotes.length || quotes[i].line - quotes[start].line > tolerance + 1e-9) {
      const cluster = quotes.slice(start, i);
      lines.push({ group, line: cluster[0].line, sides: sidesOf(cluster) });
      start = i;
    }
  }
  return lines;
}

function sidesOf(quotes: Quote[]): Map<string, Quote[]> {
  const sides = new Map<string, Map<string, Quote>>();
  for (const q of quotes) {
    let byBook = sides.get(q.outcome);
    if (!byBook) sides.set(q.outcome, (byBook = new Map()));
    const held = byBook.get(q.book);
    if (!held || q.decimal > held.decimal) byBook.set(q.book, q);
  }
  const result = new Map<string, Quote[]>();
  for (const [side, byBook] of sides) result.set(side, [...byBook.values()]);
  return result;
}

/** The highest-priced quote (ties: the most recently updated). */
export function bestQuote(quotes: readonly Quote[]): Quote | undefined {
  let best: Quote | undefined;
  for (const q of quotes) {
    if (!best || q.decimal > best.decimal || (q.decimal === best.decimal && q.updatedAt > best.updatedAt)) best = q;
  }
  return best;
}

export function gameName(event: BoardEvent): string {
  return event.away_team && event.home_team ? `${event.away_team} @ ${event.home_team}` : event.home_team || event.away_team || event.id;
}

/** Rounds a line for ids and output (lines are quarters or halves; float noise must not change an id). */
export function lineKey(line: number | null): string {
  return line === null ? '' : String(Math.round(line * 100) / 100);
}
