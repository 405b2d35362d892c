import { decimalToAmericanRounded } from '../engine/odds/odds-format';
import type { BoardEvent, BoardOutcome } from './odds';

/**
 * The body of GET /api/odds and /api/player-props (spec 001 §3, §7): The Odds API v4's Game shape, with prices
 * and times in the format asked for. The server builds it from a board; the client reads it back.
 */
export type PriceFormat = 'american' | 'decimal';
export type DateFormat = 'iso' | 'unix';

/**
 * American: the whole number a book quotes. Decimal: the board's own price, unrounded, so a client that patches
 * the board with pushed diffs (which carry the board's decimals) starts from exactly the same prices; rounding
 * to 2 places moved American-quoted prices (−110 is 1.9090…) and their EV until the next push, and no single
 * rounded format is exact for a board that mixes American quotes with exchanges' decimal ticks.
 */
export function formatPrice(decimal: number, format: PriceFormat): number {
  return format === 'american' ? decimalToAmericanRounded(decimal) : decimal;
}

function formatTime(iso: string, format: DateFormat): string | number {
  return format === 'unix' ? Math.floor(Date.parse(iso) / 1000) : iso;
}

export interface ApiOutcome extends Omit<BoardOutcome, 'price'> {
  price: number;
}

/** One game as The Odds API v4 returns it (spec 001 §3 Game, Bookmaker, Market, Outcome). */
export interface ApiGame {
  id: string;
  sport_key: string;
  sport_title: string;
  commence_time: string | number;
  home_team: string;
  away_team: string;
  bookmakers: Array<{
    key: string;
    title: string;
    last_update: string | number;
    markets: Array<{ key: string; last_update: string | number; outcomes: ApiOutcome[] }>;
  }>;
}

export function toApiGame(event: BoardEvent, prices: PriceFormat, dates: DateFormat): ApiGame {
  return {
    id: event.id,
    sport_key: event.sport_key,
    sport_title: event.sport_title,
    commence_time: formatTime(event.commence_time, dates),
    home_team: event.home_team,
    away_team: event.away_team,
    bookmakers: event.bookmakers.map((book) => ({
      ...book,
      last_update: formatTime(book.last_update, dates),
      markets: book.markets.map((market) => ({
        ...market,
        last_update: formatTime(market.last_update, dates),
        outcomes: market.outcomes.map((outcome) => ({ ...outcome, price: formatPrice(outcome.price, prices) })),
      })),
    })),
  };
}
