import { atom } from 'jotai';
import { browserStorage, readStored } from '../state/stored-value';
import { DEFAULT_DEVIG_CHOICE, parseDevigChoice, type DevigChoice } from './filters/devig-choice';
import {
  FILTERS_KEY,
  defaultFilters,
  parseFilters,
  storedPart,
  type OddsDisplayFormat,
  type StoredOddsFilters,
} from './filters/filter-settings';
import { migrateBookKey } from './filters/prop-markets';

/**
 * Odds page state kept in this browser (spec 001 §3 local settings): the odds format, auto-refresh (live
 * stream) on or off, favourite sportsbooks, and the applied filters but their books. The selected sportsbooks and
 * the bankroll live on the account (/api/preferences): every page's books start from them (state/starting-books.ts).
 */
export const ODDS_FORMAT_KEY = 'oddsFormat';
export const AUTO_REFRESH_KEY = 'autoRefreshEnabled';
export const FAVORITE_BOOKS_KEY = 'sportsbookFavorites';
export const DEVIG_KEY = 'oddspulse.devigMethod';

export function storedAtom<T>(
  key: string,
  parse: (raw: string) => T,
  fallback: T,
  serialise: (value: T) => string = JSON.stringify,
) {
  const base = atom<T>(readStored(browserStorage(), key, parse, fallback));
  return atom(
    (get) => get(base),
    (_get, set, value: T) => {
      set(base, value);
      window.localStorage.setItem(key, serialise(value));
    },
  );
}

const parseFormat = (raw: string): OddsDisplayFormat => (raw === 'decimal' || raw === 'fractional' ? raw : 'american');
/** Default American (spec 001 §9). */
export const oddsFormatAtom = storedAtom<OddsDisplayFormat>(ODDS_FORMAT_KEY, parseFormat, 'american', (v) => v);
/** Default on (spec 001 §4): with push, on means live updates (DECISIONS 14). */
export const liveEnabledAtom = storedAtom<boolean>(AUTO_REFRESH_KEY, (raw) => raw !== 'false', true, String);
export const favoriteBooksAtom = storedAtom<string[]>(
  FAVORITE_BOOKS_KEY,
  (raw) => (JSON.parse(raw) as string[]).map(migrateBookKey),
  [],
);

export const appliedFiltersAtom = storedAtom<StoredOddsFilters>(
  FILTERS_KEY,
  parseFilters,
  storedPart(defaultFilters()),
);

/** The de-vig method of the EV and De-Vig columns, the dashboard's +EV and the edge calculator. */
export const devigChoiceAtom = storedAtom<DevigChoice>(DEVIG_KEY, parseDevigChoice, DEFAULT_DEVIG_CHOICE);
