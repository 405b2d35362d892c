import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decimalToAmericanRounded, gameDay, normaliseOddsApiV4, type BoardEvent } from '@oddspulse/shared';
import { ApiError } from '../api/api-client';
import { DFS_CONCURRENCY, dfsMarketsForSport, loadDfsBoards, mapWithLimit, type DfsCalls, type PlayerPropItem } from './dfs-load';

const fixtures = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
const recorded = normaliseOddsApiV4(
  JSON.parse(readFileSync(join(fixtures, 'v4_event_odds_basketball_nba_player_points_us_american_2024-02-22_BKN-at-TOR.json'), 'utf8')),
).events[0];
const NOW = Date.parse(recorded.commence_time) - 3 * 3_600_000;

/** The event's props as variant A items in American odds, as the server answers them. */
const itemsOf = (event: BoardEvent): PlayerPropItem[] =>
  event.bookmakers.flatMap((book) =>
    book.markets.flatMap((market) =>
      market.outcomes.map((o) => ({
        game_id: event.id,
        book: book.key,
        book_label: book.title,
        market: market.key,
        ou: o.name,
        player: o.description ?? '',
        price: decimalToAmericanRounded(o.price),
        line: o.point ?? null,
        url: null,
        last_update: market.last_update,
      })),
    ),
  );

const gameOf = (event: BoardEvent, overrides: Record<string, unknown> = {}) => {
  const { bookmakers: _books, ...game } = event;
  return { ...game, ...overrides };
};

function calls(overrides: Partial<DfsCalls> = {}): DfsCalls & { props: jest.Mock } {
  const props = jest.fn(async () => itemsOf(recorded));
  return { events: async () => [gameOf(recorded)], oddsData: async () => [], playerProps: props, props, ...overrides } as DfsCalls & { props: jest.Mock };
}

// spec 001 §7 GET /api/player-props variant A, §5 row building, §8 error catalogue
describe('DFS page first load (variant A)', () => {
  it('asks for each upcoming game with its league, its day, its id and the page markets, and rebuilds the board', async () => {
    const c = calls();
    const boards = await loadDfsBoards(['basketball_nba'], c, NOW);
    expect(c.props).toHaveBeenCalledWith({
      league: 'basketball_nba',
      date: '2024-02-22',
      game_id: recorded.id,
      markets: 'player_points,player_assists,player_rebounds',
    });
    const event = boards.basketball_nba.events[0];
    expect(event).toMatchObject({ id: recorded.id, home_team: 'Toronto Raptors', away_team: 'Brooklyn Nets', commence_time: recorded.commence_time });
    // every price of the recorded game comes back on the board, book by book
    const prices = (e: BoardEvent) =>
      e.bookmakers.flatMap((b) => b.markets.flatMap((m) => m.outcomes.map((o) => `${b.key}|${m.key}|${o.description}|${o.name}|${o.point}|${o.price}`))).sort();
    expect(prices(event)).toEqual(prices(recorded));
    expect(prices(event).length).toBeGreaterThan(100);
  });

  it('uses the US Eastern day of the game, as the server reads it', () => {
    expect(gameDay(Date.parse('2024-02-23T00:10:00Z'))).toBe('2024-02-22');
    expect(gameDay(Date.parse('2024-02-23T05:10:00Z'))).toBe('2024-02-23');
  });

  it('skips games without a commence date or id, and games already started, without calling for them', async () => {
    const c = calls({
      events: async () => [
        gameOf(recorded),
        gameOf(recorded, { id: 'no-date', commence_time: undefined }),
        gameOf(recorded, { id: '' }),
        gameOf(recorded, { id: 'started', commence_time: new Date(NOW - 60_000).toISOString() }),
      ],
    });
    const boards = await loadDfsBoards(['basketball_nba'], c, NOW);
    expect(c.props).toHaveBeenCalledTimes(1);
    expect(boards.basketball_nba.events.map((e) => e.id)).toEqual([recorded.id]);
  });

  it('skips a game silently when its call fails or answers something that is not a list', async () => {
    const second = gameOf(recorded, { id: 'second' });
    const third = gameOf(recorded, { id: 'third' });
    const props = jest.fn(async (q: { game_id: string }) => {
      if (q.game_id === 'second') throw new ApiError(500, 'Server error. Our team has been notified.');
      if (q.game_id === 'third') return { error: 'nope' };
      return itemsOf(recorded);
    });
    const boards = await loadDfsBoards(['basketball_nba'], calls({ events: async () => [gameOf(recorded), second, third], playerProps: props }), NOW);
    const byId = new Map(boards.basketball_nba.events.map((e) => [e.id, e.bookmakers.length]));
    // kept with no books, so the props rooms' diffs for them have an event to patch
    expect(Object.fromEntries(byId)).toEqual({ [recorded.id]: recorded.bookmakers.length, second: 0, third: 0 });
  });

  it('fails the page, not one game, on sign-in, quota and rate-limit answers', async () => {
    const quota = new ApiError(402, 'Quota exceeded - upgrade to continue', 'QUOTA_EXCEEDED');
    await expect(loadDfsBoards(['basketball_nba'], calls({ playerProps: async () => Promise.reject(quota) }), NOW)).rejects.toBe(quota);
    await expect(loadDfsBoards(['basketball_nba'], calls({ events: async () => Promise.reject(quota) }), NOW)).rejects.toBe(quota);
  });

  it('falls back from events to odds-data, then to no games', async () => {
    const fromOddsData = await loadDfsBoards(
      ['basketball_nba'],
      calls({ events: async () => Promise.reject(new ApiError(503, 'down')), oddsData: async () => [gameOf(recorded)] }),
      NOW,
    );
    expect(fromOddsData.basketball_nba.events).toHaveLength(1);
    const emptyEvents = await loadDfsBoards(['basketball_nba'], calls({ events: async () => [], oddsData: async () => [gameOf(recorded)] }), NOW);
    expect(emptyEvents.basketball_nba.events).toHaveLength(1);
    const none = calls({ events: async () => Promise.reject(new ApiError(503, 'down')), oddsData: async () => Promise.reject(new ApiError(503, 'down')) });
    expect(await loadDfsBoards(['basketball_nba'], none, NOW)).toEqual({
      basketball_nba: { sport_key: 'basketball_nba', fetched_at: new Date(NOW).toISOString(), events: [] },
    });
    expect(none.props).not.toHaveBeenCalled();
  });

  it('keeps at most 8 calls in flight', async () => {
    let inFlight = 0;
    let most = 0;
    await mapWithLimit(
      Array.from({ length: 30 }, (_, i) => i),
      DFS_CONCURRENCY,
      async () => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
      },
    );
    expect(DFS_CONCURRENCY).toBe(8);
    expect(most).toBe(8);
  });

  it('asks each sport for its markets: points, assists and rebounds for basketball, the props defaults elsewhere', () => {
    expect(dfsMarketsForSport('basketball_nba')).toEqual(['player_points', 'player_assists', 'player_rebounds']);
    expect(dfsMarketsForSport('americanfootball_nfl')).toEqual(['player_pass_yds', 'player_rush_yds', 'player_receptions', 'player_anytime_td']);
    expect(dfsMarketsForSport('baseball_mlb')).toEqual(['batter_hits', 'batter_total_bases', 'batter_home_runs']);
  });
});
