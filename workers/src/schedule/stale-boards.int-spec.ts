import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { ServerResponse } from 'node:http';
import { EVENT_POLL_INTERVAL_MS, FEED_LATE_GRACE_MS, opsFeeds } from '@oddspulse/shared';
import {
  APP_CONFIG,
  AppConfig,
  CoreModule,
  deleteKeysWithPrefix,
  parseConfig,
  LiveStateRepository,
  RedisService,
} from '@oddspulse/core';
import { HttpStub } from '../../../test/support/http-stub';
import { RealtimeListener, eventually } from '../../../test/support/realtime-listener';
import { CLOCK } from '../feeds/clock';
import { FeedsModule } from '../feeds/feeds.module';
import { OddsPipelineService } from '../odds/odds-pipeline.service';
import { ScoresPipelineService } from '../scores/scores-pipeline.service';
import { LateBoardsService } from './late-boards.service';

const FIXTURES = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
const BOARD = JSON.parse(
  readFileSync(join(FIXTURES, 'v4_odds_upcoming_us_h2h_decimal_inplay_2025-03-11.json'), 'utf8'),
) as Array<{ sport_key: string }>;
const ERRORS = JSON.parse(readFileSync(join(FIXTURES, 'v4_errors-and-usage-headers_observed.json'), 'utf8')) as {
  observed_errors: Array<{ status: number; error_code: string; body: unknown }>;
};
const SPORTS = JSON.parse(readFileSync(join(FIXTURES, 'v4_sports_2024-03-27.json'), 'utf8')) as unknown[];
const MLB_SCORES = JSON.parse(
  readFileSync(join(FIXTURES, 'v4_scores_baseball_mlb_daysFrom_completed-live-upcoming_2022-08-27.json'), 'utf8'),
) as unknown[];
const NBA = 'basketball_nba';
const MLB = 'baseball_mlb';
const NHL = 'icehockey_nhl';
/** Within the recording: three NHL games and several NBA games are live. */
const RECORDED_AT = Date.parse('2025-03-11T02:08:00Z');

type Reply = (res: ServerResponse) => void;

// Every board whose feed is not being polled — halted, held back, or late past its cadence — is marked stale and
// pushed as such (spec 001 §8): a 401 halts the whole provider, so the other sports' boards are not polled either.
describe('stale boards nobody polls (real Redis)', () => {
  const stub = new HttpStub();
  let replies: Reply[] = [];
  let now = RECORDED_AT;
  let app: INestApplicationContext;
  let config: AppConfig;
  let pipeline: OddsPipelineService;
  let late: LateBoardsService;
  let redis: RedisService;
  let state: LiveStateRepository;
  let listener: RealtimeListener;
  const poll = (sport: string) => pipeline.pollOdds({ sport, tick: now }).catch((error: Error) => error);
  const statusPushes = (sport: string) =>
    eventually(
      () => listener.on('odds', sport).filter((m) => m.type === 'board.status'),
      (m) => m.length > 0,
    );

  beforeAll(async () => {
    const url = await stub.start();
    stub.handler = (_req, res, reqUrl) => {
      if (reqUrl.pathname === '/v4/sports') return stub.json(res, 200, SPORTS);
      const reply = replies.shift();
      if (reply) return reply(res);
      const sport = reqUrl.pathname.split('/')[3];
      if (reqUrl.pathname.endsWith('/scores')) return stub.json(res, 200, sport === MLB ? MLB_SCORES : []);
      stub.json(
        res,
        200,
        BOARD.filter((e) => e.sport_key === sport),
        { 'x-requests-remaining': '900', 'x-requests-used': '100', 'x-requests-last': '3' },
      );
    };
    const base = parseConfig(process.env);
    config = {
      ...base,
      REDIS_PREFIX: `${base.REDIS_PREFIX}:stale-boards`,
      ODDS_PROVIDER: 'theoddsapi',
      ODDS_API_KEY: 'test-key',
      ODDS_API_BASE_URL: url,
      SCORES_PROVIDER: 'theoddsapi',
      ODDS_API_TIMEOUT_MS: 300,
      FEED_REQUEST_DEADLINE_MS: 1200,
      FEED_RETRY_BASE_MS: 60,
      ODDS_API_CREDIT_RESERVE: 50,
      ODDS_API_PRIORITY_SPORTS: [],
      FEED_SPORTS: [NBA, NHL],
    };
    // The feeds alone, with no queue processors: nothing polls but the spec.
    const moduleRef = await Test.createTestingModule({ imports: [CoreModule, FeedsModule] })
      .overrideProvider(APP_CONFIG)
      .useValue(config)
      .overrideProvider(CLOCK)
      .useValue(() => now)
      .compile();
    moduleRef.useLogger(false);
    app = await moduleRef.init();
    pipeline = app.get(OddsPipelineService);
    late = app.get(LateBoardsService);
    redis = app.get(RedisService);
    state = app.get(LiveStateRepository);
    listener = new RealtimeListener(config.REDIS_URL, config.REDIS_PREFIX);
    await listener.start();
  });

  afterAll(async () => {
    await deleteKeysWithPrefix(redis.client, config.REDIS_PREFIX);
    await listener.stop();
    await app.close();
    await stub.stop();
  });

  beforeEach(async () => {
    replies = [];
    now = RECORDED_AT;
    await deleteKeysWithPrefix(redis.client, redis.key('feeds', 'backoff'));
    expect(await poll(NBA)).toMatchObject({ outcome: expect.stringMatching(/updated|unchanged/) });
    expect(await poll(NHL)).toMatchObject({ outcome: expect.stringMatching(/updated|unchanged/) });
    expect((await state.board('odds', NHL))!.stale_since).toBeUndefined();
    listener.clear();
  });

  it("a 401 on one sport's poll: the other live sport's board is marked stale and pushed, and recovers", async () => {
    replies = [(res) => stub.json(res, 401, ERRORS.observed_errors.find((e) => e.error_code === 'INVALID_KEY')!.body)];
    now += 5_000;
    expect(await poll(NBA)).toBeInstanceOf(Error);
    expect((await state.board('odds', NBA))!.stale_since).toBeDefined();

    // NHL's own poll made no request (the provider is halted) yet its board is no longer fresh
    now += 5_000;
    const requests = stub.requests.length;
    expect(await poll(NHL)).toMatchObject({ outcome: 'paused' });
    expect(stub.requests.length).toBe(requests);
    const board = (await state.board('odds', NHL))!;
    expect(board.stale_since).toBe(new Date(now).toISOString());
    expect(board.events.length).toBeGreaterThan(0);
    expect(await state.feedStatus('odds', NHL)).toMatchObject({
      state: 'paused',
      paused_by_failure: true,
      stale_since: board.stale_since,
    });
    expect(await statusPushes(NHL)).toEqual([
      expect.objectContaining({
        type: 'board.status',
        data: expect.objectContaining({ stale_since: board.stale_since, error: expect.stringContaining('401') }),
      }),
    ]);
    // said once: the next held poll keeps the mark without a second push
    listener.clear();
    now += 5_000;
    await poll(NHL);
    expect((await state.board('odds', NHL))!.stale_since).toBe(board.stale_since);
    await new Promise((r) => setTimeout(r, 200));
    expect(listener.on('odds', NHL)).toEqual([]);

    // a new key lifts the halt: the next poll clears the mark and says so
    await deleteKeysWithPrefix(redis.client, redis.key('feeds', 'backoff'));
    now += 5_000;
    await poll(NHL);
    expect((await state.board('odds', NHL))!.stale_since).toBeUndefined();
    expect(await statusPushes(NHL)).toEqual([
      expect.objectContaining({ type: 'board.status', data: expect.objectContaining({ stale_since: null }) }),
    ]);
  });

  it("a 401 on an odds poll: the same provider's scoreboard of another sport is marked stale and pushed", async () => {
    const scores = app.get(ScoresPipelineService);
    expect(await scores.poll({ sport: MLB, tick: now })).toMatchObject({ sport: MLB });
    expect((await state.scoreboard(MLB))!.stale_since).toBeUndefined();
    listener.clear();
    replies = [(res) => stub.json(res, 401, ERRORS.observed_errors.find((e) => e.error_code === 'INVALID_KEY')!.body)];
    now += 5_000;
    await poll(NBA);

    now += 5_000;
    expect(await scores.poll({ sport: MLB, tick: now })).toMatchObject({ outcome: 'paused' });
    const board = (await state.scoreboard(MLB))!;
    expect(board.stale_since).toBe(new Date(now).toISOString());
    const pushed = await eventually(
      () => listener.on('scores', MLB).filter((m) => m.type === 'board.status'),
      (m) => m.length > 0,
    );
    expect(pushed).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ stale_since: board.stale_since }) }),
    ]);
    expect(await state.feedStatus('scores', MLB)).toMatchObject({ state: 'paused', stale_since: board.stale_since });
  });

  it('a board late past its cadence is marked stale and pushed; a poll clears it', async () => {
    // On time: nothing to mark
    now += 10_000;
    expect(await late.sweep()).toEqual([]);

    // No poll for two cadences and the grace (live games: the shortest cadence)
    now = RECORDED_AT + 2 * EVENT_POLL_INTERVAL_MS.live + FEED_LATE_GRACE_MS + 1_000;
    const marked = await late.sweep();
    expect(marked).toEqual(expect.arrayContaining([`odds:${NBA}`, `odds:${NHL}`]));
    const board = (await state.board('odds', NHL))!;
    expect(board.stale_since).toBe(new Date(now).toISOString());
    expect(await statusPushes(NHL)).toEqual([
      expect.objectContaining({
        type: 'board.status',
        data: expect.objectContaining({
          stale_since: board.stale_since,
          error: expect.stringContaining('No successful poll'),
        }),
      }),
    ]);
    // marked once
    expect(await late.sweep()).toEqual([]);

    listener.clear();
    await poll(NHL);
    expect((await state.board('odds', NHL))!.stale_since).toBeUndefined();
    expect(await statusPushes(NHL)).toEqual([
      expect.objectContaining({ type: 'board.status', data: expect.objectContaining({ stale_since: null }) }),
    ]);
  });

  it("a stream's board is judged as a poll's: late past its cadence, as the operations page says, it is marked stale", async () => {
    // a live stream writes a batch every slot, a quiet one a batch of no game: one late is one no connection keeps
    Object.assign(config, { ODDS_PROVIDER: 'stream' });
    try {
      now = RECORDED_AT + 2 * EVENT_POLL_INTERVAL_MS.live + FEED_LATE_GRACE_MS + 1_000;
      const feeds = opsFeeds(
        config.FEED_SPORTS,
        await state.feedStatuses(config.FEED_SPORTS),
        {
          propsMs: config.PROPS_INTERVAL_MS,
          scoresLiveMs: config.SCORES_LIVE_INTERVAL_MS,
          scoresIdleMs: config.SCORES_IDLE_INTERVAL_MS,
        },
        await state.oddsSchedules(),
        now,
      );
      expect(feeds.find((f) => f.kind === 'odds' && f.sport === NHL)?.health).toBe('late');
      expect(await late.sweep()).toEqual(expect.arrayContaining([`odds:${NBA}`, `odds:${NHL}`]));
      expect((await state.board('odds', NHL))!.stale_since).toBe(new Date(now).toISOString());
    } finally {
      Object.assign(config, { ODDS_PROVIDER: 'theoddsapi' });
    }
  });
});
