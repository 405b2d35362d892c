import { atom } from 'jotai';
import { storedAtom } from '../../state/display-settings';
import { storedKey } from '../../state/stored-value';
import {
  FILTERS_KEY,
  defaultFilters,
  parseFilters,
  serialiseFilters,
  storedPart,
  type StoredOddsFilters,
} from './filters/filter-settings';
import { migrateBookKey } from './filters/prop-markets';

/**
 * Odds page state kept in this browser (spec 001 §3 local settings): auto-refresh (live stream) on or off, favourite
 * sportsbooks, and the applied filters but their books (the odds format and de-vig method every page shows are in
 * state/display-settings.ts). The selected sportsbooks and
 * the bankroll live on the account (/api/preferences): every page's books start from them (state/starting-books.ts).
 */
export const AUTO_REFRESH_KEY = 'autoRefreshEnabled';
export const FAVORITE_BOOKS_KEY = 'sportsbookFavorites';

/** Default on (spec 001 §4): with push, on means live updates (DECISIONS 14). */
export const liveEnabledAtom = storedAtom<boolean>(
  storedKey(AUTO_REFRESH_KEY, 'preference'),
  (raw) => raw !== 'false',
  true,
  String,
);
export const favoriteBooksAtom = storedAtom<string[]>(
  storedKey(FAVORITE_BOOKS_KEY, 'preference'),
  (raw) => (JSON.parse(raw) as string[]).map(migrateBookKey),
  [],
);

/** Kept with the time of the Apply, from which its parts' lifetimes count (spec 000 §9, filter-settings). */
export const appliedFiltersAtom = storedAtom<StoredOddsFilters>(
  storedKey(FILTERS_KEY, 'preference'),
  parseFilters,
  storedPart(defaultFilters()),
  (filters) => serialiseFilters(filters, Date.now()),
);

/**
 * The table rows an alert's +EV link points at, best match first (evAlertRowKeys), while its banner is shown: the table
 * opens on the page holding the first of them once it lists it (useTablePaging), and the banner focuses it.
 */
export const alertRowKeysAtom = atom<readonly string[]>([]);
