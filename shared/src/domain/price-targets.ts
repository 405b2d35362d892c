import type { BoardEvent } from './odds';
import type { SteamMarket } from './steam';
import { canonicalBookKey, isDfsBook } from './books/sportsbooks';
import { americanToDecimal, decimalToAmericanRounded, isValidDecimal } from '../engine/odds/odds-format';
import { isLockedPrice } from '../engine/lines/locked-market';
import { LINE_GROUPING_TOLERANCE } from '../engine/lines/line-rules';

/**
 * Price targets: "tell me when the Celtics moneyline is +150 or better at any of my books", and a spread or total at a
 * line and a price. A target is met at a book whose price of the outcome is the target's or better and, on a spread or
 * total, whose line is the target's or better for the bettor (more points taken on a spread, a lower total for Over, a
 * higher one for Under). A rule fires once per crossing: when the target becomes met, and again only after it stopped
 * being met and is met once more.
 */
export interface PriceTarget {
  sport: string;
  eventId: string;
  /** "Away @ Home", as the board named the game when the rule was saved. */
  game: string;
  homeTeam: string;
  commenceTime: string;
  market: SteamMarket;
  /** A team, 'Draw', 'Over' or 'Under'. */
  outcome: string;
  /** The line of a spread or total; null on a moneyline. */
  point: number | null;
  /** American odds: this price or better. */
  price: number;
}

/** A book where the target is met now. */
export interface PriceTargetHit {
  book: string;
  bookTitle: string;
  /** American odds, rounded. */
  price: number;
  decimal: number;
  point?: number;
  link?: string;
  lastUpdate: string;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** "Boston Celtics moneyline +150 or better", "Boston Celtics -3.5 at -105 or better", "Over 220.5 at -110 or better". */
export function describePriceTarget(target: Pick<PriceTarget, 'market' | 'outcome' | 'point' | 'price'>): string {
  if (target.market === 'h2h') return `${target.outcome} moneyline ${signed(target.price)} or better`;
  const line = target.market === 'spreads' ? signed(target.point ?? 0) : String(target.point ?? 0);
  return `${target.outcome} ${line} at ${signed(target.price)} or better`;
}

/** Whether a line is the target's or better for the bettor (within the line grouping tolerance). */
function lineMet(target: PriceTarget, point: number | undefined): boolean {
  if (target.market === 'h2h') return true;
  if (point === undefined || target.point === null) return false;
  const tolerance = LINE_GROUPING_TOLERANCE;
  if (target.market === 'spreads') return point >= target.point - tolerance;
  return target.outcome === 'Under' ? point >= target.point - tolerance : point <= target.point + tolerance;
}

/**
 * The books at which `target` is met on `event` now, best price first: among `books` (canonical keys; empty: every
 * book), the main market's open price of the outcome. None once the game is over.
 */
export function priceTargetHits(target: PriceTarget, event: BoardEvent, books: readonly string[]): PriceTargetHit[] {
  if (event.completed) return [];
  const wanted = americanToDecimal(target.price);
  const hits: PriceTargetHit[] = [];
  for (const bookmaker of event.bookmakers) {
    const book = canonicalBookKey(bookmaker.key);
    if (isDfsBook(book) || (books.length && !books.includes(book))) continue;
    const market = bookmaker.markets.find((m) => m.key === target.market);
    const outcome = market?.outcomes.find((o) => o.name === target.outcome);
    if (!market || !outcome || !isValidDecimal(outcome.price) || isLockedPrice(outcome.price)) continue;
    if (outcome.price < wanted - 1e-9 || !lineMet(target, outcome.point)) continue;
    const link = outcome.link ?? market.link ?? bookmaker.link;
    hits.push({
      book,
      bookTitle: bookmaker.title,
      price: decimalToAmericanRounded(outcome.price),
      decimal: outcome.price,
      ...(outcome.point === undefined ? {} : { point: outcome.point }),
      ...(link ? { link } : {}),
      lastUpdate: market.last_update,
    });
  }
  return hits.sort((a, b) => b.decimal - a.decimal || a.book.localeCompare(b.book));
}

/**
 * The once-per-crossing rule: a rule not crossed whose target is met now crosses (and fires); a crossed rule whose
 * target is met nowhere uncrosses (and may fire again on the next crossing); otherwise nothing happens.
 */
export function priceTargetTransition(crossed: boolean, met: boolean): 'cross' | 'uncross' | null {
  if (met && !crossed) return 'cross';
  if (!met && crossed) return 'uncross';
  return null;
}
