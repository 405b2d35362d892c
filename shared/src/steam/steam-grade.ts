import { SteamMessages, type SteamAlert } from '../domain/steam';
import { calledOff, type ScoreboardEvent } from '../domain/scores';
import { canonicalBookKey } from '../domain/books/sportsbooks';
import { effectiveDecimal } from '../engine/odds/commission';
import { decimalToAmericanRounded } from '../engine/odds/odds-format';
import { closingLineValue } from '../picks/closing-line';
import { isSharpBook, sideValue } from './steam-rules';
import { fairProbabilityAt, type BookMarket } from './steam-quotes';

/** A book's last price of one outcome before the start, as the odds history holds it (decimal odds). */
export interface ClosingQuote {
  book: string;
  market: string;
  side: string;
  point: number | null;
  price: number;
  /** When it was recorded, ms since the epoch: a book's latest quote of a side is its close. */
  at: number;
}

export type SteamGrade =
  | {
      status: 'graded';
      /** The stale book graded: the best at the alert. */
      book: string;
      /** The fair closing probability of the side at the taken line, FRACTION. */
      closingProbability: number;
      /** The same as American odds, rounded. */
      closingPrice: number;
      /** CLV of the taken price, net of commission, PERCENT: positive beat the close. */
      clvPct: number;
      /** Whether the graded book's own close moved toward the steam; null when it had no price at the close. */
      softMoved: boolean | null;
      /** The close the grade is against: the sharp books', or every book's when no sharp book closed the market. */
      source: 'sharp' | 'market';
    }
  | { status: 'ungraded'; note: string };

/** Each book's closing market of `market`: every book's latest quote of each side. */
function closingMarkets(closes: readonly ClosingQuote[], market: string): BookMarket[] {
  const latest = new Map<string, ClosingQuote>();
  for (const close of closes) {
    if (close.market !== market) continue;
    const key = `${canonicalBookKey(close.book)}\t${close.side}`;
    const held = latest.get(key);
    if (!held || close.at > held.at) latest.set(key, close);
  }
  const books = new Map<string, BookMarket>();
  for (const close of latest.values()) {
    const book = canonicalBookKey(close.book);
    let entry = books.get(book);
    if (!entry) books.set(book, (entry = { book, bookTitle: book, lastUpdate: '', sides: new Map() }));
    entry.sides.set(close.side, { price: close.price, point: close.point });
  }
  return [...books.values()];
}

/**
 * A steam alert graded against the closing line (DECISIONS 34): the CLV of taking its best stale price, against the
 * sharp books' fair close at that price's line (every book's when no sharp book closed the market), and whether that
 * soft book had moved toward the steam by the close.
 */
export function gradeSteamAlert(alert: SteamAlert, closes: readonly ClosingQuote[]): SteamGrade {
  const taken = alert.staleBooks[0];
  const markets = closingMarkets(closes, alert.market);
  const line = taken.point ?? null;
  const fairAt = (books: readonly BookMarket[]) =>
    fairProbabilityAt(alert.sport, books, alert.market, alert.side, line);
  const sharp = fairAt(markets.filter((m) => isSharpBook(m.book)));
  const probability = sharp ?? fairAt(markets);
  if (probability === null) return { status: 'ungraded', note: SteamMessages.noClosingLine };
  const own = markets.find((m) => m.book === canonicalBookKey(taken.book))?.sides.get(alert.side);
  const takenQuote = { price: taken.decimal, point: line };
  return {
    status: 'graded',
    book: taken.book,
    closingProbability: probability,
    closingPrice: decimalToAmericanRounded(1 / probability),
    clvPct:
      Math.round(closingLineValue(effectiveDecimal(taken.decimal, taken.commission), 1 / probability) * 100) / 100,
    softMoved: own
      ? sideValue(alert.market, alert.side, own) > sideValue(alert.market, alert.side, takenQuote) + 1e-9
      : null,
    source: sharp === null ? 'market' : 'sharp',
  };
}

/**
 * A game's closing prices are graded this long after its start: the odds history stores a poll's changes within a
 * second of it, and the last polls before the start may come a little after it.
 */
export const STEAM_GRADE_AFTER_MS = 2 * 60_000;
/**
 * An alert whose market has no closing line this long after the start will not get one: it is left ungraded. A game its
 * scoreboard still shows to be played is waited for this long too (steamGradeStep).
 */
export const STEAM_GRADE_GIVE_UP_MS = 60 * 60_000;

/**
 * An alert's game as its sport's scoreboard shows it: the scoreboard's game joined to the alert's odds event (the
 * scores worker's joinToOdds gives it the event id, as settlement reads it).
 */
export type ScoreboardStanding = Pick<ScoreboardEvent, 'commence_time' | 'status' | 'status_type'>;

/**
 * Whether the scoreboard still has the game to be played: not started (or delayed), and not called off (calledOff: a
 * postponed game is not started either, spec 002 §4).
 */
function stillToPlay(game: ScoreboardStanding): boolean {
  return game.status === 'scheduled' && !calledOff(game);
}

/** The grade of an alert whose game did not take place at its start: there is no closing line to grade it against. */
export const CALLED_OFF_GRADE: SteamGrade = { status: 'ungraded', note: SteamMessages.calledOff };

/**
 * The start a game's odds board gives it: the one the board lists now (`listed`, ms, each odds poll writes it), else the
 * one the record holds (`held`) for a game off the board, which keeps the start last known.
 */
export function steamBoardStart(held: number, listed: number | undefined): number {
  return listed === undefined || Number.isNaN(listed) ? held : listed;
}

/**
 * Whether a game's odds board start (steamBoardStart) has passed at `now`, its alerts falling due at it. Until it has,
 * it is the game's start (steamGameStart) and its alerts are not due: neither steamGameStart nor steamGradeStep reads
 * the game's scoreboard.
 */
export function steamBoardStartPassed(board: number, now: number): boolean {
  return now >= board + STEAM_GRADE_AFTER_MS;
}

/**
 * The start a game's alerts are graded at (DECISIONS 34: the closing line is the price standing at the game's actual
 * start), from the one the record holds (`held`, ms), the one its sport's odds board lists now (`listed`, each odds poll
 * writes it; undefined for a game off the board, which keeps the start last known) and its scoreboard's game. The odds
 * board's start holds until it has passed (until the alerts fall due at it), whether it put the game back or brought it
 * forward. Once it has passed, a later start the scoreboard lists for a game it still shows to be played is the game's:
 * the board's is stale (the game put back after the board's last word on it, or on the scoreboard only, as a game
 * leaves the board at its start). Else the later of the board's start and the one held stands: a start taken from the
 * scoreboard is kept once the game is under way, and a game under way at the board's start keeps that one, whatever
 * start the scoreboard lists; a game called off keeps its start, at which steamGradeStep voids it.
 */
export function steamGameStart(
  held: number,
  listed: number | undefined,
  game: ScoreboardStanding | undefined,
  now: number,
): number {
  const board = steamBoardStart(held, listed);
  if (!steamBoardStartPassed(board, now)) return board;
  if (game && stillToPlay(game)) {
    const start = Date.parse(game.commence_time);
    if (start > board) return start;
  }
  return Math.max(board, held);
}

/**
 * What the record does with the alerts of a game whose start (`start`, ms, steamGameStart) has passed, at `now`. A game
 * its scoreboard calls off (postponed or cancelled: calledOff) at that start, or at a later one, never started then and
 * has no closing line: 'void', its alerts ended with CALLED_OFF_GRADE. A start past the one called off is the game's
 * new start, which the odds board listed (a postponed game put back): it is graded. A game the scoreboard still shows
 * to be played (stillToPlay: not started, or delayed) may yet be called off, as a postponement is often announced after
 * the listed start: 'wait', up to STEAM_GRADE_GIVE_UP_MS after the start, then it is graded at that start. A game no
 * scoreboard knows (many sports and events are not on one) is graded: leaving the odds board says nothing, since a game
 * without in-play prices leaves it at its start.
 */
export function steamGradeStep(
  start: number,
  game: ScoreboardStanding | undefined,
  now: number,
): 'wait' | 'grade' | 'void' {
  if (!game) return 'grade';
  if (stillToPlay(game)) return now < start + STEAM_GRADE_GIVE_UP_MS ? 'wait' : 'grade';
  return calledOff(game) && start <= Date.parse(game.commence_time) ? 'void' : 'grade';
}
