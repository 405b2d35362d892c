import type { RequestOptions } from '../../../api/api-client';
import type { OddsFilters } from '../filters/filter-settings';

/** The boards a table loads: straight bets or player props, for these sports and markets. */
export interface BoardsToLoad {
  mode: 'game' | 'props';
  sports: readonly string[];
  markets: readonly string[];
}

/** GET /api/boards for these sports and markets, packed for the wire and revalidated by its ETag. */
export function boardsRequest(query: BoardsToLoad): [string, RequestOptions] {
  return [
    '/api/boards',
    {
      query: {
        kind: query.mode === 'props' ? 'props' : 'odds',
        sports: query.sports.join(','),
        markets: query.markets.join(','),
        // The same boards in about half the brotli bytes (shared/src/realtime/packed-boards.ts)
        format: 'packed',
      },
      // no cache-buster: the ETag keeps the answer fresh, and an unchanged board costs a 304
      revalidate: true,
    },
  ];
}

/**
 * The boards request a direct visit sends before /api/me has answered, for a user last seen on a paid plan:
 * require=paid, so should the plan have lapsed since, the server refuses the call without metering it (DECISIONS 2).
 * Null when there is nothing to ask for.
 */
export function earlyBoardsRequest(query: BoardsToLoad): [string, RequestOptions] | null {
  if (!query.sports.length || !query.markets.length) return null;
  const [path, options] = boardsRequest(query);
  return [path, { ...options, query: { ...options.query, require: 'paid' } }];
}

/** A direct visit of /sportsbooks opens straight bets, its default section, unless the address names another mode. */
export function opensStraightBets(location: Pick<Location, 'pathname' | 'search'>): boolean {
  return location.pathname === '/sportsbooks' && !new URLSearchParams(location.search).has('mode');
}

/** The straight bets' boards the odds screen first loads with these applied filters. */
export function straightBetsQuery(filters: Pick<OddsFilters, 'sports' | 'markets'>): BoardsToLoad {
  return { mode: 'game', sports: filters.sports, markets: filters.markets };
}
