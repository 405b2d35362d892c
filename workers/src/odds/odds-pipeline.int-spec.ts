import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { sql } from 'kysely';
import {
  ArbitrageOpportunity,
  DEFAULT_DEVIG_METHOD,
  JobName,
  MAX_BANKROLL,
  OpportunityUpdate,
  PreparedBoard,
  type PriceTargetsPayload,
  RealtimeEnvelope,
  SCANNER_MAX_STAKE,
  newestUpdate,
  normaliseOddsApiV4,
  settleBookLinks,
} from '@oddspulse/shared';
import { scanPayload } from '../../../shared/src/cli/scan';
import {
  APP_CONFIG,
  AppConfig,
  parseConfig,
  Database,
  JobQueueService,
  KYSELY,
  LiveStateRepository,
  RealtimePublisher,
  RedisService,
  RedisKeys,
  RealtimeKeys,
  deleteKeysWithPrefix,
} from '@oddspulse/core';
import { DetectionService } from '../detection/detection.service';
import { finalGame } from '../../../test/support/fixture-boards';
import { HttpStub } from '../../../test/support/http-stub';
import { RealtimeListener, eventually } from '../../../test/support/realtime-listener';
import { CLOCK } from '../feeds/clock';
import { WorkersModule } from '../workers.module';
import { OddsHistoryWriterService } from './odds-history-writer.service';
import { OddsPipelineService } from './odds-pipeline.service';

const FIXTURES = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
const NFL_FILE = 'v4_odds_americanfootball_nfl_us-plus-betfair_h2h-spreads-totals-h2h_lay_american_2022-08-24.json';
const NFL = 'americanfootball_nfl';

const PROPS = [
  'v4_event_odds_basketball_nba_player_points_us_american_2024-02-22_ORL-at-CLE.json',
  'v4_event_odds_basketball_nba_player_points_us_american_2024-02-22_BKN-at-TOR.json',
].map((file) => JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as { id: string; commence_time: string });

type RawEvent = {
  id: string;
  commence_time: string;
  home_team: string;
  away_team: string;
  bookmakers: Array<{
    key: string;
    last_update?: string;
    markets: Array<{ key: string; outcomes: Array<{ name: string; price: number; point?: number }> }>;
  }>;
};

// One poll cycle replaying a recorded board gives the board in Redis, history rows and published
// diffs; a second cycle with changed prices publishes only the changes; detection matches `npm run scan`.
describe('odds pipeline on a recorded The Odds API board (real Redis and PostgreSQL)', () => {
  const stub = new HttpStub();
  const recorded = JSON.parse(readFileSync(join(FIXTURES, NFL_FILE), 'utf8')) as RawEvent[];
  let payload: RawEvent[] = structuredClone(recorded);
  const recordedNow = newestUpdate(normaliseOddsApiV4(recorded).events)!;
  let now = recordedNow;
  let app: INestApplicationContext;
  let config: AppConfig;
  let listener: RealtimeListener;
  let pipeline: OddsPipelineService;
  let redis: RedisService;
  let db: Database;
  // The history is stored after the publish, from its outbox: the writer finishes before counting.
  const historyCount = async () => {
    await app.get(OddsHistoryWriterService).flush();
    return Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM odds_history WHERE sport_key = ${NFL}`.execute(db)).rows[0].n,
    );
  };

  // The Odds API answers a poll by event ids with those events alone.
  const asked = (url: URL) => url.searchParams.get('eventIds')?.split(',') ?? null;

  beforeAll(async () => {
    const url = await stub.start();
    stub.handler = (_req, res, reqUrl) => {
      const propsEvent = PROPS.find((p) => reqUrl.pathname === `/v4/sports/basketball_nba/events/${p.id}/odds`);
      if (reqUrl.pathname === '/v4/sports') stub.json(res, 200, [{ key: NFL, active: true }]);
      else if (reqUrl.pathname === `/v4/sports/${NFL}/odds`)
        stub.json(res, 200, asked(reqUrl) ? payload.filter((e) => asked(reqUrl)!.includes(e.id)) : payload, {
          'x-requests-remaining': '4990',
          'x-requests-used': '10',
          'x-requests-last': '9',
        });
      else if (reqUrl.pathname === '/v4/sports/basketball_nba/events')
        stub.json(
          res,
          200,
          PROPS.map(({ id, commence_time }) => ({ id, commence_time })),
        );
      else if (propsEvent) stub.json(res, 200, propsEvent);
      else stub.json(res, 404, { message: 'Unknown sport', error_code: 'UNKNOWN_SPORT' });
    };
    const base = parseConfig(process.env);
    config = {
      ...base,
      REDIS_PREFIX: `${base.REDIS_PREFIX}:odds-pipeline`,
      ODDS_PROVIDER: 'theoddsapi',
      ODDS_API_KEY: 'test-key',
      ODDS_API_BASE_URL: url,
      FEED_SPORTS: [],
      DETECT_MIN_PROFIT_PCT: 0.5,
      DETECT_MIN_GAP: 3,
      DETECT_MIN_PROBABILITY: 15,
    };
    const moduleRef = await Test.createTestingModule({ imports: [WorkersModule] })
      .overrideProvider(APP_CONFIG)
      .useValue(config)
      .overrideProvider(CLOCK)
      .useValue(() => now)
      .compile();
    moduleRef.useLogger(false);
    app = await moduleRef.init();
    pipeline = app.get(OddsPipelineService);
    redis = app.get(RedisService);
    db = app.get(KYSELY);
    listener = new RealtimeListener(config.REDIS_URL, config.REDIS_PREFIX);
    await listener.start();
  });

  afterAll(async () => {
    await listener.stop();
    await app.close();
    await stub.stop();
  });

  let firstCycleArbitrage: Array<OpportunityUpdate<ArbitrageOpportunity>> = [];

  it('first cycle: the board in Redis, one history row per outcome, the diff published with seq 1', async () => {
    const normalised = normaliseOddsApiV4(recorded).events;
    const outcomes = normalised.reduce(
      (s, e) => s + e.bookmakers.reduce((t, b) => t + b.markets.reduce((u, m) => u + m.outcomes.length, 0), 0),
      0,
    );
    const before = await historyCount();

    const result = await pipeline.pollOdds({ sport: NFL, tick: 1 });

    expect(result).toMatchObject({
      outcome: 'updated',
      events: normalised.length,
      changedEvents: normalised.length,
      historyRows: outcomes,
    });
    const request = stub.requests.at(-1)!;
    expect(Object.fromEntries(request.searchParams)).toMatchObject({
      apiKey: 'test-key',
      // the format the US books quote: in decimal the API rounds their prices (feedOddsFormat)
      oddsFormat: 'american',
      dateFormat: 'iso',
      regions: 'us,us2,us_exchanges',
      markets: 'h2h,spreads,totals',
    });
    const board = (await app.get(LiveStateRepository).board('odds', NFL))!;
    // The board as fetched, its links settled: checked, resolved from the books' ids, or the book's site.
    expect(board.events).toEqual(settleBookLinks(normalised));
    expect(board.fetched_at).toBe(new Date(recordedNow).toISOString());
    expect(board.stale_since).toBeUndefined();
    expect((await historyCount()) - before).toBe(outcomes);

    const diffs = await eventually(
      () => listener.on('odds', NFL),
      (m) => m.length >= 1,
    );
    expect(diffs).toHaveLength(1);
    const message = diffs[0] as Extract<RealtimeEnvelope, { type: 'board.diff' }> & { redisChannel: string };
    expect(message).toMatchObject({ seq: 1, channel: 'odds', key: NFL, type: 'board.diff' });
    expect(message.redisChannel).toBe(`${config.REDIS_PREFIX}:rt:{odds:${NFL}}`);
    expect(message.data.events.map((e) => e.change)).toEqual(normalised.map(() => 'added'));
    expect(await redis.client.hgetall(redis.key(...RedisKeys.oddsApiCredits))).toMatchObject({
      remaining: '4990',
      used: '10',
      last: '9',
    });

    const arbitrage = await eventually(
      () => listener.on('arbitrage', NFL),
      (m) => m.length >= 1,
    );
    firstCycleArbitrage = arbitrage.flatMap((m) =>
      m.type === 'opportunities' ? (m.data.updates as Array<OpportunityUpdate<ArbitrageOpportunity>>) : [],
    );
  });

  it('publishes the arbitrage that `npm run scan` finds on the same file, and keeps it in Redis', async () => {
    // detection sizes arbitrages at the largest stake a user can choose; each user's sizing applies on top
    const scan = scanPayload(recorded, {
      bankroll: MAX_BANKROLL,
      maxStake: SCANNER_MAX_STAKE,
      minProfitPct: 0.5,
      minGap: 3,
      minProbability: 15,
      minEvPct: 0,
      method: DEFAULT_DEVIG_METHOD,
    });
    expect(scan.arbitrage.length).toBeGreaterThan(0);
    // Found only below the published rates: kept at those rates and marked, for the users whose own rates make it pay
    // (opportunities-for-user.ts); the scan at the published rates does not list it.
    const belowDefault = firstCycleArbitrage.filter((u) => u.opportunity!.belowDefaultCommission);
    expect(belowDefault.every((u) => u.opportunity!.legs.some((leg) => leg.commission > 0))).toBe(true);
    const published = firstCycleArbitrage
      .filter((u) => !u.opportunity!.belowDefaultCommission)
      .map((u) => ({ action: u.action, id: u.id, profitPct: u.opportunity!.profitPct, legs: u.opportunity!.legs }));
    expect(published.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      scan.arbitrage
        .map((a) => ({ action: 'new', id: a.id, profitPct: a.profitPct, legs: a.legs }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(
      firstCycleArbitrage.every((u) => u.time_found === new Date(recordedNow).toISOString() && u.expires_in === 1800),
    ).toBe(true);
    const stored = await redis.client.hgetall(redis.key(...RedisKeys.opportunities('arbitrage', NFL)));
    expect(
      Object.values(stored)
        .flatMap((v) => JSON.parse(v) as OpportunityUpdate[])
        .map((u) => u.id)
        .sort(),
    ).toEqual([...scan.arbitrage.map((a) => a.id), ...belowDefault.map((u) => u.id)].sort());
  });

  it('second cycle with changed prices publishes only the changes, and records only them', async () => {
    listener.clear();
    payload = structuredClone(recorded);
    const event = payload[0];
    const h2h = event.bookmakers[0].markets.find((m) => m.key === 'h2h')!;
    const spreads = event.bookmakers[1].markets.find((m) => m.key === 'spreads')!;
    h2h.outcomes[0].price = -140; // was -133: pays less
    spreads.outcomes[0].point = spreads.outcomes[0].point! - 0.5;
    spreads.outcomes[1].point = spreads.outcomes[1].point! + 0.5;
    now = recordedNow + 30_000;
    const before = await historyCount();

    const result = await pipeline.pollOdds({ sport: NFL, tick: 2 });

    expect(result).toMatchObject({ outcome: 'updated', changedEvents: 1, historyRows: 3 });
    expect((await historyCount()) - before).toBe(3);
    const diffs = await eventually(
      () => listener.on('odds', NFL),
      (m) => m.length >= 1,
    );
    expect(diffs).toHaveLength(1);
    const message = diffs[0] as Extract<RealtimeEnvelope, { type: 'board.diff' }> & { redisChannel: string };
    expect(message.seq).toBe(2);
    expect(message.data.events).toHaveLength(1);
    expect(message.data.events[0]).toMatchObject({ id: event.id, change: 'changed' });
    const books = message.data.events[0].bookmakers!;
    expect(books.map((b) => [b.key, b.markets.map((m) => m.key)])).toEqual([
      [event.bookmakers[0].key === 'unibet' ? 'unibet_us' : event.bookmakers[0].key, ['h2h']],
      [event.bookmakers[1].key, ['spreads']],
    ]);
    expect(books[0].markets[0].outcomes).toEqual([
      expect.objectContaining({ change: 'price', name: h2h.outcomes[0].name, direction: 'down', price: 1 + 100 / 140 }),
    ]);
    expect(books[1].markets[0].outcomes!.map((o) => [o.change, o.point, o.previous_point])).toEqual([
      ['line', spreads.outcomes[0].point, spreads.outcomes[0].point + 0.5],
      ['line', spreads.outcomes[1].point, spreads.outcomes[1].point - 0.5],
    ]);
  });

  it('a cycle with nothing changed publishes nothing and records nothing', async () => {
    listener.clear();
    now = recordedNow + 60_000;
    const before = await historyCount();
    const result = await pipeline.pollOdds({ sport: NFL, tick: 3 });
    expect(result).toMatchObject({ outcome: 'unchanged', changedEvents: 0, historyRows: 0 });
    await new Promise((r) => setTimeout(r, 200));
    expect(listener.on('odds', NFL)).toEqual([]);
    expect(await redis.client.get(redis.key(...RealtimeKeys.sequence('odds', NFL)))).toBe('2');
    expect(await historyCount()).toBe(before);
  });

  // A poll diffs against the board this process holds and, when nothing changed, writes the stamp alone
  it('writes only the freshness stamp for a poll that changed nothing, and readers see the new fetch time', async () => {
    const boardKey = redis.key(...RedisKeys.boardMarkets('odds', NFL));
    const before = await redis.client.hgetall(boardKey);
    const eventsBefore = (await app.get(LiveStateRepository).board('odds', NFL))!.events;
    now = recordedNow + 90_000;
    expect(await pipeline.pollOdds({ sport: NFL, tick: 4 })).toMatchObject({ outcome: 'unchanged', changedEvents: 0 });
    expect(await redis.client.hgetall(boardKey)).toEqual(before);
    const stamp = JSON.parse((await redis.client.get(redis.key(...RedisKeys.boardFreshness('odds', NFL))))!) as Record<
      string,
      unknown
    >;
    expect(stamp).toMatchObject({ fetched_at: new Date(now).toISOString(), stale_since: null });
    const board = (await app.get(LiveStateRepository).board('odds', NFL))!;
    expect(board.fetched_at).toBe(new Date(now).toISOString());
    expect(board.events).toEqual(eventsBefore);
  });

  it('writes the board when only what a diff leaves out moved (a quote time), publishing nothing', async () => {
    listener.clear();
    const updated = new Date(recordedNow + 100_000).toISOString().replace('.000Z', 'Z');
    payload[0].bookmakers[1].last_update = updated;
    now = recordedNow + 120_000;
    expect(await pipeline.pollOdds({ sport: NFL, tick: 5 })).toMatchObject({ outcome: 'unchanged', changedEvents: 0 });
    const board = (await app.get(LiveStateRepository).board('odds', NFL))!;
    const book = board.events
      .find((e) => e.id === payload[0].id)!
      .bookmakers.find((b) => b.key === payload[0].bookmakers[1].key)!;
    expect(book.markets.map((m) => m.last_update)).toEqual(book.markets.map(() => updated));
    await new Promise((r) => setTimeout(r, 200));
    expect(listener.on('odds', NFL)).toEqual([]);
  });

  // A feed may restamp a market whose prices did not move: it is not written again (within a minute of its stored
  // time), and a market whose price moved is, with its new time.
  it('rewrites a market when its price moves, not when its update time alone does', async () => {
    const boardKey = redis.key(...RedisKeys.boardMarkets('odds', NFL));
    const marketFields = (fields: Record<string, string>) =>
      Object.fromEntries(Object.entries(fields).filter(([field]) => field.startsWith('m\t')));
    const stored = await redis.client.hgetall(boardKey);
    const restamped = new Date(recordedNow + 130_000).toISOString().replace('.000Z', 'Z');
    payload[0].bookmakers[1].last_update = restamped;
    now = recordedNow + 150_000;
    expect(await pipeline.pollOdds({ sport: NFL, tick: 6 })).toMatchObject({ outcome: 'unchanged', changedEvents: 0 });
    expect(await redis.client.hgetall(boardKey)).toEqual(stored);

    const moved = new Date(recordedNow + 140_000).toISOString().replace('.000Z', 'Z');
    const book = payload[0].bookmakers[1];
    book.last_update = moved;
    book.markets[0].outcomes[0].price += book.markets[0].outcomes[0].price > 0 ? 10 : -10;
    now = recordedNow + 160_000;
    expect(await pipeline.pollOdds({ sport: NFL, tick: 7 })).toMatchObject({ outcome: 'updated', changedEvents: 1 });
    const after = marketFields(await redis.client.hgetall(boardKey));
    const rewritten = Object.keys(after).filter((field) => after[field] !== stored[field]);
    const bookKey = book.key === 'unibet' ? 'unibet_us' : book.key;
    expect(rewritten).toEqual([`m\t${payload[0].id}\t${bookKey}\t${book.markets[0].key}`]);
    expect(JSON.parse(after[rewritten[0]])).toMatchObject({ last_update: moved });
    const kept = Object.keys(after).filter(
      (f) => f.startsWith(`m\t${payload[0].id}\t${bookKey}\t`) && f !== rewritten[0],
    );
    expect(kept.length).toBeGreaterThan(0);
    for (const field of kept) expect(after[field]).toBe(stored[field]);
  });

  it('diffs against the board another process wrote since, not the one it holds', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [WorkersModule] })
      .overrideProvider(APP_CONFIG)
      .useValue(config)
      .overrideProvider(CLOCK)
      .useValue(() => now)
      .compile();
    moduleRef.useLogger(false);
    const other = await moduleRef.init();
    try {
      listener.clear();
      const h2h = payload[0].bookmakers[0].markets.find((m) => m.key === 'h2h')!;
      const held = h2h.outcomes[0].price;
      h2h.outcomes[0].price = held - 10;
      now = recordedNow + 150_000;
      expect(await other.get(OddsPipelineService).pollOdds({ sport: NFL, tick: 6 })).toMatchObject({
        outcome: 'updated',
        changedEvents: 1,
      });
      // back to the price this process holds: against Redis's board (the other process's) that is a change
      h2h.outcomes[0].price = held;
      now = recordedNow + 180_000;
      const writes = jest.spyOn(app.get(LiveStateRepository), 'boardWrites');
      expect(await pipeline.pollOdds({ sport: NFL, tick: 7 })).toMatchObject({
        outcome: 'updated',
        changedEvents: 1,
        historyRows: 1,
      });
      // the board read back is the basis: the moved market alone is written, not every market of the board again
      const [hash] = (writes.mock.results[0].value as ReturnType<LiveStateRepository['boardWrites']>).hashes;
      writes.mockRestore();
      expect(hash.replace).toBe(false);
      expect(hash.set.map(([field]) => field)).toEqual([
        expect.stringMatching(new RegExp(`^m\t${payload[0].id}\t.+\th2h$`)),
      ]);
      const diffs = await eventually(
        () => listener.on('odds', NFL),
        (m) => m.length >= 2,
      );
      const directions = diffs.map((m) =>
        m.type === 'board.diff' ? m.data.events[0].bookmakers![0].markets[0].outcomes![0].direction : null,
      );
      expect(directions).toEqual(['down', 'up']);
    } finally {
      await other.close();
    }
  });

  it('writes the whole board again when Redis lost it, and publishes it whole', async () => {
    listener.clear();
    await redis.client.del(
      redis.key(...RedisKeys.boardMarkets('odds', NFL)),
      redis.key(...RedisKeys.boardFreshness('odds', NFL)),
    );
    now = recordedNow + 210_000;
    const events = normaliseOddsApiV4(payload).events.length;
    expect(await pipeline.pollOdds({ sport: NFL, tick: 8 })).toMatchObject({
      outcome: 'updated',
      changedEvents: events,
    });
    expect((await app.get(LiveStateRepository).board('odds', NFL))!.events).toHaveLength(events);
  });

  // The board used to be saved before its diff was published, so a worker dying in between lost the
  // diff for good (the next poll diffed from the saved board) and browsers diverged silently. Now they are one step.
  it('a worker dying at the save-and-publish step loses no diff: the next poll publishes it, with the board', async () => {
    const boardKey = redis.key(...RedisKeys.boardMarkets('odds', NFL));
    const h2h = payload[0].bookmakers[0].markets.find((m) => m.key === 'h2h')!;
    h2h.outcomes[0].price -= 25;
    const expectedPrice = 1 + 100 / -h2h.outcomes[0].price;
    const publisher = app.get(RealtimePublisher);
    const lastSeq = async () => (await publisher.position('odds', NFL)).seq;
    const seqBefore = await lastSeq();
    const boardBefore = await redis.client.hgetall(boardKey);

    // Killed at the step: neither the board nor its diff is written.
    listener.clear();
    const killed = jest.spyOn(publisher, 'publishWith').mockRejectedValueOnce(new Error('worker killed'));
    now = recordedNow + 240_000;
    await expect(pipeline.pollOdds({ sport: NFL, tick: 9 })).rejects.toThrow('worker killed');
    killed.mockRestore();
    expect(await redis.client.hgetall(boardKey)).toEqual(boardBefore);
    expect(await lastSeq()).toBe(seqBefore);

    // The restarted poll diffs from the board still saved: the change is published, the board saved with it.
    now = recordedNow + 270_000;
    expect(await pipeline.pollOdds({ sport: NFL, tick: 10 })).toMatchObject({
      outcome: 'updated',
      changedEvents: 1,
      publishedSeq: seqBefore + 1,
    });
    const [diff] = await eventually(
      () => listener.on('odds', NFL),
      (m) => m.length >= 1,
    );
    expect(diff.type === 'board.diff' && diff.data.events[0].bookmakers![0].markets[0].outcomes![0].price).toBe(
      expectedPrice,
    );
    const saved = (await app.get(LiveStateRepository).board('odds', NFL))!;
    const outcome = saved.events
      .find((e) => e.id === payload[0].id)!
      .bookmakers[0].markets.find((m) => m.key === 'h2h')!.outcomes[0];
    expect(outcome.price).toBe(expectedPrice);

    // Killed just after the step (detection fails): board and diff went out together, so the next poll has nothing to add.
    h2h.outcomes[0].price -= 25;
    const detection = jest
      .spyOn(app.get(DetectionService), 'detect')
      .mockRejectedValueOnce(new Error('worker killed after publishing'));
    now = recordedNow + 300_000;
    await expect(pipeline.pollOdds({ sport: NFL, tick: 11 })).rejects.toThrow('worker killed after publishing');
    detection.mockRestore();
    expect(await lastSeq()).toBe(seqBefore + 2);
    now = recordedNow + 330_000;
    expect(await pipeline.pollOdds({ sport: NFL, tick: 12 })).toMatchObject({ outcome: 'unchanged', changedEvents: 0 });
    expect(await lastSeq()).toBe(seqBefore + 2);
  });

  // docs/api.md "Alerts": a price target is checked on every change of its game. The board is saved before the check
  // is queued: a queue failing (or a worker stopping) in between must not lose the check, though the next poll finds
  // the board as saved and no game changed.
  it('a price-target check the alerts queue refused after the board was saved is queued by the next poll, once', async () => {
    const queue = app.get(JobQueueService);
    const checks: PriceTargetsPayload[] = [];
    let refuse = true;
    const add = jest.spyOn(queue, 'add').mockImplementation(async (name, data) => {
      if (name !== JobName.AlertsPriceTargets) return undefined as never;
      if (refuse) {
        refuse = false;
        throw new Error('the alerts queue is away');
      }
      checks.push(data as PriceTargetsPayload);
      return undefined as never;
    });
    try {
      const h2h = payload[1].bookmakers[0].markets.find((m) => m.key === 'h2h')!;
      h2h.outcomes[0].price -= 10;
      now = recordedNow + 345_000;
      await expect(pipeline.pollOdds({ sport: NFL, tick: 13 })).rejects.toThrow('the alerts queue is away');
      expect(checks).toEqual([]);
      // the next poll finds the board as saved: no game changed
      now = recordedNow + 350_000;
      expect(await pipeline.pollOdds({ sport: NFL, tick: 14 })).toMatchObject({ changedEvents: 0 });
      expect(checks).toEqual([{ sport: NFL, at: recordedNow + 345_000, eventIds: [payload[1].id] }]);
      now = recordedNow + 355_000;
      expect(await pipeline.pollOdds({ sport: NFL, tick: 15 })).toMatchObject({ changedEvents: 0 });
      expect(checks).toHaveLength(1);
    } finally {
      add.mockRestore();
    }
  });

  // Detection's scan of the games a poll changed is owed once the board is stored: the next poll finds them unchanged,
  // so a scan failing after the step left their opportunities as they were until the game changed again.
  it('a scan that failed after the board was stored is made by the next poll, though no game changed', async () => {
    const scanned = jest.spyOn(PreparedBoard.prototype, 'scanEvent');
    const failed = jest
      .spyOn(app.get(LiveStateRepository), 'saveEventOpportunities')
      .mockRejectedValueOnce(new Error('Redis away'));
    const scannedIds = () => scanned.mock.calls.map(([id]) => id);
    try {
      const game = payload[2];
      game.bookmakers[0].markets.find((m) => m.key === 'h2h')!.outcomes[0].price -= 10;
      now = recordedNow + 356_000;
      await expect(pipeline.pollOdds({ sport: NFL, tick: 16 })).rejects.toThrow('Redis away');
      scanned.mockClear();
      now = recordedNow + 357_000;
      expect(await pipeline.pollOdds({ sport: NFL, tick: 17 })).toMatchObject({ changedEvents: 0 });
      expect(scannedIds()).toContain(game.id);
      // scanned and saved, it is owed no more
      scanned.mockClear();
      now = recordedNow + 358_000;
      expect(await pipeline.pollOdds({ sport: NFL, tick: 18 })).toMatchObject({ changedEvents: 0 });
      expect(scannedIds()).not.toContain(game.id);
    } finally {
      failed.mockRestore();
      scanned.mockRestore();
    }
  });

  it('a worker dying as a stale feed recovers still tells browsers the feed recovered, at the next poll', async () => {
    const freshnessKey = redis.key(...RedisKeys.boardFreshness('odds', NFL));
    // The feed failed: the board is marked stale (as a failed poll leaves it).
    const stamp = JSON.parse((await redis.client.get(freshnessKey))!) as Record<string, unknown>;
    await redis.client.set(
      freshnessKey,
      JSON.stringify({ ...stamp, stale_since: new Date(recordedNow + 340_000).toISOString() }),
    );
    const h2h = payload[0].bookmakers[0].markets.find((m) => m.key === 'h2h')!;
    h2h.outcomes[0].price -= 25;
    const publisher = app.get(RealtimePublisher);
    const killed = jest.spyOn(publisher, 'publish').mockRejectedValueOnce(new Error('worker killed'));
    now = recordedNow + 360_000;
    await expect(pipeline.pollOdds({ sport: NFL, tick: 13 })).rejects.toThrow('worker killed');
    killed.mockRestore();

    listener.clear();
    now = recordedNow + 390_000;
    expect(await pipeline.pollOdds({ sport: NFL, tick: 14 })).toMatchObject({ outcome: 'updated', changedEvents: 1 });
    const messages = await eventually(
      () => listener.on('odds', NFL),
      (m) => m.length >= 2,
    );
    expect(messages.map((m) => m.type)).toEqual(['board.status', 'board.diff']);
    expect(messages[0].data).toEqual({ fetched_at: new Date(now).toISOString(), stale_since: null });
    expect((await app.get(LiveStateRepository).board('odds', NFL))!.stale_since).toBeUndefined();
  });

  // Spec 001 §9: live games are polled by id, alone; the board's other events are neither diffed nor written again
  it('a poll by event ids diffs and writes those events alone', async () => {
    const boardKey = redis.key(...RedisKeys.boardMarkets('odds', NFL));
    const before = await redis.client.hgetall(boardKey);
    // both events move; only the first is asked for (away from ±100, so both stay prices)
    for (const event of payload.slice(0, 2)) {
      const outcome = event.bookmakers[0].markets.find((m) => m.key === 'h2h')!.outcomes[0];
      outcome.price += outcome.price > 0 ? 5 : -5;
    }
    listener.clear();
    now = recordedNow + 420_000;
    expect(await pipeline.pollOdds({ sport: NFL, tick: 15, eventIds: [payload[0].id] })).toMatchObject({
      outcome: 'updated',
      events: payload.length,
      changedEvents: 1,
      historyRows: 1,
    });
    const after = await redis.client.hgetall(boardKey);
    const rewritten = Object.keys(after).filter((field) => after[field] !== before[field]);
    expect(rewritten).toHaveLength(1);
    expect(rewritten[0]).toMatch(new RegExp(`^m\t${payload[0].id}\t.*\th2h$`));
    const [diff] = await eventually(
      () => listener.on('odds', NFL),
      (m) => m.length >= 1,
    );
    expect(diff.type === 'board.diff' && diff.data.events.map((e) => e.id)).toEqual([payload[0].id]);
  });

  // A running deployment's boards were stored whole before boards were stored by market: they are read as they are
  // until their next poll stores them by market
  it('reads a board an earlier version stored whole, and stores it by market at its next poll', async () => {
    const state = app.get(LiveStateRepository);
    const current = (await state.board('odds', NFL))!;
    const wholeKey = redis.key(...RedisKeys.board('odds', NFL));
    const marketsKey = redis.key(...RedisKeys.boardMarkets('odds', NFL));
    await redis.client.del(marketsKey);
    await redis.client.set(wholeKey, JSON.stringify(current));
    await redis.client.set(
      redis.key(...RedisKeys.boardFreshness('odds', NFL)),
      JSON.stringify({ fetched_at: current.fetched_at, stale_since: null, revision: 'an-earlier-version' }),
    );
    expect(await state.board('odds', NFL)).toEqual(current);

    now = recordedNow + 450_000;
    // the second event's move, which the poll by id left for the next sweep
    expect(await pipeline.pollOdds({ sport: NFL, tick: 16 })).toMatchObject({
      outcome: 'updated',
      changedEvents: 1,
      historyRows: 1,
    });
    expect(await redis.client.exists(wholeKey)).toBe(0);
    expect(await redis.client.hlen(marketsKey)).toBeGreaterThan(0);
    expect((await state.board('odds', NFL))!.events).toEqual(settleBookLinks(normaliseOddsApiV4(payload).events));
  });

  // Redis runs the step of a sweep of a thousand games for most of a second, in which this process has nothing else to do
  it("reads detection's changed events while Redis runs the step that stores and publishes the board", async () => {
    const publisher = app.get(RealtimePublisher);
    const detection = app.get(DetectionService);
    const order: string[] = [];
    const publishWith = publisher.publishWith.bind(publisher);
    const prepare = detection.prepare.bind(detection);
    const spies = [
      jest.spyOn(publisher, 'publishWith').mockImplementation(async (...args) => {
        const seq = await publishWith(...args);
        order.push('step settled');
        return seq;
      }),
      jest.spyOn(detection, 'prepare').mockImplementation(async (...args) => {
        order.push('reading started');
        await prepare(...args);
      }),
    ];
    const staleEvents = jest.spyOn(PreparedBoard.prototype, 'staleEvents');
    const outcome = payload[1].bookmakers[0].markets.find((m) => m.key === 'h2h')!.outcomes[0];
    outcome.price += outcome.price > 0 ? 5 : -5;
    now = recordedNow + 480_000;
    try {
      expect(await pipeline.pollOdds({ sport: NFL, tick: 17 })).toMatchObject({ outcome: 'updated', changedEvents: 1 });
      expect(order).toEqual(['reading started', 'step settled']);
      // detection scanned the board it read during the step, without reading it again
      expect(staleEvents).toHaveBeenCalledTimes(1);
    } finally {
      for (const spy of [...spies, staleEvents]) spy.mockRestore();
    }
  });

  it('polls player props per event from the event list, into their own board and channel', async () => {
    listener.clear();
    // A minute before the first of the two games: both are upcoming.
    now = Math.min(...PROPS.map((p) => Date.parse(p.commence_time))) - 60_000;
    const result = await pipeline.pollProps({ sport: 'basketball_nba', tick: 1 });
    expect(result).toMatchObject({ kind: 'props', outcome: 'updated', events: 2 });
    const oddsRequests = stub.requests.filter((r) => r.pathname.includes('/events/') && r.pathname.endsWith('/odds'));
    expect(Object.fromEntries(oddsRequests.at(-1)!.searchParams)).toMatchObject({
      regions: 'us,us_dfs',
      oddsFormat: 'american',
    });
    const board = (await app.get(LiveStateRepository).board('props', 'basketball_nba'))!;
    expect(board.events.map((e) => e.id).sort()).toEqual(PROPS.map((p) => p.id).sort());
    expect(board.events[0].bookmakers[0].markets[0]).toMatchObject({ key: 'player_points' });
    const diffs = await eventually(
      () => listener.on('props', 'basketball_nba'),
      (m) => m.length > 0,
    );
    expect(diffs[0]).toMatchObject({ channel: 'props', type: 'board.diff', seq: 1 });
  });

  it("writes the sport's schedule again when a poll moves a game's start or final mark, or a minute on", async () => {
    const state = app.get(LiveStateRepository);
    const saved = jest.spyOn(state, 'saveOddsSchedule');
    try {
      now = recordedNow + 700_000;
      // a sweep a minute or more after the schedule was last written writes it
      await pipeline.pollOdds({ sport: NFL, tick: 16 });
      expect(saved).toHaveBeenCalledTimes(1);
      saved.mockClear();
      const outcome = payload[1].bookmakers[0].markets.find((m) => m.key === 'h2h')!.outcomes[0];
      outcome.price += outcome.price > 0 ? 5 : -5;
      now = recordedNow + 730_000;
      expect(await pipeline.pollOdds({ sport: NFL, tick: 17, eventIds: [payload[1].id] })).toMatchObject({
        outcome: 'updated',
        changedEvents: 1,
      });
      expect(saved).not.toHaveBeenCalled();
      const start = Date.parse(payload[1].commence_time) + 3_600_000;
      payload[1].commence_time = new Date(start).toISOString().replace('.000Z', 'Z');
      now = recordedNow + 760_000;
      await pipeline.pollOdds({ sport: NFL, tick: 18, eventIds: [payload[1].id] });
      expect(saved).toHaveBeenCalledTimes(1);
      expect((await state.oddsSchedules()).get(NFL)?.find((e) => e.id === payload[1].id)?.start).toBe(start);
      // unchanged, it is written again a minute after it last was: Redis may have lost it
      saved.mockClear();
      outcome.price += outcome.price > 0 ? 5 : -5;
      now = recordedNow + 790_000;
      await pipeline.pollOdds({ sport: NFL, tick: 19, eventIds: [payload[1].id] });
      expect(saved).not.toHaveBeenCalled();
      outcome.price += outcome.price > 0 ? 5 : -5;
      now = recordedNow + 820_000;
      await pipeline.pollOdds({ sport: NFL, tick: 20, eventIds: [payload[1].id] });
      expect(saved).toHaveBeenCalledTimes(1);
    } finally {
      saved.mockRestore();
    }
  });

  it('publishes a game the scoreboard marks final though no price moved, and withdraws its opportunities at once', async () => {
    const state = app.get(LiveStateRepository);
    const evKey = redis.key(...RedisKeys.opportunities('ev', NFL));
    const current = Object.entries(await redis.client.hgetall(evKey)).find(
      ([field, value]) => field.startsWith('odds:') && (JSON.parse(value) as unknown[]).length > 0,
    );
    expect(current).toBeDefined();
    const game = payload.find((e) => `odds:${e.id}` === current![0])!;
    const final = finalGame({
      id: 'espn-final',
      event_id: game.id,
      sport_key: NFL,
      league: 'NFL',
      commence_time: game.commence_time,
      home_team: game.home_team,
      away_team: game.away_team,
      source: 'espn',
    });
    await state.saveScoreboard({ sport_key: NFL, fetched_at: new Date(now).toISOString(), games: [final] });
    try {
      listener.clear();
      now = recordedNow + 840_000;
      expect(await pipeline.pollOdds({ sport: NFL, tick: 21 })).toMatchObject({ outcome: 'updated', changedEvents: 1 });
      const [diff] = await eventually(
        () => listener.on('odds', NFL),
        (m) => m.length >= 1,
      );
      expect(diff.type === 'board.diff' && diff.data.events).toEqual([
        { id: game.id, change: 'changed', header: expect.objectContaining({ completed: true }), bookmakers: [] },
      ]);
      const ev = await eventually(
        () => listener.on('ev', NFL),
        (m) => m.length >= 1,
      );
      const updates = ev.flatMap((m) => (m.type === 'opportunities' ? (m.data.updates as OpportunityUpdate[]) : []));
      expect(updates.length).toBeGreaterThan(0);
      expect(updates.every((u) => u.event_id === game.id && u.action === 'gone')).toBe(true);
      expect(await redis.client.hget(evKey, current![0])).toBeNull();
    } finally {
      await redis.client.del(redis.key(...RedisKeys.scoreboard(NFL)));
    }
  });

  it("withdraws a game's opportunities once its prices pass the locked-market age, though the feed sends them unmoved", async () => {
    // the game the scoreboard no longer marks final opens again
    expect(await pipeline.pollOdds({ sport: NFL, tick: 22 })).toMatchObject({ changedEvents: 1 });
    const evKey = redis.key(...RedisKeys.opportunities('ev', NFL));
    const held = Object.keys(await redis.client.hgetall(evKey));
    expect(held.length).toBeGreaterThan(0);
    const reviews = redis.key(...RedisKeys.opportunityReviews('odds', NFL));
    // each game is to be scanned again when its first price passes 15 minutes (the recording's are all within 5)
    const next = Number((await redis.client.zrange(reviews, '0', '0', 'WITHSCORES'))[1]);
    expect(next).toBeGreaterThan(now);
    expect(next).toBeLessThanOrEqual(recordedNow + 15 * 60_000 + 1);
    listener.clear();
    now = recordedNow + 20 * 60_000;
    // the same answer: nothing moved, and the diff is empty
    expect(await pipeline.pollOdds({ sport: NFL, tick: 23 })).toMatchObject({ outcome: 'unchanged', changedEvents: 0 });
    const ev = await eventually(
      () => listener.on('ev', NFL),
      (m) => m.length >= 1,
    );
    const updates = ev.flatMap((m) => (m.type === 'opportunities' ? (m.data.updates as OpportunityUpdate[]) : []));
    expect(new Set(updates.map((u) => `odds:${u.event_id}`))).toEqual(new Set(held));
    expect(updates.every((u) => u.action === 'gone')).toBe(true);
    expect(await redis.client.hlen(evKey)).toBe(0);
    // every price past its age: each game is next scanned again at its start, where the live rules begin
    const left = await redis.client.zrange(reviews, '0', '-1', 'WITHSCORES');
    const starts = new Map(payload.map((e) => [e.id, Date.parse(e.commence_time)]));
    expect(left.length / 2).toBe(payload.length);
    for (let i = 0; i < left.length; i += 2) expect(Number(left[i + 1])).toBe(starts.get(left[i]));
  });

  it("withdraws the opportunities of a failing feed's board once its prices pass the locked-market age", async () => {
    // the recording again, each book's prices an hour newer: every game opens again
    const at = recordedNow + 60 * 60_000;
    payload = structuredClone(recorded);
    for (const book of payload.flatMap((e) => e.bookmakers))
      book.last_update = new Date(Date.parse(book.last_update!) + 60 * 60_000).toISOString();
    now = at;
    expect(await pipeline.pollOdds({ sport: NFL, tick: 24 })).toMatchObject({ outcome: 'updated' });
    const keys = (['arbitrage', 'ev'] as const).map((kind) => redis.key(...RedisKeys.opportunities(kind, NFL)));
    const held = await Promise.all(keys.map((key) => redis.client.hkeys(key)));
    expect(held.map((fields) => fields.length > 0)).toEqual([true, true]);
    const answering = stub.handler;
    stub.handler = (req, res, url) =>
      url.pathname === `/v4/sports/${NFL}/odds`
        ? stub.json(res, 401, { message: 'API key is not valid', error_code: 'INVALID_KEY' })
        : answering(req, res, url);
    try {
      listener.clear();
      // the feed refuses the key (a failed poll), its prices still young: nothing goes
      now = at + 5 * 60_000;
      await expect(pipeline.pollOdds({ sport: NFL, tick: 25 })).rejects.toThrow('401');
      for (const [i, key] of keys.entries()) expect(await redis.client.hkeys(key)).toEqual(held[i]);
      // polls held back until the configuration changes, the prices now past 15 minutes: what they made goes
      now = at + 20 * 60_000;
      expect(await pipeline.pollOdds({ sport: NFL, tick: 26 })).toMatchObject({ outcome: 'paused' });
      for (const [i, kind] of (['arbitrage', 'ev'] as const).entries()) {
        const messages = await eventually(
          () => listener.on(kind, NFL),
          (m) => m.length >= 1,
        );
        const updates = messages.flatMap((m) =>
          m.type === 'opportunities' ? (m.data.updates as OpportunityUpdate[]) : [],
        );
        expect(updates.every((u) => u.action === 'gone')).toBe(true);
        expect(new Set(updates.map((u) => `odds:${u.event_id}`))).toEqual(new Set(held[i]));
        expect(await redis.client.hlen(keys[i])).toBe(0);
      }
    } finally {
      stub.handler = answering;
      await deleteKeysWithPrefix(redis.client, redis.key('feeds', 'backoff'));
    }
  });
});
