import type { OpportunityEvent } from './opportunities';

/**
 * Steam (DECISIONS 34): a sharp book moves a market and the rest of the market follows within a minute or two. An
 * alert names the soft books still at the old price, each priced against the new fair line, while a bettor can still
 * take them. Prices follow the opportunities' conventions: `price` is American odds rounded, `decimal` unrounded;
 * probabilities and commissions are FRACTIONS, EV and CLV PERCENT; times ISO-8601 UTC.
 */
export const STEAM_MARKETS = ['h2h', 'spreads', 'totals'] as const;
export type SteamMarket = (typeof STEAM_MARKETS)[number];

export const STEAM_MARKET_LABELS: Record<SteamMarket, string> = {
  h2h: 'Moneyline',
  spreads: 'Spread',
  totals: 'Total',
};

export function isSteamMarket(key: string): key is SteamMarket {
  return (STEAM_MARKETS as readonly string[]).includes(key);
}

/** One book's price of the alert's side. */
export interface SteamPrice {
  /** American odds, rounded. */
  price: number;
  decimal: number;
  /** The line (spreads, totals); absent on a moneyline. */
  point?: number;
}

/** A book's move toward the alert's side: from the price standing before it to its price now. */
export interface SteamMove {
  book: string;
  bookTitle: string;
  /** A sharp book, or the exchange that counts as one for confirmation. */
  sharp: boolean;
  from: SteamPrice;
  to: SteamPrice;
  /** When the move reached steam size at this book. */
  at: string;
}

/**
 * A soft book still at the old price (DECISIONS 34, stated in staleBooks): its price now, the price it stood at before
 * the move, and what its price now is worth against the new fair line. A book whose line is taken down has not caught
 * up: it stays, `down`, at the price it last stood at (reviewSteamAlert).
 */
export interface SteamStaleBook extends SteamPrice {
  book: string;
  bookTitle: string;
  /**
   * Its price when the origin's move began: the book stays stale while its price has not moved toward the side from it.
   * Absent on an alert raised before stale books carried it, which is reviewed from the price the book had when raised.
   */
  oldPrice?: SteamPrice;
  /** The book's commission on net winnings (exchanges), FRACTION; EV is worked net of it. */
  commission: number;
  /** EV against the alert's fair line, PERCENT. */
  evPct: number;
  /** The book's deep link for this bet, as the board carries it. */
  link?: string;
  lastUpdate: string;
  /**
   * True while the book's line is taken down (no open price of the side on the board): not bettable now, its price
   * and EV those it last stood at. Absent on a book with a price to take, and on an alert saved before books were kept
   * while down.
   */
  down?: boolean;
}

/** Why an alert ended: the last soft book caught up, the game started or left the board, or 30 minutes passed. */
export type SteamExpiry = 'caught_up' | 'started' | 'removed' | 'timed_out';

export interface SteamAlert extends OpportunityEvent {
  type: 'steam';
  /** Stable: the event, market, side and the origin's move. */
  id: string;
  market: SteamMarket;
  /** The outcome the market moved toward: a team, 'Draw', 'Over' or 'Under'. */
  side: string;
  /** The sharp book that moved first. */
  origin: SteamMove;
  /** When the origin's move began (its first step the same way). */
  movedAt: string;
  /** The books that made the same move at or after the origin's and within 90 seconds of it. */
  confirmations: SteamMove[];
  /** When the move was confirmed: the second sharp book's move, or the third book's. */
  confirmedAt: string;
  /** How many books (the origin included) have made the move. */
  breadth: number;
  /** The new fair line of the side: the de-vigged price of the sharp books that made the move, at the origin's new line. */
  fair: SteamPrice & { probability: number };
  /** The books with a price to take, best EV first, then those taken down (`down`), best EV first. */
  staleBooks: SteamStaleBook[];
  /**
   * The first stale book's EV, PERCENT (what an alert rule's minimum is compared with): the best one bettable now, or
   * while every one is down the best of them at the price it last stood at.
   */
  bestEvPct: number;
  /** When detection raised the alert. */
  timeFound: string;
  /** Seconds from `movedAt` to the alert's last change. */
  ageSeconds: number;
  status: 'active' | 'expired';
  expiredAt?: string;
  expiry?: SteamExpiry;
}

/**
 * The alert as a bettor who takes only some books sees it: the stale books among them, the best first as detection
 * ordered them, and the best one's EV as its figure; null when none is left (not theirs to take). The live list, the
 * web's book filter and an alert rule's books read it alike (api.md "Steam", "Alerts").
 */
export function steamAlertAmong(alert: SteamAlert, takes: (book: string) => boolean): SteamAlert | null {
  const staleBooks = alert.staleBooks.filter((stale) => takes(stale.book));
  if (!staleBooks.length) return null;
  return staleBooks.length === alert.staleBooks.length
    ? alert
    : { ...alert, staleBooks, bestEvPct: staleBooks[0].evPct };
}

/** The graded record of one market and sport (or of every alert, `sport` and `market` null). */
export interface SteamRecordGroup {
  sport: string | null;
  market: SteamMarket | null;
  alerts: number;
  graded: number;
  /** Graded alerts whose stale price beat the closing line. */
  hits: number;
  /** hits / graded, FRACTION; null before any is graded. */
  hitRate: number | null;
  /** Mean CLV of the graded alerts, PERCENT. */
  avgClvPct: number | null;
  /** Share of graded alerts whose soft book moved toward the steam by the close, FRACTION. */
  softMovedRate: number | null;
}

export type SteamGradeStatus = 'pending' | 'graded' | 'ungraded';

/** One kept alert as the record shows it. */
export interface SteamRecordEntry {
  id: string;
  sport: string;
  game: string;
  commenceTime: string;
  market: SteamMarket;
  side: string;
  originBook: string;
  origin: SteamMove;
  timeFound: string;
  expiredAt: string | null;
  expiry: SteamExpiry | null;
  status: SteamGradeStatus;
  /** The stale book graded (the best at the alert) and its price then. */
  gradedBook: string | null;
  taken: SteamPrice | null;
  /** The fair closing price at the taken line, American rounded. */
  closingPrice: number | null;
  clvPct: number | null;
  /** Whether the graded book moved toward the steam by the close; null when it had no closing price. */
  softMoved: boolean | null;
  /** Why an alert could not be graded. */
  note: string | null;
}

export interface SteamRecord {
  overall: SteamRecordGroup;
  groups: SteamRecordGroup[];
  /** Newest first. */
  alerts: SteamRecordEntry[];
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: string | null;
}

/** Messages of the steam routes and screens. */
export const SteamMessages = {
  platinumRequired: 'Steam alerts come with Platinum.',
  noClosingLine: 'No closing line was recorded for this market.',
  calledOff: 'The game was postponed or cancelled, so it has no closing line.',
} as const;
