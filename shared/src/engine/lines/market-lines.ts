import type { EventHeader } from '../../domain/odds';
import type { LineKind } from './line-rules';

/**
 * An event's comparable lines as objects, for a reader that wants every line rather than the opportunities
 * (the odds table's rows): every book's open price, grouped by market family, player/team and line (spec 001 §5:
 * within 0.05), each book keeping its best price per side, with the line's fair probabilities (DECISIONS 10).
 * Locked prices (0 or missing, beyond ±5000, older than 15 min / 5 min live) never get in. marketLines() (event-lines.ts)
 * makes them from the scan's own lines.
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
  /** The quoted price. */
  decimal: number;
  /** The book's commission on net winnings (FRACTION; 0 at a book), and the price net of it (commission.ts). */
  commission: number;
  effective: number;
  lastUpdate: string;
  /** lastUpdate in ms since the epoch. */
  updatedAt: number;
  /** Totals: the point. Spreads: the point as seen from the reference side (the other side's is negated). */
  line: number;
  link?: string;
}

/** One market family for one player/team (or the game): what its lines share. */
export interface MarketGroup {
  /** The market key with `alternate_` / `_alternate` folded away: alternate lines compare with the main one. */
  family: string;
  description?: string;
  kind: LineKind;
  /** Moneyline-like markets: how many outcomes each book lists (2, or 3 for 1X2); 0 otherwise. */
  outcomeCount: number;
  /** Spreads: the side whose point is the line (the home team when it is one of the names). */
  referenceSide?: string;
}

/** The fair probabilities of one line: each non-DFS book quoting all its sides de-vigged, per side the weighted median. */
export interface FairLine {
  /** Side → fair probability (fraction); NaN when the weighted median has no value. */
  probabilities: Map<string, number>;
  /** Books whose de-vigged market went into the median. */
  books: number;
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
  /** Null when fewer than 4 books give a usable complete market (ev.ts DEVIG_MIN_BOOKS). */
  fair: FairLine | null;
}

/** A cache of parsed timestamps; boards repeat the same few thousand `last_update` strings. */
export type TimeCache = Map<string, number>;

/** Date.parse(iso), read once per cache. */
export function cachedTime(iso: string, cache: TimeCache): number {
  let time = cache.get(iso);
  if (time === undefined) {
    time = Date.parse(iso);
    if (cache.size > 100_000) cache.clear();
    cache.set(iso, time);
  }
  return time;
}

export function gameName(event: EventHeader): string {
  return event.away_team && event.home_team
    ? `${event.away_team} @ ${event.home_team}`
    : event.home_team || event.away_team || event.id;
}

/** Rounds a line for ids and output (lines are quarters or halves; float noise must not change an id). */
export function lineKey(line: number | null): string {
  return line === null ? '' : String(Math.round(line * 100) / 100);
}
