import { type ScoreboardEvent, gameDay } from '@oddspulse/shared';
import { loadFixtureBoards, writeScoreboard } from '../../../test/support/fixture-boards';
import { createGatewayApp, type GatewayTestApp } from '../../../test/support/gateway-app';
import { GameResultsRepository, gameResultOf, type GameResult, deleteKeysWithPrefix } from '@oddspulse/core';

const prefix = `${process.env.REDIS_PREFIX}-scores`;

// spec 002 §7 GET /api/scores; DECISIONS 9: the scores page is public
describe('GET /api/scores (real Redis, recorded MLB scores)', () => {
  let t: GatewayTestApp;
  let fixtures: Awaited<ReturnType<typeof loadFixtureBoards>>;

  beforeAll(async () => {
    t = await createGatewayApp({ REDIS_PREFIX: prefix });
    fixtures = await loadFixtureBoards(t.redis);
  });

  afterAll(async () => {
    // Before close: the app's Redis connection is the one that deletes.
    await deleteKeysWithPrefix(t.redis.client, prefix);
    await t.app.close();
  });

  it('serves the scoreboard to anyone, with final, live and upcoming games', async () => {
    const res = await t.http().get('/api/scores?sport=baseball_mlb');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(fixtures.scores.games.length);
    expect(new Set(res.body.map((g: { status: string }) => g.status))).toEqual(
      new Set(['final', 'in_progress', 'scheduled']),
    );
    expect(res.headers['x-board-fetched-at']).toBe(`baseball_mlb=${fixtures.scores.fetched_at}`);
  });

  it('filters by day, dashed or compact (spec 002 §7 validation dates)', async () => {
    const dashed = await t.http().get('/api/scores?sport=baseball_mlb&date=2022-08-26');
    const compact = await t.http().get('/api/scores?sport=baseball_mlb&date=20220826');
    expect(dashed.body.length).toBeGreaterThan(0);
    expect(dashed.body.length).toBeLessThan(fixtures.scores.games.length);
    expect(compact.body).toEqual(dashed.body);
    // a day of the calendar only: February 30 or a year 0 is no day any scoreboard has
    for (const date of ['26/08/2022', '2024-02-30', '20240230', '0000-01-01', '2022-13-01']) {
      const res = await t.http().get(`/api/scores?sport=baseball_mlb&date=${date}`);
      expect([date, res.status, res.body.code, res.body.message]).toEqual([
        date,
        400,
        'INVALID_DATE',
        'date must be YYYY-MM-DD',
      ]);
    }
  });

  // spec 002 §8
  it('refuses an unsupported sport with the spec message, and a missing scoreboard with 503', async () => {
    const res = await t.http().get('/api/scores?sport=cricket_ipl');
    expect([res.status, res.body.message]).toEqual([400, 'Unsupported sport for backend scoreboard: cricket_ipl']);
    const missing = await t.http().get('/api/scores?sport=icehockey_nhl');
    expect([missing.status, missing.body.code]).toEqual([503, 'BOARD_UNAVAILABLE']);
  });

  // spec 002 §8: a sport given more than once names no one scoreboard, so it is refused, never answered with NFL's
  it('refuses a sport given more than once, and answers NFL only for an absent or empty one', async () => {
    for (const [query, shown] of [
      ['sport=baseball_mlb&sport=cricket', '["baseball_mlb","cricket"]'],
      ['sport=baseball_mlb&sport=baseball_mlb&sport=', '["baseball_mlb","baseball_mlb",""]'],
    ]) {
      const res = await t.http().get(`/api/scores?${query}`);
      expect([query, res.status, res.body.code, res.body.message]).toEqual([
        query,
        400,
        'UNSUPPORTED_SPORT',
        `Unsupported sport for backend scoreboard: ${shown}`,
      ]);
    }
    // no NFL scoreboard is written here: NFL's is the board found missing
    for (const query of ['', '?sport=', '?sport=%20']) {
      const res = await t.http().get(`/api/scores${query}`);
      expect([query, res.status, res.body.code, res.body.sports]).toEqual([
        query,
        503,
        'BOARD_UNAVAILABLE',
        ['americanfootball_nfl'],
      ]);
    }
  });

  // spec 002 §7: validation asks for today and each of the previous 7 days; §9 look-back. Past days are answered
  // from the finals the settlement worker keeps in PostgreSQL once the live scoreboard has moved on.
  describe('a past day', () => {
    const DAY = '2022-08-26';
    const finals = () => fixtures.scores.games.filter((g) => g.status === 'final');
    const view = (g: ScoreboardEvent) => ({
      id: g.id,
      home_team: g.home_team,
      away_team: g.away_team,
      scores: g.scores,
      status: g.status,
      starts: Date.parse(g.commence_time),
    });

    beforeAll(async () => {
      // kept as settlement keeps them (its own mapping), then the live scoreboard moves on to other games
      const kept = finals()
        .map((g) => gameResultOf('baseball_mlb', g, 'theoddsapi'))
        .filter((r): r is GameResult => r !== null);
      expect(kept.length).toBeGreaterThan(1);
      await t.get(GameResultsRepository).save(kept);
    });

    it('answers from the kept finals when the scoreboard no longer has the day', async () => {
      const onDay = finals().filter((g) => gameDay(g.commence_time) === DAY);
      expect(onDay.length).toBeGreaterThan(0);
      const upcoming = fixtures.scores.games.filter((g) => g.status === 'scheduled');
      await writeScoreboard(t.redis, { ...fixtures.scores, games: upcoming });
      const res = await t.http().get(`/api/scores?sport=baseball_mlb&date=${DAY.replaceAll('-', '')}`);
      expect(res.status).toBe(200);
      expect(res.body.map(view)).toEqual(
        [...onDay].sort((a, b) => a.commence_time.localeCompare(b.commence_time) || a.id.localeCompare(b.id)).map(view),
      );
      expect(
        res.body.every(
          (g: ScoreboardEvent) => g.completed && !g.live && g.league === 'MLB' && g.source === 'theoddsapi',
        ),
      ).toBe(true);
      // the whole (current) scoreboard is unchanged by what is kept
      expect((await t.http().get('/api/scores?sport=baseball_mlb')).body.map(view)).toEqual(upcoming.map(view));
    });

    it("keeps one copy of a game both kept and on the scoreboard: the scoreboard's", async () => {
      await writeScoreboard(t.redis, fixtures.scores);
      const res = await t.http().get(`/api/scores?sport=baseball_mlb&date=${DAY}`);
      const onDay = fixtures.scores.games.filter((g) => gameDay(g.commence_time) === DAY);
      expect(res.body.map((g: ScoreboardEvent) => g.id).sort()).toEqual(onDay.map((g) => g.id).sort());
      expect(res.body.find((g: ScoreboardEvent) => g.status === 'final').last_update).toBe(
        onDay.find((g) => g.status === 'final')!.last_update,
      );
    });

    it('answers a past day without any scoreboard, but not today', async () => {
      const game = {
        ...finals()[0],
        id: 'nhl-kept',
        sport_key: 'icehockey_nhl',
        commence_time: '2022-08-26T23:00:00Z',
      };
      await t.get(GameResultsRepository).save([gameResultOf('icehockey_nhl', game, 'espn')!]);
      const res = await t.http().get('/api/scores?sport=icehockey_nhl&date=2022-08-26');
      expect(res.status).toBe(200);
      expect(res.body.map((g: ScoreboardEvent) => [g.id, g.league, g.home_score, g.away_score])).toEqual([
        ['nhl-kept', 'NHL', game.home_score, game.away_score],
      ]);
      expect((await t.http().get('/api/scores?sport=icehockey_nhl&date=2022-08-25')).body).toEqual([]);
      const today = await t.http().get(`/api/scores?sport=icehockey_nhl&date=${gameDay(Date.now())}`);
      expect([today.status, today.body.code]).toEqual([503, 'BOARD_UNAVAILABLE']);
    });
  });
});
