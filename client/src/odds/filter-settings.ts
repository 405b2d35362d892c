import { DEFAULT_SPORTS, DEFAULT_SPORTSBOOKS, formatAmerican, formatFractional } from '@oddspulse/shared';
import type { DateFilter } from './filters';
import { DEFAULT_PROP_MARKETS, migrateBookKey, migratePropSelection, propSelectionForSports } from './prop-markets';

/** The odds page's filter values and odds display (spec 001 §2, §4, §9); pure, stored by odds-state. */
export type OddsDisplayFormat = 'american' | 'decimal' | 'fractional';

export function formatOdds(decimal: number, format: OddsDisplayFormat): string {
  if (!(decimal > 1)) return '—';
  if (format === 'decimal') return decimal.toFixed(2);
  if (format === 'fractional') return formatFractional(decimal);
  return formatAmerican(decimal);
}

export interface OddsFilters {
  sports: string[];
  markets: string[];
  propMarkets: string[];
  books: string[];
  date: DateFilter;
  /** PERCENT, null: none. */
  minEv: number | null;
  positiveOnly: boolean;
}

/** Default straight-bet markets (spec 001 §9): h2h, spreads, totals, team totals and the alternates. */
export const DEFAULT_GAME_MARKETS: readonly string[] = ['h2h', 'spreads', 'totals', 'team_totals', 'alternate_spreads', 'alternate_totals'];

export function defaultFilters(books: readonly string[] = DEFAULT_SPORTSBOOKS): OddsFilters {
  const sports = [...DEFAULT_SPORTS];
  return {
    sports,
    markets: [...DEFAULT_GAME_MARKETS],
    propMarkets: migratePropSelection(DEFAULT_PROP_MARKETS, sports).length
      ? migratePropSelection(DEFAULT_PROP_MARKETS, sports)
      : propSelectionForSports(sports),
    books: [...books],
    date: '',
    minEv: null,
    positiveOnly: false,
  };
}

/** Stored filters, migrated (spec 001 §4): old prop markets and book keys are rewritten or dropped. */
export function parseStoredFilters(raw: string, fallback: OddsFilters): OddsFilters {
  const value = JSON.parse(raw) as Partial<OddsFilters>;
  const sports = Array.isArray(value.sports) && value.sports.length ? value.sports.map(String) : fallback.sports;
  const propMarkets = Array.isArray(value.propMarkets) ? migratePropSelection(value.propMarkets.map(String), sports) : [];
  return {
    sports,
    markets: Array.isArray(value.markets) && value.markets.length ? value.markets.map(String) : fallback.markets,
    propMarkets: propMarkets.length ? propMarkets : propSelectionForSports(sports),
    books: Array.isArray(value.books) ? value.books.map((b) => migrateBookKey(String(b))) : fallback.books,
    date: typeof value.date === 'string' ? value.date : '',
    minEv: typeof value.minEv === 'number' && Number.isFinite(value.minEv) ? value.minEv : null,
    positiveOnly: value.positiveOnly === true,
  };
}

/** Changing sports resets the props selection to the first 3 valid markets (spec 001 §4). */
export function withSports(filters: OddsFilters, sports: string[]): OddsFilters {
  return { ...filters, sports, propMarkets: propSelectionForSports(sports) };
}
