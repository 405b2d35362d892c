import { DEFAULT_SPORTS, DEFAULT_SPORTSBOOKS, DEFAULT_STRAIGHT_BET_MARKETS } from '@oddspulse/shared';
import { localDay, type DateChoice } from './filters';
import { DEFAULT_PROP_MARKETS, migratePropSelection, propSelectionForSports } from './prop-markets';

/** The odds page's filter values (spec 001 §2, §4); pure, stored by odds-state. */
export interface OddsFilters {
  sports: string[];
  markets: string[];
  propMarkets: string[];
  books: string[];
  date: DateChoice;
  /** PERCENT, null: none. */
  minEv: number | null;
  positiveOnly: boolean;
}

/** Default straight-bet markets (spec 001 §9): the ones `GET /api/odds` defaults to as well. */
export const DEFAULT_GAME_MARKETS: readonly string[] = DEFAULT_STRAIGHT_BET_MARKETS;

export function defaultFilters(books: readonly string[] = DEFAULT_SPORTSBOOKS): OddsFilters {
  const { sports, markets } = defaultBoardFilters();
  return {
    sports,
    markets,
    propMarkets: migratePropSelection(DEFAULT_PROP_MARKETS, sports).length
      ? migratePropSelection(DEFAULT_PROP_MARKETS, sports)
      : propSelectionForSports(sports),
    books: [...books],
    date: '',
    minEv: null,
    positiveOnly: false,
  };
}

/** Where the applied filters are kept in this browser (spec 001 §3 local settings). */
export const FILTERS_KEY = 'oddspulse.oddsFilters';

/**
 * The filters kept in this browser: all but the books. A page's books start from the user's saved books each visit
 * and a pick of others is that page's view only (DECISIONS 36, state/starting-books.ts), so no page carries one to
 * another or to the next visit.
 */
export type StoredOddsFilters = Omit<OddsFilters, 'books'>;

/** The filters to keep, without the page's books. */
export function storedPart({ books: _books, ...kept }: OddsFilters): StoredOddsFilters {
  return kept;
}

/** The applied filters as kept under FILTERS_KEY, over the defaults. */
export const parseFilters = (raw: string): StoredOddsFilters =>
  parseStoredFilters(raw, storedPart(defaultFilters()), Date.now());

/** The filters that choose the straight bets' boards: sports and markets. */
export type BoardFilters = Pick<OddsFilters, 'sports' | 'markets'>;

export const defaultBoardFilters = (): BoardFilters => ({
  sports: [...DEFAULT_SPORTS],
  markets: [...DEFAULT_GAME_MARKETS],
});

/**
 * The sports and markets of the filters kept under FILTERS_KEY, read as parseFilters reads them, for the page's boot
 * script, which needs only these and not the code the other filters take.
 */
export const parseBoardFilters = (raw: string): BoardFilters =>
  storedBoardFilters(JSON.parse(raw) as Partial<OddsFilters>, defaultBoardFilters());

function storedBoardFilters(value: Partial<OddsFilters>, fallback: BoardFilters): BoardFilters {
  return {
    sports: Array.isArray(value.sports) && value.sports.length ? value.sports.map(String) : fallback.sports,
    markets: Array.isArray(value.markets) && value.markets.length ? value.markets.map(String) : fallback.markets,
  };
}

/**
 * Stored filters, migrated (spec 001 §4): old prop markets are rewritten or dropped; books once kept are not read; a day
 * chosen that has passed by `now` is no date (spec 001 §2: the default), as the picker no longer offers it and its
 * upcoming games are none: kept, "Today" chosen yesterday listed no bets while the picker read "All Dates".
 */
export function parseStoredFilters(raw: string, fallback: StoredOddsFilters, now: number): StoredOddsFilters {
  const value = JSON.parse(raw) as Partial<OddsFilters>;
  const { sports, markets } = storedBoardFilters(value, fallback);
  const propMarkets = Array.isArray(value.propMarkets)
    ? migratePropSelection(value.propMarkets.map(String), sports)
    : [];
  return {
    sports,
    markets,
    propMarkets: propMarkets.length ? propMarkets : propSelectionForSports(sports),
    date: typeof value.date === 'string' && stillOffered(value.date, now) ? value.date : '',
    minEv: typeof value.minEv === 'number' && Number.isFinite(value.minEv) ? value.minEv : null,
    positiveOnly: value.positiveOnly === true,
  };
}

/** All dates, live games, or a local day from today on ('YYYY-MM-DD' compares as the days do). */
const stillOffered = (date: string, now: number) =>
  date === '' || date === 'live' || (/^\d{4}-\d{2}-\d{2}$/.test(date) && date >= localDay(now));

/** Changing sports resets the props selection to the first 3 valid markets (spec 001 §4). */
export function withSports<F extends StoredOddsFilters>(filters: F, sports: string[]): F {
  return { ...filters, sports, propMarkets: propSelectionForSports(sports) };
}
