import type { SteamMarket } from '../domain/steam';
import { canonicalBookKey, isDfsBook } from '../domain/books/sportsbooks';
import { normalCdf, normalQuantile } from '../engine/odds/normal';

/**
 * The steam rule of DECISIONS 34, stated once. A steam move is an origin move at a sharp book of at least 3 points of
 * implied probability on a moneyline, or at least 1 point on a spread or total (half a point onto or off a key number:
 * 3 and 7 on American football spreads), confirmed within 90 seconds by a second sharp book (the Betfair exchange
 * counts here, never as an origin) or by at least 3 other books making the same move. One alert per event, market and
 * side in 30 minutes.
 */
export const SHARP_BOOKS: readonly string[] = ['pinnacle', 'circasports', 'bookmaker'];
/** The Betfair exchange under every key the feeds give it: confirmation only. */
export const CONFIRMING_BOOKS: readonly string[] = ['betfair', 'betfair_ex_uk', 'betfair_ex_eu', 'betfair_ex_au'];

/** Implied probability, FRACTION. */
export const STEAM_MONEYLINE_MOVE = 0.03;
/** Points. */
export const STEAM_LINE_MOVE = 1;
/** Points, for a spread move onto or off a key number (a half point cannot pass over a whole number). */
export const STEAM_KEY_NUMBER_MOVE = 0.5;
export const STEAM_CONFIRM_MS = 90_000;
/** Other books making the move that confirm it without a second sharp book. */
export const STEAM_BREADTH = 3;
export const STEAM_DEDUPE_MS = 30 * 60_000;
/**
 * A move is measured from the price a book stood at this long ago: steam is a move of seconds to a few minutes, and
 * this holds the longest move the simulator's steam makes (a 2-point move ramping over 5 minutes reaches 1 point
 * in 2.5) with its 90 seconds of confirmation.
 */
export const STEAM_MOVE_WINDOW_MS = 5 * 60_000;

/** Key numbers of a sport's spreads: the margins games end on most (American football: 3 and 7). */
export function keyNumbers(sport: string): readonly number[] {
  return sport.startsWith('americanfootball') ? [3, 7] : [];
}

export function isSharpBook(book: string): boolean {
  return SHARP_BOOKS.includes(canonicalBookKey(book));
}

export function isConfirmingBook(book: string): boolean {
  const key = canonicalBookKey(book);
  return SHARP_BOOKS.includes(key) || CONFIRMING_BOOKS.includes(key);
}

/** A book whose stale price an alert may name: not a sharp book, not the exchange that confirms, not a DFS app. */
export function isSoftBook(book: string): boolean {
  return !isConfirmingBook(book) && !isDfsBook(book);
}

/** A quote of one side: decimal odds, and the line of a spread or total (null on a moneyline). */
export interface SideQuote {
  price: number;
  point: number | null;
}

/**
 * How far a quote stands toward `side`, in the unit its move is measured in: implied probability (moneyline), points
 * given (a spread: −point), points (a total: the line for Over, minus it for Under). A move toward the side raises it.
 */
export function sideValue(market: SteamMarket, side: string, quote: SideQuote): number {
  if (market === 'h2h') return 1 / quote.price;
  const point = quote.point ?? 0;
  if (market === 'spreads') return -point;
  return side === 'Under' ? -point : point;
}

/** Whether a spread move from one line to another lands on, leaves or passes a key number of the sport. */
export function touchesKeyNumber(sport: string, from: number, to: number): boolean {
  const low = Math.min(from, to);
  const high = Math.max(from, to);
  return keyNumbers(sport).some((k) => (k >= low && k <= high) || (-k >= low && -k <= high));
}

/** Float noise in prices and halves must not decide a threshold. */
const EPSILON = 1e-9;

/** Whether a book's move from `from` to `to` is of steam size toward `side` (DECISIONS 34). */
export function isSteamSized(
  market: SteamMarket,
  sport: string,
  side: string,
  from: SideQuote,
  to: SideQuote,
): boolean {
  const rise = sideValue(market, side, to) - sideValue(market, side, from);
  if (market === 'h2h') return rise >= STEAM_MONEYLINE_MOVE - EPSILON;
  if (rise >= STEAM_LINE_MOVE - EPSILON) return true;
  return (
    market === 'spreads' &&
    rise >= STEAM_KEY_NUMBER_MOVE - EPSILON &&
    touchesKeyNumber(sport, from.point ?? 0, to.point ?? 0)
  );
}

/**
 * What the price-history window's storage (decimal odds to 6 places) can shift an implied probability by, and more:
 * a quote read back from it is the same price as the board's. The smallest real move is far larger (one cent on
 * +10000 moves it 0.0001).
 */
const STORED_NOISE = 1e-6;

/**
 * Whether a book's price moved from `from` to `to` toward `side`, by any amount, in the unit a steam move is measured
 * in (sideValue): a soft book that has done so is no longer at the old price (DECISIONS 34).
 */
export function movedToward(market: SteamMarket, side: string, from: SideQuote, to: SideQuote): boolean {
  return sideValue(market, side, to) - sideValue(market, side, from) > STORED_NOISE;
}

/**
 * How far final scores fall from the closing line, in points (standard deviations): [sport key or its group, margin,
 * total]. Margins as Ask the Wizard #209 measured them against the spread (NFL 13.31, 2000–2007; college football
 * 15.72, 1993–2007; NBA 11.39, 1987–2003); the rest, and the totals, are our estimates (the simulator's profiles).
 * The first entry whose key the sport starts with is taken.
 */
const SCORE_DEVIATIONS: ReadonlyArray<readonly [sport: string, margin: number, total: number]> = [
  ['americanfootball_nfl', 13.3, 13.5],
  ['americanfootball', 15.7, 16],
  ['basketball_nba', 11.4, 18],
  ['basketball', 11, 15],
  ['icehockey', 2.3, 2.3],
  ['baseball', 4.2, 4.2],
  ['soccer', 1.6, 1.6],
];

/** Keeps a probability off 0 and 1, where the normal's inverse runs away. */
const EDGE = 1e-6;

/**
 * The probability of a spread or total side at line `to`, from its probability `p` at line `from`: final scores read
 * as normal around the line with the sport's deviation (SCORE_DEVIATIONS), so each point in the bettor's favour is
 * worth what the curve holds there (about 3 % near the middle of an NFL spread, 2 % of an NBA total). It leaves out
 * the extra weight of a key number (a half point onto 3 is worth more than it says): an EV it gives is on the low
 * side. A moneyline has one line: `p` itself. Null for a sport without a deviation, whose other lines cannot be priced.
 */
export function probabilityAtLine(
  sport: string,
  market: SteamMarket,
  side: string,
  p: number,
  from: number | null,
  to: number | null,
): number | null {
  if (market === 'h2h' || from === null || to === null) return p;
  const advantage =
    sideValue(market, side, { price: 2, point: from }) - sideValue(market, side, { price: 2, point: to });
  if (Math.abs(advantage) < EPSILON) return p;
  const deviation = SCORE_DEVIATIONS.find(([key]) => sport.startsWith(key));
  if (!deviation) return null;
  const sd = market === 'spreads' ? deviation[1] : deviation[2];
  return normalCdf(normalQuantile(Math.min(1 - EDGE, Math.max(EDGE, p))) + advantage / sd);
}
