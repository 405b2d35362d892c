import { gameDay, normaliseOddsApiV4, type SportBoard } from '@oddspulse/shared';
import { ApiError } from '../api/api-client';
import { DEFAULT_PROP_MARKETS, DFS_DEFAULT_PROP_MARKETS, migratePropSelection, propSelectionForSports } from './prop-markets';
import { boardsBySport } from './first-load';

/**
 * The DFS page's first load (spec 001 §7 `/api/player-props` variant A, §5, §8): each sport's games from
 * `/api/events` (falling back to `/api/odds-data`, then to none), then one variant A call per game
 * (league, the game's date, game_id, markets), at most 8 at a time. A game without a commence date is
 * skipped; a call that fails or answers something that is not a list skips its game silently. Sign-in,
 * quota and rate-limit answers are not a game's failure but the page's ('DFS error: {message}').
 *
 * The items become one board per sport, the shape the props rooms' diffs patch, so the page then follows the
 * socket like the odds page. The DFS apps (prizepicks, underdog, pick6) are the books the page offers; the
 * sportsbooks' prices in the items stay on the board only to give the fair line the apps' −119 is measured
 * against (spec 001 §5, DECISIONS 10).
 */
export const DFS_PAGE_BOOKS = ['prizepicks', 'underdog', 'pick6'] as const;
/** Variant A calls in flight at once (spec 001 §7). */
export const DFS_CONCURRENCY = 8;

/** Spec 001 §3 player-props response item; `price` in American odds. */
export interface PlayerPropItem {
  game_id?: string;
  book: string;
  book_label?: string;
  market: string;
  ou: string;
  player?: string;
  price: number;
  line?: number | null;
  url?: string | null;
  last_update?: string;
}

export interface DfsGame {
  id?: unknown;
  sport_key?: unknown;
  sport_title?: unknown;
  commence_time?: unknown;
  home_team?: unknown;
  away_team?: unknown;
}

export interface DfsCalls {
  events: (sport: string) => Promise<unknown>;
  oddsData: (sport: string) => Promise<unknown>;
  playerProps: (query: { league: string; date: string; game_id: string; markets: string }) => Promise<unknown>;
}

/** The DFS page's markets for a sport: points, assists and rebounds (spec 001 §9), else the sport's props defaults. */
export function dfsMarketsForSport(sport: string): string[] {
  if (sport.startsWith('basketball_')) return [...DFS_DEFAULT_PROP_MARKETS];
  const defaults = migratePropSelection(DEFAULT_PROP_MARKETS, [sport]);
  return defaults.length ? defaults : propSelectionForSports([sport]);
}

/** Answers that are the page's failure, not one game's: sign in, quota, plan, rate limit. */
const pageFailure = (error: unknown) => error instanceof ApiError && [401, 402, 403, 429].includes(error.status);

async function gamesOf(sport: string, calls: DfsCalls): Promise<DfsGame[]> {
  for (const call of [calls.events, calls.oddsData]) {
    try {
      const list = await call(sport);
      if (Array.isArray(list) && list.length) return list as DfsGame[];
    } catch (error) {
      // spec 001 §8: an events failure falls back to odds-data, then to an empty list.
      if (pageFailure(error)) throw error;
    }
  }
  return [];
}

export async function mapWithLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);

/** One game's items as a game of The Odds API v4 shape, for the shared normaliser. */
function gameWithItems(game: DfsGame & { id: string; sport_key: string; commence_time: string }, items: readonly PlayerPropItem[], fetchedAt: string) {
  const books = new Map<
    string,
    { key: string; title: string; last_update: string; markets: Map<string, { key: string; last_update: string; outcomes: unknown[] }> }
  >();
  for (const item of items) {
    if (!item || typeof item.book !== 'string' || typeof item.market !== 'string') continue;
    const updated = text(item.last_update) ?? fetchedAt;
    let book = books.get(item.book);
    if (!book) books.set(item.book, (book = { key: item.book, title: text(item.book_label) ?? item.book, last_update: updated, markets: new Map() }));
    let market = book.markets.get(item.market);
    if (!market) book.markets.set(item.market, (market = { key: item.market, last_update: updated, outcomes: [] }));
    if (updated > market.last_update) market.last_update = updated;
    if (updated > book.last_update) book.last_update = updated;
    market.outcomes.push({ name: item.ou, description: text(item.player), price: item.price, point: item.line ?? undefined, link: text(item.url) });
  }
  return {
    id: game.id,
    sport_key: game.sport_key,
    sport_title: text(game.sport_title) ?? game.sport_key,
    commence_time: game.commence_time,
    home_team: text(game.home_team) ?? '',
    away_team: text(game.away_team) ?? '',
    bookmakers: [...books.values()].map((b) => ({ ...b, markets: [...b.markets.values()] })),
  };
}

/**
 * Loads the boards of the sports' upcoming games. Games that have started are not asked for: a day in
 * variant A means upcoming games that day (spec 001 §4), and the DFS apps take props down at the start.
 */
export async function loadDfsBoards(sports: readonly string[], calls: DfsCalls, now: number): Promise<Record<string, SportBoard>> {
  const fetchedAt = new Date(now).toISOString();
  const perSport = await Promise.all(sports.map(async (sport) => ({ sport, games: await gamesOf(sport, calls) })));
  const games = perSport.flatMap(({ sport, games: list }) =>
    list.flatMap((game) => {
      const id = text(game.id);
      const sportKey = text(game.sport_key) ?? sport;
      const start =
        typeof game.commence_time === 'string' ? Date.parse(game.commence_time) : typeof game.commence_time === 'number' ? game.commence_time * 1000 : NaN;
      // spec 001 §5: events with no id are dropped; a player-props call needs a commence date.
      if (!id || Number.isNaN(start) || start <= now) return [];
      return [{ ...game, id, sport_key: sportKey, commence_time: new Date(start).toISOString() }];
    }),
  );
  const withItems = await mapWithLimit(games, DFS_CONCURRENCY, async (game) => {
    try {
      const items = await calls.playerProps({
        league: game.sport_key,
        date: gameDay(Date.parse(game.commence_time)),
        game_id: game.id,
        markets: dfsMarketsForSport(game.sport_key).join(','),
      });
      // spec 001 §8: an invalid body skips the game silently.
      return gameWithItems(game, Array.isArray(items) ? (items as PlayerPropItem[]) : [], fetchedAt);
    } catch (error) {
      if (pageFailure(error)) throw error;
      // spec 001 §8: a failed call skips the game silently; its props come with the next push.
      return gameWithItems(game, [], fetchedAt);
    }
  });
  // Items carry American odds (spec 001 §3); the books quote whole American prices, so the conversion is exact.
  const { events } = normaliseOddsApiV4(withItems, { oddsFormat: 'american' });
  return boardsBySport(events, sports, fetchedAt);
}
