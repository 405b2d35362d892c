import { SteamMessages, type SteamAlert } from '../domain/steam';
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
