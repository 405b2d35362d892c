import { DEFAULT_SPORTS, DEFAULT_SPORTSBOOKS, DEFAULT_STRAIGHT_BET_MARKETS } from '@oddspulse/shared';
import { STORAGE_LIFETIME_MS } from '../../../state/stored-value';
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

/**
 * The filters as kept under FILTERS_KEY: with the time they were saved (applied), from which each part's lifetime
 * counts (spec 000 §9): sports and markets (the props markets with them) are preferences and last 30 days; the day,
 * the minimum EV and +EV only are session values and last 1 day. The books are not kept (DECISIONS 36).
 */
interface KeptFilters extends Partial<OddsFilters> {
  savedAt?: unknown;
}

/** The filters to keep under FILTERS_KEY, saved at `now`. */
export const serialiseFilters = (filters: StoredOddsFilters, now: number): string =>
  JSON.stringify({ ...filters, savedAt: now } satisfies KeptFilters);

/** The applied filters as kept under FILTERS_KEY, over the defaults. */
export const parseFilters = (raw: string): StoredOddsFilters =>
  parseStoredFilters(raw, storedPart(defaultFilters()), Date.now());

/**
 * The parts of kept filters still within their lifetimes at `now`. Filters kept before they carried their time read
 * as saved long enough ago that the session values have ended and the preferences have not: a day or minimum EV from
 * then is not carried on for ever, and the sports and markets the user chose stay until the next Apply dates them.
 */
function livingParts(
  value: KeptFilters,
  now: number,
): { preferences: KeptFilters | null; session: KeptFilters | null } {
  const age = typeof value.savedAt === 'number' ? now - value.savedAt : null;
  return {
    preferences: age === null || age <= STORAGE_LIFETIME_MS.preference ? value : null,
    session: age !== null && age <= STORAGE_LIFETIME_MS.session ? value : null,
  };
}

/** The filters that choose the straight bets' boards: sports and markets. */
export type BoardFilters = Pick<OddsFilters, 'sports' | 'markets'>;

export const defaultBoardFilters = (): BoardFilters => ({
  sports: [...DEFAULT_SPORTS],
  markets: [...DEFAULT_GAME_MARKETS],
});

/**
 * The sports and markets of the filters kept under FILTERS_KEY, read at `now` as parseStoredFilters reads them, for the
 * page's boot script, which needs only these and not the code the other filters take.
 */
export const parseBoardFilters = (raw: string, now: number): BoardFilters =>
  storedBoardFilters(livingParts(JSON.parse(raw) as KeptFilters, now).preferences ?? {}, defaultBoardFilters());

function storedBoardFilters(value: KeptFilters, fallback: BoardFilters): BoardFilters {
  return {
    sports: Array.isArray(value.sports) && value.sports.length ? value.sports.map(String) : fallback.sports,
    markets: Array.isArray(value.markets) && value.markets.length ? value.markets.map(String) : fallback.markets,
  };
}

/**
 * Stored filters read at `now`: each part past its lifetime is its default (livingParts), and the rest migrated (spec
 * 001 §4): old prop markets are rewritten or dropped; books once kept are not read; a day chosen that has passed by
 * `now` is no date (spec 001 §2: the default), as the picker no longer offers it and its upcoming games are none:
 * kept, "Today" chosen yesterday listed no bets while the picker read "All Dates".
 */
export function parseStoredFilters(raw: string, fallback: StoredOddsFilters, now: number): StoredOddsFilters {
  const { preferences, session } = livingParts(JSON.parse(raw) as KeptFilters, now);
  return { ...storedPreferences(preferences, fallback), ...storedSession(session, fallback, now) };
}

function storedPreferences(
  value: KeptFilters | null,
  fallback: StoredOddsFilters,
): Pick<StoredOddsFilters, 'sports' | 'markets' | 'propMarkets'> {
  if (!value) return { sports: fallback.sports, markets: fallback.markets, propMarkets: fallback.propMarkets };
  const { sports, markets } = storedBoardFilters(value, fallback);
  const propMarkets = Array.isArray(value.propMarkets)
    ? migratePropSelection(value.propMarkets.map(String), sports)
    : [];
  return { sports, markets, propMarkets: propMarkets.length ? propMarkets : propSelectionForSports(sports) };
}

function storedSession(
  value: KeptFilters | null,
  fallback: StoredOddsFilters,
  now: number,
): Pick<StoredOddsFilters, 'date' | 'minEv' | 'positiveOnly'> {
  if (!value) return { date: fallback.date, minEv: fallback.minEv, positiveOnly: fallback.positiveOnly };
  return {
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
