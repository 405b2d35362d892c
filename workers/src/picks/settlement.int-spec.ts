import { createServer, Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Test, TestingModule } from '@nestjs/testing';
import IORedis from 'ioredis';
import {
  mapOddsApiScores,
  marketLabel,
  pickPayoutCents,
  type PickStatus,
  RealtimeEnvelope,
  ScoreboardEvent,
  UserPick,
} from '@oddspulse/shared';
import {
  APP_CONFIG,
  CoreModule,
  parseConfig,
  Database,
  KYSELY,
  GameResultsRepository,
  MetricsService,
  PicksRepository,
  RealtimePublisher,
  SettlementRunsRepository,
  toPick,
} from '@oddspulse/core';
import { CLOCK } from '../feeds/clock';
import { mapEspnScoreboard } from '../scores/espn/espn-scoreboard.mapper';
import { SettlementModule } from './settlement.module';
import { SettlementService } from './settlement.service';

const FIXTURES = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures');
const fixture = (path: string) => readFileSync(join(FIXTURES, path), 'utf8');
const NFL = 'americanfootball_nfl';
const MLB_SEPT_17 = 'espn/scoreboard_baseball_mlb_2022-09-17_live-final-scheduled.json';

// spec 002 §4–§5, §8–§9, DECISIONS 19: settlement on recorded finals, through the real ESPN adapter.
describe('settlement worker (real PostgreSQL and Redis, recorded ESPN and The Odds API finals)', () => {
  let espn: Server;
  let moduleRef: TestingModule;
  let settlement: SettlementService;
  let repo: PicksRepository;
  let db: Database;
  let now = Date.parse('2022-09-12T12:00:00Z');
  /** The stand-in's requests, and the days (YYYYMMDD) its MLB scoreboard fails on. */
  const espnAsked: string[] = [];
  const espnFailing = new Set<string>();
  const subscriber = new IORedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const heard: RealtimeEnvelope[] = [];

  beforeAll(async () => {
    espn = createServer((req, res) => {
      espnAsked.push(req.url ?? '');
      const url = new URL(req.url ?? '/', 'http://stand-in');
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/football/nfl/scoreboard') {
        res.end(fixture('espn/scoreboard_football_nfl_2022-wk1_live-final-scheduled.json'));
      } else if (url.pathname === '/baseball/mlb/scoreboard') {
        // ESPN's scoreboard of a day (?dates=YYYYMMDD, a US Eastern day): the recorded one of 2022-09-17, no games on
        // the others; without a date, today's
        const day = url.searchParams.get('dates');
        if (day && espnFailing.has(day)) {
          res.statusCode = 503;
          res.end('{}');
        } else res.end(day === '20220917' ? fixture(MLB_SEPT_17) : '{"leagues":[],"events":[]}');
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((r) => espn.listen(0, '127.0.0.1', r));
    const config = {
      ...parseConfig(process.env),
      SCORES_PROVIDER: 'espn' as const,
      ESPN_BASE_URL: `http://127.0.0.1:${(espn.address() as { port: number }).port}`,
      FEED_RETRY_BASE_MS: 10, // a failing stand-in is retried as the feeds retry, without the waits
    };
    moduleRef = await Test.createTestingModule({ imports: [CoreModule, SettlementModule] })
      .overrideProvider(APP_CONFIG)
      .useValue(config)
      .overrideProvider(CLOCK)
      .useValue(() => now)
      .compile();
    settlement = moduleRef.get(SettlementService);
    repo = moduleRef.get(PicksRepository, { strict: false });
    db = moduleRef.get(KYSELY);
    await subscriber.psubscribe(`${config.REDIS_PREFIX}:rt:{user:*`);
    subscriber.on('pmessage', (_p, _c, message) => heard.push(JSON.parse(message)));
  });

  afterAll(async () => {
    await subscriber.quit();
    await moduleRef?.close();
    await new Promise((r) => espn.close(r));
  });

  async function newUser(): Promise<string> {
    const row = await db
      .insertInto('users')
      .values({ email: `settle-${Math.random().toString(36).slice(2)}@example.com` })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  interface PickInput {
    game: string;
    league: string;
    sport?: string;
    market: string;
    selection: string;
    odds: string;
    stakeCents: number;
    dateAdded?: string;
    eventId?: string;
    commenceTime?: string;
    bookmaker?: string;
  }

  /** The user's picks (since a date, of a status), newest first, every one of them. */
  const rowsOf = (userId: string, query: { since?: Date; status?: PickStatus } = {}) =>
    repo.page(userId, { ...query, sort: 'date', after: null, limit: 10_000 });

  /** A pending pick as the picks API stores one (the API's own service is the server's, not the workers'). */
  const picks = {
    create: async (userId: string, input: PickInput): Promise<UserPick> =>
      toPick(
        await repo.create({
          user_id: userId,
          game: input.game,
          league: input.league,
          sport: input.sport ?? null,
          market: input.market,
          selection: input.selection,
          odds: input.odds,
          bookmaker: input.bookmaker ?? null,
          stake_cents: input.stakeCents,
          potential_cents: pickPayoutCents(input.stakeCents, input.odds),
          status: 'pending',
          type: 'single',
          event_id: input.eventId ?? null,
          commence_time: input.commenceTime ?? null,
          date_added: input.dateAdded ?? new Date(),
        }),
      ),
    /** The user's picks of the last 90 days with a status, newest first, as the API lists them. */
    list: async (
      userId: string,
      query: { period: '90d'; status: PickStatus; sort: 'date' },
      now: Date,
    ): Promise<UserPick[]> =>
      (await rowsOf(userId, { since: new Date(now.getTime() - 90 * 86_400_000), status: query.status })).map(toPick),
  };

  const nflPick = (selection: string, market: string, game = 'New England Patriots @ Miami Dolphins') => ({
    game,
    league: 'NFL',
    sport: NFL,
    market,
    selection,
    odds: '-110',
    stakeCents: 10_000,
    // the day before the Sunday games: within the automatic runs' 3 days (spec 002 §4) when they turn final
    dateAdded: '2022-09-10T12:00:00Z',
  });

  /** When a game's settlement job runs: as it turns final, some 4 hours after its start. */
  const turnsFinal = (game: ScoreboardEvent) => Date.parse(game.commence_time) + 4 * 3_600_000;

  async function nflFinals(): Promise<ScoreboardEvent[]> {
    const res = await fetch(
      `${moduleRef.get<{ ESPN_BASE_URL: string }>(APP_CONFIG).ESPN_BASE_URL}/football/nfl/scoreboard`,
    );
    return mapEspnScoreboard(await res.json(), NFL).filter((g) => g.status === 'final');
  }

  it('settles spread, moneyline and total picks won, lost and push; unmatched teams stay pending; twice changes nothing', async () => {
    const userId = await newUser();
    const made = {
      spreadWon: await picks.create(userId, nflPick('Miami Dolphins -3.5', 'Point Spread')),
      spreadPush: await picks.create(userId, nflPick('Miami Dolphins -13', 'Point Spread')),
      spreadLost: await picks.create(userId, nflPick('New England Patriots +6', 'Point Spread')),
      mlWon: await picks.create(userId, nflPick('Miami Dolphins -250', 'Moneyline')),
      mlLost: await picks.create(userId, {
        ...nflPick('Los Angeles Rams +120', 'Moneyline', 'Buffalo Bills @ Los Angeles Rams'),
        dateAdded: '2022-09-08T12:00:00Z', // the Thursday opener
      }),
      totalPush: await picks.create(userId, nflPick('Over 27', 'Totals')),
      totalWon: await picks.create(userId, nflPick('Under 40.5', 'Totals')),
      unmatched: await picks.create(
        userId,
        nflPick('Green Bay Packers -3', 'Point Spread', 'Green Bay Packers @ Chicago Bears'),
      ),
    };

    const finals = await nflFinals();
    expect(finals.map((g) => `${g.away_team} ${g.away_score} @ ${g.home_team} ${g.home_score}`).sort()).toEqual([
      'Buffalo Bills 31 @ Los Angeles Rams 10',
      'New England Patriots 7 @ Miami Dolphins 20',
    ]);
    heard.length = 0;
    let settled = 0;
    for (const game of finals) {
      now = turnsFinal(game);
      settled += (await settlement.settleGame({ sport: NFL, game })).settled;
    }
    const statuses = Object.fromEntries(
      await Promise.all(Object.entries(made).map(async ([k, p]) => [k, (await repo.find(userId, p.id))!.status])),
    );
    expect(statuses).toEqual({
      spreadWon: 'won',
      spreadPush: 'push',
      spreadLost: 'lost',
      mlWon: 'won',
      mlLost: 'lost',
      totalPush: 'push',
      totalWon: 'won',
      unmatched: 'pending',
    });
    expect(settled).toBe(7);
    // Each settled pick counted by status, each run recorded for the operations page
    const { values } = await moduleRef.get(MetricsService).picksSettled.get();
    expect(Object.fromEntries(values.map((v) => [v.labels.status, v.value]))).toEqual({ won: 3, push: 2, lost: 2 });
    const runs = await moduleRef.get(SettlementRunsRepository).recent(2);
    expect(runs.map((r) => [r.trigger, r.sport, r.error])).toEqual([
      ['game', NFL, null],
      ['game', NFL, null],
    ]);
    expect(runs.reduce((sum, r) => sum + r.settled, 0)).toBe(7);

    const byId = new Map((await rowsOf(userId)).map((p) => [p.id, p]));
    const won = byId.get(made.spreadWon.id)!;
    expect(won).toMatchObject({
      actual_payout_cents: 19_091,
      validated_by: 'espn',
      validation_confidence: 95,
      espn_game_id: '401437630',
    });
    expect(won.settled_date).toBeInstanceOf(Date);
    expect(byId.get(made.spreadPush.id)!.actual_payout_cents).toBe(10_000);
    expect(byId.get(made.mlLost.id)!.actual_payout_cents).toBe(0);
    // The pick that could not be settled says why; the settled ones carry no reason
    expect(byId.get(made.unmatched.id)).toMatchObject({ unsettled_reason: 'game_not_found', unsettled_games: null });
    expect(byId.get(made.spreadWon.id)!.unsettled_reason).toBeNull();

    // The user hears it on their own channel, as one batch per run.
    await new Promise((r) => setTimeout(r, 200));
    const mine = heard.filter((m) => m.channel === 'user' && m.key === userId);
    expect(mine.map((m) => (m.type === 'picks.settled' ? m.data.count : 0)).reduce((a, b) => a + b, 0)).toBe(7);

    // Idempotent: the same finals again settle nothing and change nothing.
    const before = JSON.stringify(await rowsOf(userId));
    for (const game of finals) {
      now = turnsFinal(game);
      expect((await settlement.settleGame({ sport: NFL, game })).settled).toBe(0);
    }
    expect(JSON.stringify(await rowsOf(userId))).toBe(before);
  });

  it('settles against The Odds API scores recording (MLB) in the scheduled look-back window', async () => {
    const userId = await newUser();
    now = Date.parse('2022-08-27T06:00:00Z');
    const raw = JSON.parse(
      fixture('the-odds-api/v4_scores_baseball_mlb_daysFrom_completed-live-upcoming_2022-08-27.json'),
    );
    const dodgers = await picks.create(userId, {
      game: 'Los Angeles Dodgers @ Miami Marlins',
      league: 'MLB',
      market: 'Run Line',
      selection: 'Los Angeles Dodgers -1.5',
      odds: '+120',
      stakeCents: 2_000,
      dateAdded: '2022-08-26T12:00:00Z',
    });
    const tooOld = await picks.create(userId, {
      game: 'Cincinnati Reds @ Washington Nationals',
      league: 'baseball',
      market: 'Moneyline',
      selection: 'Cincinnati Reds',
      odds: '-150',
      stakeCents: 2_000,
      dateAdded: '2022-08-20T12:00:00Z',
    });
    const finals = mapOddsApiScores(raw).filter((g) => g.status === 'final');
    await moduleRef.get(GameResultsRepository, { strict: false }).save(
      finals.map((g) => ({
        sport_key: 'baseball_mlb',
        game_id: g.id,
        event_id: g.event_id ?? null,
        home_team: g.home_team,
        away_team: g.away_team,
        home_score: g.home_score!,
        away_score: g.away_score!,
        commence_time: g.commence_time,
        source: 'theoddsapi',
        after_extra_time: false,
        called_early: false,
      })),
    );
    const run = await settlement.settleWindow();
    expect(run.settled).toBeGreaterThanOrEqual(1);
    const [recorded] = await moduleRef.get(SettlementRunsRepository).recent(1);
    expect(recorded).toMatchObject({
      trigger: 'window',
      sport: null,
      checked: run.checked,
      settled: run.settled,
      error: null,
    });
    const rows = new Map((await rowsOf(userId)).map((p) => [p.id, p]));
    expect(rows.get(dodgers.id)).toMatchObject({ status: 'won', validated_by: 'theoddsapi' }); // 10–6
    // Added more than 3 days before "now": outside the automatic window (spec 002 §9), so still pending.
    expect(rows.get(tooOld.id)!.status).toBe('pending');
  });

  // Spec 002 §4: "Automatic validation considers only pending picks added in the last 3 days", the run of a game turned
  // final as the scheduled one; DECISIONS 24: a wrong settlement is worse than a late one. Recorded MLB 2022-09-17:
  // Colorado Rockies at Chicago Cubs (401356373), final.
  it('settles automatically only picks added in the last 3 days, never an old pick on a later meeting of its teams', async () => {
    const userId = await newUser();
    const MLB = 'baseball_mlb';
    const board = mapEspnScoreboard(JSON.parse(fixture(MLB_SEPT_17)), MLB);
    const cubs = board.find((g) => g.id === '401356373')!;
    expect(cubs).toMatchObject({ away_team: 'Colorado Rockies', home_team: 'Chicago Cubs', status: 'final' });
    now = turnsFinal(cubs);
    const rockiesPick = (dateAdded: string) =>
      picks.create(userId, {
        game: 'Colorado Rockies @ Chicago Cubs',
        league: 'MLB',
        market: 'Moneyline',
        selection: 'Colorado Rockies',
        odds: '+150',
        stakeCents: 1_000,
        dateAdded,
      });
    const made = {
      // no start time nor event id (the browser's list): four months before this game, on another meeting of the teams
      may: await rockiesPick('2022-05-20T12:00:00Z'),
      // three and a half days before: outside the automatic window, for "Validate now" to settle
      early: await rockiesPick('2022-09-14T12:00:00Z'),
      dayBefore: await rockiesPick('2022-09-16T12:00:00Z'),
    };
    expect((await settlement.settleGame({ sport: MLB, game: cubs })).settled).toBe(1);
    await settlement.settleWindow();
    const rows = new Map((await rowsOf(userId)).map((p) => [p.id, p]));
    expect(Object.fromEntries(Object.entries(made).map(([k, p]) => [k, rows.get(p.id)!.status]))).toEqual({
      may: 'pending',
      early: 'pending',
      dayBefore: cubs.away_score! > cubs.home_score! ? 'won' : 'lost',
    });
    expect(rows.get(made.dayBefore.id)!.espn_game_id).toBe('401356373');
    // the later tests' scheduled runs, at earlier clocks, would find these added "since" their window
    for (const pick of [made.may, made.early]) await repo.delete(userId, pick.id);
  });

  it('"Validate now" checks every pending pick, names unsupported leagues, and counts for the spec 002 §8 messages', async () => {
    const userId = await newUser();
    now = Date.parse('2022-09-12T12:00:00Z');
    await picks.create(userId, nflPick('Miami Dolphins -3.5', 'Point Spread'));
    await picks.create(userId, nflPick('Green Bay Packers -3', 'Point Spread', 'Green Bay Packers @ Chicago Bears'));
    await picks.create(userId, {
      game: 'Arsenal vs Chelsea',
      league: 'EPL',
      market: 'Moneyline',
      selection: 'Arsenal',
      odds: '+120',
      stakeCents: 1_000,
    });
    const counts = await settlement.validateUser({ userId, requestedAt: now });
    expect(counts).toEqual({
      checked: 3,
      matched: 1,
      updated: 1,
      errors: ['Unsupported sport for backend scoreboard: EPL'],
    });
    const again = await settlement.validateUser({ userId, requestedAt: now });
    expect(again).toMatchObject({ checked: 2, matched: 0, updated: 0 });
    // /picks says why each pending pick is not settled
    const pending = await picks.list(userId, { period: '90d', status: 'pending', sort: 'date' }, new Date(now));
    expect(Object.fromEntries(pending.map((p) => [p.league, p.unsettledReason]))).toEqual({
      EPL: { code: 'unsupported_league', league: 'EPL' },
      NFL: { code: 'game_not_found' },
    });
  });

  // Spec 002 §7: "Validation fetches, per league, today plus each of the previous 7 days" (ESPN's US Eastern days). The
  // recorded MLB scoreboard of 2022-09-17, two days before "now", is the only place its games are: no poll stored them.
  it('"Validate now" reads each league\'s scoreboards of today and the 7 days before, and settles on a past day\'s final', async () => {
    const userId = await newUser();
    now = Date.parse('2022-09-19T16:00:00Z'); // noon in New York
    const mlbPick = (game: string, selection: string, extra: Partial<PickInput> = {}) =>
      picks.create(userId, {
        game,
        league: 'MLB',
        market: 'Moneyline',
        selection,
        odds: '+120',
        stakeCents: 1_000,
        dateAdded: '2022-09-16T12:00:00Z',
        ...extra,
      });
    // the first game of the day's doubleheader, Minnesota Twins 1 at Cleveland Guardians 5; a CSV row with its start
    const twins = await mlbPick('Minnesota Twins @ Cleveland Guardians', 'Cleveland Guardians', {
      commenceTime: '2022-09-17T17:10:00Z',
    });
    // no start time: the day's second game, still to be played on that scoreboard, could be it too (DECISIONS 24)
    const twinsNoStart = await mlbPick('Minnesota Twins @ Cleveland Guardians', 'Cleveland Guardians');
    // no start time, added four months before the teams' game of 2022-09-17: not that game's (findPickGame)
    const may = await mlbPick('Colorado Rockies @ Chicago Cubs', 'Colorado Rockies', {
      dateAdded: '2022-05-20T12:00:00Z',
    });
    espnAsked.length = 0;
    const counts = await settlement.validateUser({ userId, requestedAt: now });
    expect(counts).toEqual({ checked: 3, matched: 1, updated: 1, errors: [] });
    expect(espnAsked.sort()).toEqual(
      ['0912', '0913', '0914', '0915', '0916', '0917', '0918', '0919'].map(
        (d) => `/baseball/mlb/scoreboard?dates=2022${d}`,
      ),
    );
    const rows = new Map((await rowsOf(userId)).map((p) => [p.id, p]));
    expect(rows.get(twins.id)).toMatchObject({ status: 'won', validated_by: 'espn', espn_game_id: '401423263' });
    expect(rows.get(twinsNoStart.id)).toMatchObject({ status: 'pending', unsettled_reason: 'ambiguous' });
    expect(rows.get(may.id)).toMatchObject({ status: 'pending', unsettled_reason: 'game_not_found' });
    // the later tests' scheduled runs, at earlier clocks and with no scoreboard of that day, would find it
    await repo.delete(userId, twinsNoStart.id);
  });

  it('"Validate now" skips a day whose scoreboard fails, says so, and settles on the other days', async () => {
    const userId = await newUser();
    now = Date.parse('2022-09-19T16:00:00Z');
    const pick = await picks.create(userId, {
      game: 'Colorado Rockies @ Chicago Cubs',
      league: 'MLB',
      market: 'Moneyline',
      selection: 'Chicago Cubs',
      odds: '-150',
      stakeCents: 1_500,
      dateAdded: '2022-09-17T12:00:00Z',
    });
    espnFailing.add('20220918').add('20220916');
    try {
      const counts = await settlement.validateUser({ userId, requestedAt: now });
      expect(counts).toMatchObject({ checked: 1, matched: 1, updated: 1 });
      expect(counts.errors).toEqual([
        'Failed to validate MLB bets: 2022-09-18, 2022-09-16: HTTP 503: Service Unavailable',
      ]);
    } finally {
      espnFailing.clear();
    }
    expect((await repo.find(userId, pick.id))!.status).not.toBe('pending');
  });

  // DECISIONS 23: a soccer moneyline is 1X2 — recorded MLS 2022-09-17, Philadelphia Union 0 at Atlanta United FC 0
  it('settles a three-way moneyline on a recorded draw: Draw wins, a team loses, draw-no-bet pushes', async () => {
    const userId = await newUser();
    now = Date.parse('2022-09-18T12:00:00Z');
    const MLS = 'soccer_usa_mls';
    const board = mapEspnScoreboard(
      JSON.parse(fixture('espn/scoreboard_soccer_usa.1_mls_2022-09-17_live-final-scheduled.json')),
      MLS,
    );
    const draw = board.find((g) => g.home_team === 'Atlanta United FC')!;
    expect(draw).toMatchObject({ status: 'final', home_score: 0, away_score: 0 });
    const mlsPick = (selection: string, market: string) =>
      picks.create(userId, {
        game: 'Philadelphia Union @ Atlanta United FC',
        league: 'MLS',
        sport: MLS,
        market,
        selection,
        odds: '+250',
        stakeCents: 1_000,
        dateAdded: '2022-09-17T12:00:00Z',
      });
    const made = {
      draw: await mlsPick('Draw', 'h2h'),
      home: await mlsPick('Atlanta United', 'h2h'),
      away: await mlsPick('Philadelphia Union', 'Moneyline'),
      dnb: await mlsPick('Atlanta United FC', 'Draw No Bet'),
    };
    expect((await settlement.settleGame({ sport: MLS, game: draw })).settled).toBe(4);
    const rows = new Map((await rowsOf(userId)).map((p) => [p.id, p]));
    expect(
      Object.fromEntries(
        Object.entries(made).map(([k, p]) => [k, [rows.get(p.id)!.status, rows.get(p.id)!.actual_payout_cents]]),
      ),
    ).toEqual({
      draw: ['won', 3_500],
      home: ['lost', 0],
      away: ['lost', 0],
      dnb: ['push', 1_000],
    });
  });

  // A soccer bet settles on the 90 minutes; ESPN's final after extra time (STATUS_FINAL_AET, STATUS_FINAL_PEN) counts the
  // extra time's goals. The recorded Union at Atlanta event as ESPN lists such a final, at MLS Cup 2022's 3-3 (2-2 after
  // 90 minutes, so Under 4.5 and the Draw won): every pick on it stays pending, with its reason.
  it('leaves soccer picks pending on a final after extra time, and says why', async () => {
    const userId = await newUser();
    now = Date.parse('2022-09-18T12:00:00Z');
    const MLS = 'soccer_usa_mls';
    const recorded = JSON.parse(fixture('espn/scoreboard_soccer_usa.1_mls_2022-09-17_live-final-scheduled.json'));
    const event = recorded.events.find(
      (e: { competitions: Array<{ competitors: Array<{ team: { displayName: string } }> }> }) =>
        e.competitions[0].competitors.some((c) => c.team.displayName === 'Atlanta United FC'),
    );
    event.status = {
      ...event.status,
      period: 5,
      type: { ...event.status.type, name: 'STATUS_FINAL_PEN', completed: true },
    };
    for (const competitor of event.competitions[0].competitors) competitor.score = '3';
    const final = mapEspnScoreboard({ ...recorded, events: [event] }, MLS)[0];
    expect(final).toMatchObject({ status: 'final', home_score: 3, away_score: 3 });
    const mlsPick = (selection: string, market: string) =>
      picks.create(userId, {
        game: 'Philadelphia Union @ Atlanta United FC',
        league: 'MLS',
        sport: MLS,
        market,
        selection,
        odds: '+250',
        stakeCents: 1_000,
        dateAdded: '2022-09-17T12:00:00Z',
      });
    const made = [
      await mlsPick('Over 4.5', 'Totals'),
      await mlsPick('Draw', 'h2h'),
      await mlsPick('Atlanta United', 'h2h'),
    ];
    expect((await settlement.settleGame({ sport: MLS, game: final })).settled).toBe(0);
    const rows = new Map((await rowsOf(userId)).map((p) => [p.id, p]));
    expect(made.map((p) => [rows.get(p.id)!.status, rows.get(p.id)!.unsettled_reason])).toEqual([
      ['pending', 'extra_time'],
      ['pending', 'extra_time'],
      ['pending', 'extra_time'],
    ]);
  });

  // A baseball game called before 9 innings is official for the moneyline; its run lines and totals have no action. The
  // recorded Rockies 3 at Cubs 1 final as ESPN lists a game called in the 7th ("Final/7", period 7).
  it('leaves run line and total picks pending on a baseball final called before 9 innings; its moneyline settles', async () => {
    const userId = await newUser();
    now = Date.parse('2022-09-18T12:00:00Z');
    const MLB = 'baseball_mlb';
    const recorded = JSON.parse(fixture(MLB_SEPT_17));
    const event = recorded.events.find(
      (e: { competitions: Array<{ competitors: Array<{ team: { displayName: string } }> }> }) =>
        e.competitions[0].competitors.some((c) => c.team.displayName === 'Chicago Cubs'),
    );
    event.status = { ...event.status, period: 7, type: { ...event.status.type, shortDetail: 'Final/7' } };
    const final = mapEspnScoreboard({ ...recorded, events: [event] }, MLB)[0];
    expect(final).toMatchObject({ status: 'final', away_score: 3, home_score: 1, period: 7 });
    const mlbPick = (selection: string, market: string) =>
      picks.create(userId, {
        game: 'Colorado Rockies @ Chicago Cubs',
        league: 'MLB',
        sport: MLB,
        market,
        selection,
        odds: '-110',
        stakeCents: 1_000,
        dateAdded: '2022-09-17T12:00:00Z',
      });
    const made = [
      await mlbPick('Over 3.5', 'Totals'),
      await mlbPick('Colorado Rockies -1.5', 'Run Line'),
      await mlbPick('Colorado Rockies', 'Moneyline'),
    ];
    expect((await settlement.settleGame({ sport: MLB, game: final })).settled).toBe(1);
    const rows = new Map((await rowsOf(userId)).map((p) => [p.id, p]));
    expect(made.map((p) => [rows.get(p.id)!.status, rows.get(p.id)!.unsettled_reason])).toEqual([
      ['pending', 'called_early'],
      ['pending', 'called_early'],
      ['won', null],
    ]);
  });

  // Spec 002 §5: a half, quarter or period market is decided by that part's score, not the final's; it stays pending.
  it('leaves the slip’s half and quarter picks pending on a recorded final while its full-game picks settle', async () => {
    const userId = await newUser();
    now = Date.parse('2022-09-12T12:00:00Z');
    // Recorded final: New England Patriots 7 at Miami Dolphins 20
    const miami = (await nflFinals()).find((g) => g.home_team === 'Miami Dolphins')!;
    const made = {
      firstHalfOver: await picks.create(userId, nflPick('Over 20.5', marketLabel('totals_h1'))),
      firstHalfSpread: await picks.create(userId, nflPick('Miami Dolphins -3.5', marketLabel('spreads_h1'))),
      firstQuarterMl: await picks.create(userId, nflPick('Miami Dolphins', marketLabel('h2h_q1'))),
      over: await picks.create(userId, nflPick('Over 20.5', marketLabel('totals'))),
      spread: await picks.create(userId, nflPick('Miami Dolphins -3.5', marketLabel('spreads'))),
      moneyline: await picks.create(userId, nflPick('Miami Dolphins', marketLabel('h2h'))),
    };
    expect((await settlement.settleGame({ sport: NFL, game: miami })).settled).toBe(3);
    const rows = new Map((await rowsOf(userId)).map((p) => [p.id, p]));
    expect(
      Object.fromEntries(
        Object.entries(made).map(([k, p]) => [k, [rows.get(p.id)!.status, rows.get(p.id)!.unsettled_reason]]),
      ),
    ).toEqual({
      firstHalfOver: ['pending', 'unsupported_market'],
      firstHalfSpread: ['pending', 'unsupported_market'],
      firstQuarterMl: ['pending', 'unsupported_market'],
      over: ['won', null],
      spread: ['won', null],
      moneyline: ['won', null],
    });
  });

  it('records the closing line at the same book when a game starts (CLV)', async () => {
    const userId = await newUser();
    const start = '2022-09-11T17:00:00Z';
    const pick = await picks.create(userId, {
      ...nflPick('Miami Dolphins -3.5', 'Point Spread'),
      eventId: 'odds-evt-1',
      bookmaker: 'draftkings',
      odds: '+100',
      // outside the automatic window of the later tests' runs, which would settle it (spec 002 §4)
      dateAdded: '2022-09-07T12:00:00Z',
    });
    await db
      .insertInto('odds_history')
      .values([
        {
          sport_key: NFL,
          event_id: 'odds-evt-1',
          bookmaker_key: 'draftkings',
          bookmaker_title: 'DraftKings',
          market_key: 'spreads',
          outcome_name: 'Miami Dolphins',
          price: 1.95,
          point: -3.5,
          last_update: '2022-09-11T10:00:00Z',
          recorded_at: new Date('2022-09-11T10:00:00Z'),
        },
        {
          sport_key: NFL,
          event_id: 'odds-evt-1',
          bookmaker_key: 'draftkings',
          bookmaker_title: 'DraftKings',
          market_key: 'spreads',
          outcome_name: 'Miami Dolphins',
          price: 1.8,
          point: -3.5,
          last_update: '2022-09-11T16:55:00Z',
          recorded_at: new Date('2022-09-11T16:55:00Z'),
        },
        // After the start: not part of the close.
        {
          sport_key: NFL,
          event_id: 'odds-evt-1',
          bookmaker_key: 'draftkings',
          bookmaker_title: 'DraftKings',
          market_key: 'spreads',
          outcome_name: 'Miami Dolphins',
          price: 1.5,
          point: -3.5,
          last_update: '2022-09-11T17:30:00Z',
          recorded_at: new Date('2022-09-11T17:30:00Z'),
        },
      ])
      .execute();
    const game = {
      id: 'espn-1',
      event_id: 'odds-evt-1',
      home_team: 'Miami Dolphins',
      away_team: 'New England Patriots',
      commence_time: start,
      status: 'in_progress',
    } as ScoreboardEvent;
    expect(await settlement.recordClose({ sport: NFL, game })).toEqual({ recorded: 1 });
    const row = (await rowsOf(userId)).find((p) => p.id === pick.id)!;
    // Taken at +100 (2.00) against a close of 1.80 (-125): CLV = 2.00 / 1.80 − 1 = 11.1 %.
    expect(row.closing_odds).toBe(-125);
    expect(row.clv).toBeCloseTo(11.111, 3);
  });

  /**
   * A user's pick settled by a run killed before its push (the push failing after the UPDATE stands in for the kill),
   * and what the user has heard since, read a moment later.
   */
  async function settledWithPushOwed() {
    now = Date.parse('2022-09-12T12:00:00Z');
    const userId = await newUser();
    const pick = await picks.create(userId, nflPick('Miami Dolphins -3.5', 'Point Spread'));
    const [game] = (await nflFinals()).filter((g) => g.home_team === 'Miami Dolphins');
    const publisher = moduleRef.get(RealtimePublisher);
    const killed = jest.spyOn(publisher, 'publish').mockRejectedValueOnce(new Error('worker killed before the push'));
    heard.length = 0;
    await expect(settlement.settleGame({ sport: NFL, game })).rejects.toThrow('worker killed');
    killed.mockRestore();
    const pushes = async () => {
      await new Promise((r) => setTimeout(r, 200));
      return heard.filter((m) => m.channel === 'user' && m.key === userId && m.type === 'picks.settled');
    };
    return { userId, pick, publisher, pushes };
  }

  // A worker killed between settling a pick and pushing `picks.settled` lost the push for good (a
  // re-run only looks at pending picks).
  it('sends the picks.settled push a killed run owed at the next run, once', async () => {
    const { userId, pick, pushes } = await settledWithPushOwed();
    expect((await repo.find(userId, pick.id))!.status).toBe('won');
    expect(await pushes()).toEqual([]);

    // The re-run settles nothing new (the pick is no longer pending) but sends what the killed one owed.
    expect((await settlement.settleWindow()).settled).toBe(0);
    const sent = await pushes();
    expect(sent).toHaveLength(1);
    expect(sent[0].data).toMatchObject({ count: 1, picks: [expect.objectContaining({ id: pick.id, status: 'won' })] });

    // Announced once: a later run sends nothing more.
    heard.length = 0;
    await settlement.settleWindow();
    expect(await pushes()).toEqual([]);
  });

  // Two runs at once (a worker's scheduled look-back beside a game's own job) each read the owed picks and each sent
  // their push: the owner heard the same settlement twice.
  it('sends a push two runs at once both find owed once', async () => {
    const { pick, publisher, pushes } = await settledWithPushOwed();

    // The first run's push is slow to go out, so the second run reads the owed picks while it is under way.
    const send = publisher.publish.bind(publisher);
    const slow = jest.spyOn(publisher, 'publish').mockImplementationOnce(async (message) => {
      await new Promise((r) => setTimeout(r, 500));
      return send(message);
    });
    await Promise.all([settlement.settleWindow(), settlement.settleWindow()]);
    slow.mockRestore();
    const sent = await pushes();
    expect(sent).toHaveLength(1);
    expect(sent[0].data).toMatchObject({ count: 1, picks: [expect.objectContaining({ id: pick.id })] });
  });
});
