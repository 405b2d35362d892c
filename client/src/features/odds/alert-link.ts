import { alertLinkPath, isPlayerPropMarket, type OpportunityEvent } from '@oddspulse/shared';
import type { StoredOddsFilters } from './filters/filter-settings';
import type { TableMode } from './rows/rows';

/**
 * What an alert's link (shared alertLinkPath: `sport`, `market`, `books`, `q`, `opportunity`) selects on the odds page,
 * so that the page shows the alert's opportunity: a table on NFL and NCAAF, or books without the bet's own, showed
 * "No Bets Available" for an NBA alert.
 */
export interface LinkSelection {
  sport: string;
  market: string | null;
  /** The bet's book, or the legs' books: added to the page's books for this view. */
  books: string[];
}

/** The selection a link names; null for an address without a sport (the page as the user left it). */
export function linkSelection(params: URLSearchParams): LinkSelection | null {
  const sport = params.get('sport');
  if (!sport) return null;
  return {
    sport,
    market: params.get('market') || null,
    books: (params.get('books') ?? '').split(',').filter(Boolean),
  };
}

const union = (list: readonly string[], more: readonly string[]) => [...new Set([...list, ...more])];

/**
 * The table's filters opened on a link: its sport among the sports, its market among the section's markets (a prop's
 * in Player Props), and every date (a game on another day stays in view). Null when they already show it.
 */
export function filtersForLink(
  filters: StoredOddsFilters,
  link: LinkSelection,
  mode: TableMode,
): StoredOddsFilters | null {
  const market = link.market;
  const next: StoredOddsFilters = {
    ...filters,
    sports: union(filters.sports, [link.sport]),
    markets:
      market && mode === 'game' && !isPlayerPropMarket(market) ? union(filters.markets, [market]) : filters.markets,
    propMarkets: market && mode === 'props' ? union(filters.propMarkets, [market]) : filters.propMarkets,
    date: '',
  };
  const same =
    next.sports.length === filters.sports.length &&
    next.markets.length === filters.markets.length &&
    next.propMarkets.length === filters.propMarkets.length &&
    next.date === filters.date;
  return same ? null : next;
}

/** The scanner's sports opened on a link: its sport among them. Null when they already hold it. */
export function scannerSportsForLink(sports: readonly string[], link: LinkSelection): string[] | null {
  return sports.includes(link.sport) ? null : [...sports, link.sport];
}

/**
 * The search the page's chip shows (`q`, the navbar's and an alert's game), applied to a scanner's opportunities as the
 * table applies it to rows: every word in the game, its teams, sport or market.
 */
export function matchesOpportunitySearch(opportunity: OpportunityEvent & { market: string }, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const fields = [
    opportunity.game,
    opportunity.homeTeam,
    opportunity.awayTeam,
    opportunity.sportTitle,
    opportunity.market,
  ].map((field) => field.toLowerCase());
  return words.every((word) => fields.some((field) => field.includes(word)));
}

/**
 * Where a scanner sends an alert whose opportunity is gone: its game's current prices, on the odds table's section of
 * its market, with its sport, market and books selected and the game searched.
 */
export function gamePricesPath(link: LinkSelection, search: string): string {
  return alertLinkPath({
    mode: link.market && isPlayerPropMarket(link.market) ? 'props' : 'game',
    sport: link.sport,
    market: link.market ?? '',
    books: link.books,
    homeTeam: search,
  });
}
