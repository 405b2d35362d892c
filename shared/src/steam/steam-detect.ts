import type { BoardEvent } from '../domain/odds';
import type { SteamAlert, SteamExpiry, SteamMarket, SteamMove, SteamPrice, SteamStaleBook } from '../domain/steam';
import { sportsbookName } from '../domain/books/sportsbooks';
import { commissionOf, effectiveDecimal } from '../engine/odds/commission';
import { evPercent } from '../engine/odds/fair-probability';
import { decimalToAmericanRounded } from '../engine/odds/odds-format';
import { hasStarted } from '../engine/lines/locked-market';
import { opportunityEvent } from '../engine/opportunities/opportunity-legs';
import {
  isConfirmingBook,
  isSharpBook,
  isSoftBook,
  isSteamSized,
  movedToward,
  probabilityAtLine,
  sideValue,
  SHARP_BOOKS,
  STEAM_BREADTH,
  STEAM_CONFIRM_MS,
  STEAM_DEDUPE_MS,
  STEAM_MOVE_WINDOW_MS,
  type SideQuote,
} from './steam-rules';
import { eventMarkets, fairProbabilityAt, type BookMarket, type SteamSeries, type WindowQuote } from './steam-quotes';

/** What every steam alert's id starts with (the rest names its game, market, side, origin book and time). */
export const STEAM_ALERT_ID_PREFIX = 'steam:';

/** A book's move of steam size toward a side, read from its series. */
interface BookMove {
  book: string;
  from: WindowQuote;
  to: WindowQuote;
  /** When it first reached steam size. */
  at: number;
  /** When its last run away from the old price began (its first step the same way since it last stood there). */
  startedAt: number;
}

/**
 * The book's move in the window: from the quote it stood at when the window began (its first quote, if it has none
 * that old) to its quote now, when that is of steam size toward `side`. A move that went back is no move.
 */
function bookMove(series: SteamSeries, sport: string, now: number): BookMove | null {
  const { quotes, market, side } = series;
  const start = now - STEAM_MOVE_WINDOW_MS;
  let base = 0;
  while (base + 1 < quotes.length && quotes[base + 1].at <= start) base += 1;
  const from = quotes[base];
  const to = quotes[quotes.length - 1];
  if (to === from || !isSteamSized(market, sport, side, from, to)) return null;
  const rises = (q: SideQuote) => sideValue(market, side, q) > sideValue(market, side, from);
  // the move is the book's last run away from the old price: a tick that went back before it is no move, and books
  // that moved after that tick but before the run are the market the book followed
  let first = quotes.length - 1;
  while (first - 1 > base && rises(quotes[first - 1])) first -= 1;
  let at = to.at;
  for (let i = first; i < quotes.length; i++)
    if (isSteamSized(market, sport, side, from, quotes[i])) {
      at = quotes[i].at;
      break;
    }
  return { book: series.book, from, to, at, startedAt: quotes[first].at };
}

function priceOf(quote: SideQuote): SteamPrice {
  return {
    price: decimalToAmericanRounded(quote.price),
    decimal: quote.price,
    ...(quote.point === null ? {} : { point: quote.point }),
  };
}

function toMove(move: BookMove, titles: ReadonlyMap<string, string>): SteamMove {
  return {
    book: move.book,
    bookTitle: titles.get(move.book) ?? sportsbookName(move.book),
    sharp: isConfirmingBook(move.book),
    from: priceOf(move.from),
    to: priceOf(move.to),
    at: new Date(move.at).toISOString(),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();
const round2 = (x: number) => Math.round(x * 100) / 100;
/** Best EV first, then by book: the stale books' order. */
const byEv = (a: SteamStaleBook, b: SteamStaleBook) => b.evPct - a.evPct || a.book.localeCompare(b.book);

/**
 * The soft books still at the old price, of the game's books in `market` (`books`, eventMarkets: the caller reads them
 * once for every use), priced against the new fair line (DECISIONS 34), best first. A book's old price is its quote
 * standing when the origin's move began (`oldPrices`); it is still at it while its price has not moved toward the side
 * since (in the move's own unit, sideValue: implied probability on a moneyline, the line on a spread or total, so a
 * spread book that changed only its juice is still at the old number) and still stands behind the new line, worth
 * taking against it (EV > 0, net of an exchange's commission): a book at or past the new line has nothing to catch up.
 * A book that moved away from the move stays, at its price now. A book with no quote from before the move (it came on
 * the board after) never stood at the old price. A spread or total at another line than the fair one is priced at its
 * own line (probabilityAtLine; left out in a sport whose lines cannot be priced).
 */
export function staleBooks(
  sport: string,
  books: readonly BookMarket[],
  market: SteamMarket,
  side: string,
  fair: Pick<SteamAlert['fair'], 'probability' | 'point'>,
  oldPrices: ReadonlyMap<string, SideQuote>,
): SteamStaleBook[] {
  const found: SteamStaleBook[] = [];
  for (const book of books) {
    const quote = book.sides.get(side);
    const old = oldPrices.get(book.book);
    if (!quote || !old || !isSoftBook(book.book) || movedToward(market, side, old, quote)) continue;
    const p = probabilityAtLine(sport, market, side, fair.probability, fair.point ?? null, quote.point);
    if (p === null) continue;
    const commission = commissionOf(book.book);
    const evPct = evPercent(p, effectiveDecimal(quote.price, commission));
    if (evPct <= 0) continue;
    found.push({
      book: book.book,
      bookTitle: book.bookTitle,
      ...priceOf(quote),
      oldPrice: priceOf(old),
      commission,
      evPct: round2(evPct),
      ...(quote.link ? { link: quote.link } : {}),
      lastUpdate: book.lastUpdate,
    });
  }
  return found.sort(byEv);
}

/**
 * Each book's quote of the side standing when the origin's move began (`startedAt`): its last quote before then. A
 * book whose first quote in the window came after has none.
 */
function pricesBefore(group: readonly SteamSeries[], startedAt: number): Map<string, SideQuote> {
  const prices = new Map<string, SideQuote>();
  for (const { book, quotes } of group) {
    const before = quotes.filter((q) => q.at < startedAt).at(-1);
    if (before) prices.set(book, { price: before.price, point: before.point });
  }
  return prices;
}

/** A sharp book's move and the moves that confirm it. */
interface ConfirmedMove {
  origin: BookMove;
  /**
   * Every other move made since the origin's began and within 90 seconds of when it reached steam size, earliest
   * first.
   */
  confirmations: BookMove[];
  /** The move that confirmed it: the first sharp one (or the exchange's), else the third of the others. */
  confirmedBy: BookMove;
}

/**
 * Whether `move` confirms `origin` (DECISIONS 34): made within 90 seconds of the origin's move and after it began. A
 * sharp book that moves in steps leads from its first one: books that made the move after that step, before its last
 * one brought it to steam size, followed it. A move made before the origin's began is the market the sharp book
 * followed, not steam.
 */
const confirms = (origin: BookMove, move: BookMove) =>
  move !== origin && move.at >= origin.startedAt && Math.abs(move.at - origin.at) <= STEAM_CONFIRM_MS;

/**
 * The earliest sharp move that is confirmed (DECISIONS 34): each sharp book's move is an origin move in its own right,
 * so one that no one followed within 90 seconds does not hide a later sharp move the market did follow. Of two sharp
 * books that moved seconds apart the earlier is the origin and the later its confirmation.
 */
function confirmedMove(moves: readonly BookMove[]): ConfirmedMove | null {
  const origins = moves
    .filter((m) => isSharpBook(m.book))
    .sort((a, b) => a.at - b.at || SHARP_BOOKS.indexOf(a.book) - SHARP_BOOKS.indexOf(b.book));
  for (const origin of origins) {
    const confirmations = moves
      .filter((m) => confirms(origin, m))
      .sort((a, b) => a.at - b.at || a.book.localeCompare(b.book));
    const sharp = confirmations.find((m) => isConfirmingBook(m.book));
    const confirmedBy = sharp ?? (confirmations.length >= STEAM_BREADTH ? confirmations[STEAM_BREADTH - 1] : null);
    if (confirmedBy) return { origin, confirmations, confirmedBy };
  }
  return null;
}

export interface SteamInput {
  /** The event as the board holds it now: soft books' prices and links, the sharp books' market for the fair line. */
  event: BoardEvent;
  /** The event's price-history window: every series, oldest quote first. */
  window: readonly SteamSeries[];
  now: number;
  /** The market and side of the event's alerts of the last 30 minutes: not alerted again. */
  alerted: ReadonlyArray<{ market: SteamMarket; side: string; timeFound: string }>;
}

/**
 * Steam on one event (DECISIONS 34): for each market and side, the origin is the first sharp book whose move of steam
 * size in the window is confirmed (confirmedMove): by a second sharp book (or the Betfair exchange) or by STEAM_BREADTH
 * other books making the move after the origin's began and within 90 seconds of it. A confirmed move becomes an alert
 * when it has a fair line (a sharp book that made the move quoting the whole market) and at least one soft book still
 * at the old price, and the side has had no alert in 30 minutes. Games that have started are left out: live prices move with the
 * score, not with sharp money.
 */
export function detectSteam({ event, window, now, alerted }: SteamInput): SteamAlert[] {
  if (event.completed || hasStarted(Date.parse(event.commence_time), now)) return [];
  const titles = new Map(event.bookmakers.map((b) => [b.key, b.title]));
  const sides = new Map<string, SteamSeries[]>();
  for (const series of window) {
    const key = `${series.market}\t${series.side}`;
    sides.set(key, [...(sides.get(key) ?? []), series]);
  }
  const alerts: SteamAlert[] = [];
  for (const group of sides.values()) {
    const { market, side } = group[0];
    const recent = alerted.some(
      (a) => a.market === market && a.side === side && now - Date.parse(a.timeFound) < STEAM_DEDUPE_MS,
    );
    if (recent) continue;
    const moves = group.flatMap((s) => bookMove(s, event.sport_key, now) ?? []);
    const confirmed = confirmedMove(moves);
    if (!confirmed) continue;
    const { origin, confirmations, confirmedBy } = confirmed;
    // The new fair line is the sharp books' that made the move (DECISIONS 34): one still at its old price would pull
    // the line back to where it stood before, so Pinnacle standing still would hide any move Circa and BookMaker made.
    const movedSharp = new Set(moves.filter((m) => isSharpBook(m.book)).map((m) => m.book));
    const books = eventMarkets(event, market);
    const markets = books.filter((b) => movedSharp.has(b.book));
    const line = origin.to.point;
    const probability = fairProbabilityAt(event.sport_key, markets, market, side, line);
    if (probability === null) continue;
    const fair = {
      probability,
      ...priceOf({ price: 1 / probability, point: line }),
    };
    const stale = staleBooks(event.sport_key, books, market, side, fair, pricesBefore(group, origin.startedAt));
    if (!stale.length) continue;
    alerts.push({
      type: 'steam',
      id: `${STEAM_ALERT_ID_PREFIX}${event.id}:${market}:${encodeURIComponent(side)}:${origin.book}:${origin.at}`,
      ...opportunityEvent(event),
      market,
      side,
      origin: toMove(origin, titles),
      movedAt: iso(origin.startedAt),
      confirmations: confirmations.map((m) => toMove(m, titles)),
      // confirmed once the origin's move is of steam size and its confirmation made: a book that followed the first
      // of the origin's steps confirms it when the last one lands
      confirmedAt: iso(Math.max(origin.at, confirmedBy.at)),
      breadth: moves.length,
      fair,
      staleBooks: stale,
      bestEvPct: stale[0].evPct,
      timeFound: iso(now),
      ageSeconds: Math.max(0, Math.round((now - origin.startedAt) / 1000)),
      status: 'active',
    });
  }
  return alerts;
}

export type SteamReview =
  | { change: 'unchanged'; alert: SteamAlert }
  | { change: 'updated'; alert: SteamAlert }
  | { change: 'expired'; alert: SteamAlert };

/** The stale books' books, prices and whether each is down: what an update is published for (EV moves with them). */
const staleKey = (books: readonly SteamStaleBook[]) =>
  books.map((b) => `${b.book}:${b.decimal}:${b.point ?? ''}:${b.down ? 'down' : ''}`).join('|');

/** An alert's 30 minutes since it was found have passed (DECISIONS 34). */
const timedOut = (alert: SteamAlert, now: number) => now - Date.parse(alert.timeFound) >= STEAM_DEDUPE_MS;

/**
 * Whether the clock alone has ended an alert (DECISIONS 34): 30 minutes have passed since it was found, or its game
 * (as the alert has it) has started. A list read between such a moment and the workers' review that expires it leaves
 * the alert out, so no listed alert is older than its rules allow.
 */
export function steamAlertOutlived(alert: SteamAlert, now: number): boolean {
  return timedOut(alert, now) || hasStarted(Date.parse(alert.commenceTime), now);
}

const sideQuoteOf = (price: SteamPrice): SideQuote => ({ price: price.decimal, point: price.point ?? null });

/**
 * A stale book's old price. An alert raised before stale books carried theirs (active for at most 30 minutes after
 * the release that added it) has the price the book stood at when it was raised, which had not moved toward the side.
 */
const oldPriceOf = (book: SteamStaleBook): SteamPrice => book.oldPrice ?? book;

/**
 * An active alert against the event as it stands (undefined: the event left the board): the books it named that are
 * still at their old price (staleBooks), priced again against the alert's fair line; a book that was not at the old
 * price when the alert was raised does not join it. A book it named whose line is down (no open price of the side:
 * the book, its market or the side gone from the game, or its price locked) has not caught up (DECISIONS 34): it stays
 * `down` at the price it last stood at, after the books that can be bet, and when it is back its price is judged as
 * any other (still at the old price, or caught up). It expires when the last of them has caught up (DECISIONS 34),
 * the game starts or leaves the board, or 30 minutes after it was found (the side may be alerted again then): a book
 * that stays down keeps the alert no longer than that.
 */
export function reviewSteamAlert(alert: SteamAlert, event: BoardEvent | undefined, now: number): SteamReview {
  const expire = (expiry: SteamExpiry, staleBooks = alert.staleBooks): SteamReview => ({
    change: 'expired',
    alert: { ...alert, staleBooks, status: 'expired', expiredAt: iso(now), expiry },
  });
  if (!event) return expire('removed');
  if (event.completed || hasStarted(Date.parse(event.commence_time), now)) return expire('started');
  if (timedOut(alert, now)) return expire('timed_out');
  const oldPrices = new Map(alert.staleBooks.map((b) => [b.book, sideQuoteOf(oldPriceOf(b))]));
  const books = eventMarkets(event, alert.market);
  const priced = staleBooks(event.sport_key, books, alert.market, alert.side, alert.fair, oldPrices);
  const quoted = new Set(books.filter((b) => b.sides.has(alert.side)).map((b) => b.book));
  const down = alert.staleBooks.filter((b) => !quoted.has(b.book)).map((b) => ({ ...b, down: true }));
  const stale = [...priced, ...down.sort(byEv)];
  if (!stale.length) return expire('caught_up', []);
  if (staleKey(stale) === staleKey(alert.staleBooks)) return { change: 'unchanged', alert };
  return {
    change: 'updated',
    alert: {
      ...alert,
      staleBooks: stale,
      bestEvPct: stale[0].evPct,
      ageSeconds: Math.max(0, Math.round((now - Date.parse(alert.movedAt)) / 1000)),
    },
  };
}
