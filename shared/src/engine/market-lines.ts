import type { BoardEvent, EventHeader } from '../domain/odds';
import { canonicalBookKey } from '../domain/sportsbooks';
import {
  familyNumber,
  hasLinePoint,
  isAlternateMarket,
  isBetterQuote,
  isLayMarket,
  KIND_NAMES,
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
} from './line-rules';
import { isEventLive, isStaleAt } from './locked-market';
import { commissionOf, DEFAULT_COMMISSIONS, effectiveDecimal, type CommissionRates } from './commission';
import { forEachLayOutcome } from './back-lay';

/**
 * The object path (the finders' reference, the odds table's rows). Turns one event of the board into comparable lines: every book's open price, grouped by market family,
 * player/team and line, so EV, arbitrage and middles all read the same prices. Locked prices (spec 001 §5:
 * 0 or missing, beyond ±5000, older than 15 min / 5 min live) never get in; exchange lay markets
 * (`h2h_lay`) are not backable: they are kept apart, beside the group they lay (back-lay.ts).
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
  /** The open lay prices at exchanges, each with the moneyline group of its outcome (those laying no group are left out). */
  lays: LayQuote[];
}

/** A lay price (its `effective` is its decimal: a lay is not a back bet) and the group whose back bets it covers. */
export interface LayQuote {
  quote: Quote;
  group: MarketGroup;
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
export function buildEventIndex(event: BoardEvent, now: number, times: TimeCache = new Map(), rates: CommissionRates = DEFAULT_COMMISSIONS): EventIndex {
  const live = isEventLive(event, now);
  const numbers = new MarketGroupNumbers();
  const groups: MarketGroup[] = [];
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
      let group: MarketGroup | undefined;
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
          if (g === groups.length) groups.push({ family, description: outcome.description, kind, outcomeCount, quotes: [] });
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
export function eventLines(index: EventIndex): MarketLine[] {
  index.lines ??= index.groups.flatMap((group) => groupLines(group, LINE_GROUPING_TOLERANCE));
  return index.lines;
}

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
    if (i === quotes.length || !onSameLine(quotes[start].line, quotes[i].line, tolerance)) {
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

export function gameName(event: EventHeader): string {
  return event.away_team && event.home_team ? `${event.away_team} @ ${event.home_team}` : event.home_team || event.away_team || event.id;
}

/** Rounds a line for ids and output (lines are quarters or halves; float noise must not change an id). */
export function lineKey(line: number | null): string {
  return line === null ? '' : String(Math.round(line * 100) / 100);
}
