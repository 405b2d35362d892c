import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ODDS_POLL_SLOT_MS, QueueName, type BoardDiff, type SportBoard, type SteamAlert } from '@oddspulse/shared';
import { steamAlert } from '@oddspulse/shared/testing';
import {
  APP_CONFIG,
  AppConfig,
  deleteKeysWithPrefix,
  FeedBackoffRepository,
  JobQueueService,
  LiveStateRepository,
  parseConfig,
  RealtimePublisher,
  RedisService,
  SteamStateRepository,
  StreamLeaseRepository,
} from '@oddspulse/core';
import { RealtimeListener, eventually } from '../../../../test/support/realtime-listener';
import { StreamStub } from '../../../../test/support/stream-stub';
import { FeedGate } from '../../feeds/feed-gate';
import { FeedsSchedulerService } from '../../schedule/feeds-scheduler.service';
import { WorkersModule } from '../../workers.module';
import { OddsPipelineService } from '../odds-pipeline.service';
import { OddsStreamService } from './odds-stream.service';
import { StreamOddsProvider } from './stream-odds.provider';

// The stream fixtures are made here from OpticOdds' public docs format (test/fixtures/opticodds/README.md).
const FIXTURES = join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'opticodds');
const SPORT = 'basketball_nba';
const BOS = '20261128-BOS-NYK';
const LAL = '20261128-LAL-DEN';
const PING_MS = 150;
const REPLAY_MS = 3_000;
const RETRY_BASE_MS = 60;
const HOLD_MS = 1_000;
const BOS_ML = `${BOS}:draftkings:moneyline:boston_celtics`;

type RawOdd = Record<string, unknown> & { id: string; price: number; timestamp: number };
const american = (price: number) => (price > 0 ? 1 + price / 100 : 1 + 100 / -price);

/** The made-here snapshot, in decimal prices (the worker asks for odds_format=DECIMAL), its games starting soon. */
function snapshot() {
  const raw = JSON.parse(readFileSync(join(FIXTURES, 'snapshot-basketball_nba.json'), 'utf8')) as {
    data: Array<{ id: string; start_date: string; odds: RawOdd[] }>;
  };
  const now = Date.now() / 1000;
  for (const [i, game] of raw.data.entries()) {
    game.start_date = new Date(Date.now() + (i + 1) * 3_600_000).toISOString();
    for (const odd of game.odds) Object.assign(odd, { price: american(odd.price), timestamp: now - 60 });
  }
  return raw;
}

/** A DraftKings Celtics moneyline quote at `price` (decimal), the book's time `at` (epoch s). */
const celtics = (price: number, at = Date.now() / 1000) => ({
  id: BOS_ML,
  fixture_id: BOS,
  sportsbook: 'DraftKings',
  market: 'Moneyline',
  market_id: 'moneyline',
  name: 'Boston Celtics',
  selection: 'Boston Celtics',
  selection_line: null,
  is_main: true,
  price,
  points: null,
  grouping_key: 'default',
  deep_link: { desktop: 'https://sportsbook.draftkings.com/event/20261128-BOS-NYK' },
  limits: { max: 5000 },
  timestamp: at,
});

// Issue: the streaming provider's faults, each handled as a poll's are (spec 001 §4 §8): the board keeps its data,
// marked stale; its status names the reason; the FeedGate backs the next connection off (401 and 429 provider-wide).
describe('the odds stream (OpticOdds shape, real Redis and PostgreSQL)', () => {
  const stub = new StreamStub(PING_MS, REPLAY_MS);
  let app: INestApplicationContext;
  let config: AppConfig;
  let stream: OddsStreamService;
  let state: LiveStateRepository;
  let redis: RedisService;
  let backoffs: FeedBackoffRepository;
  let listener: RealtimeListener;

  const keep = () => stream.keep({ sport: SPORT, tick: Date.now() });
  const board = async () => (await state.board('odds', SPORT)) as SportBoard;
  const celticsPrice = (b: SportBoard) =>
    b.events
      .find((e) => e.id === BOS)
      ?.bookmakers.find((k) => k.key === 'draftkings')
      ?.markets.find((m) => m.key === 'h2h')
      ?.outcomes.find((o) => o.name === 'Boston Celtics')?.price;
  /** A connection after the `after`th is open on the stub (the worker's reconnect was answered). */
  const connected = (after: number) =>
    eventually(
      () => stub.opened,
      (n) => n > after,
    );
  /**
   * The stream's requests, the `odds.stream` job of each slot played meanwhile: a failure that is the second in a row
   * (a stall on a loaded machine before the one a case makes) holds the reconnect back and ends the session, and the
   * next slot's job starts it again once the back-off is out, as in production.
   */
  const streamRequests = () => stub.http.requests.filter((u) => u.pathname.includes('/stream/odds/'));
  const reconnecting = async () => {
    if (!stream.running().length) await keep();
    return streamRequests();
  };
  const snapshotRequests = () => stub.http.requests.filter((u) => u.pathname.endsWith('/fixtures/odds'));
  const diffs = () =>
    listener.on('odds', SPORT).filter((m) => m.type === 'board.diff') as unknown as Array<{ data: BoardDiff }>;

  /** The stream running on a fresh board at a known price, with no back-off left. */
  async function fresh(): Promise<void> {
    await stream.stop();
    await deleteKeysWithPrefix(redis.client, redis.key('feeds'));
    await state.saveBoard('odds', { sport_key: SPORT, fetched_at: new Date().toISOString(), events: [] }, null);
    stub.snapshot = snapshot();
    stub.stalled = false;
    stub.holdMs = 0;
    stub.refusals = [];
    expect(await keep()).toEqual({ sport: SPORT, outcome: expect.stringMatching(/started|running/) });
    await eventually(board, (b) => b.events.length === 2 && !b.stale_since);
    await eventually(
      () => stub.streams.length,
      (n) => n > 0,
    );
    // the snapshot's diff is heard before the case begins
    await new Promise((r) => setTimeout(r, 100));
    listener.clear();
  }

  /** The board turns stale with `reason` in its status and the stream's gate has counted the failure. */
  async function expectFailing(reason: RegExp, feed = `stream:odds:${SPORT}`) {
    const stale = await eventually(board, (b) => Boolean(b.stale_since));
    expect(stale.events.map((e) => e.id)).toEqual([BOS, LAL]);
    const status = await eventually(
      () => state.feedStatus('odds', SPORT),
      (s) => reason.test(s?.error ?? ''),
    );
    expect(status).toMatchObject({
      provider: 'stream',
      stale_since: stale.stale_since,
      error: expect.stringMatching(reason),
    });
    // failing, or (once the gate holds the next connection back) paused by its failure, as a held-back poll is
    expect(status?.state === 'stale' || (status?.state === 'paused' && status.paused_by_failure)).toBe(true);
    expect(await backoffs.get(feed)).toMatchObject({
      failures: expect.any(Number),
      reason: expect.stringMatching(reason),
    });
    const marked = await eventually(
      () => listener.on('odds', SPORT).filter((m) => m.type === 'board.status'),
      (m) => m.length > 0,
    );
    expect(marked[0].data).toMatchObject({ stale_since: stale.stale_since });
  }

  beforeAll(async () => {
    const url = await stub.start();
    const base = parseConfig(process.env);
    config = {
      ...base,
      REDIS_PREFIX: `${base.REDIS_PREFIX}:odds-stream`,
      ODDS_PROVIDER: 'stream',
      ODDS_STREAM_URL: url,
      ODDS_STREAM_PING_MS: PING_MS,
      ODDS_STREAM_REPLAY_MS: REPLAY_MS,
      ODDS_API_TIMEOUT_MS: 3000,
      FEED_REQUEST_DEADLINE_MS: 3000,
      FEED_RETRY_ATTEMPTS: 0,
      FEED_RETRY_BASE_MS: RETRY_BASE_MS,
      FEED_SPORTS: [],
    };
    const moduleRef = await Test.createTestingModule({ imports: [WorkersModule] })
      .overrideProvider(APP_CONFIG)
      .useValue(config)
      .compile();
    moduleRef.useLogger(false);
    app = await moduleRef.init();
    stream = app.get(OddsStreamService);
    state = app.get(LiveStateRepository);
    redis = app.get(RedisService);
    backoffs = app.get(FeedBackoffRepository);
    listener = new RealtimeListener(config.REDIS_URL, config.REDIS_PREFIX);
    await listener.start();
  });

  afterAll(async () => {
    await stream.stop();
    await listener.stop();
    await app.close();
    await stub.stop();
  });

  beforeEach(fresh);

  it('starts from the snapshot, then sends each message through the board for its games only, holding one lease', async () => {
    expect(celticsPrice(await board())).toBeCloseTo(american(-150), 4);
    expect(await app.get(StreamLeaseRepository).holder(SPORT)).toEqual(expect.any(String));
    // a second job while the stream runs opens no second connection
    expect(await keep()).toEqual({ sport: SPORT, outcome: 'running' });
    stub.send('odds', [celtics(1.6)]);
    const moved = await eventually(board, (b) => celticsPrice(b) === 1.6);
    expect(celticsPrice(moved)).toBe(1.6);
    const [diff] = await eventually(diffs, (d) => d.length > 0);
    // the message's game alone, never the whole board
    expect(diff.data.events.map((e) => e.id)).toEqual([BOS]);
    expect(streamRequests()).toHaveLength(1);

    // messages arriving while a batch is written make the next batch
    listener.clear();
    const at = Date.now() / 1000;
    for (let i = 1; i <= 20; i++) stub.send('odds', [celtics(1.6 + i / 100, at + i / 1000)]);
    await eventually(board, (b) => celticsPrice(b) === 1.8);
    expect(diffs().length).toBeLessThan(20);

    // a game all locked leaves the board
    const lal = stub.snapshot as { data: Array<{ id: string; odds: RawOdd[] }> };
    stub.send(
      'locked-odds',
      lal.data[1].odds.map((o) => ({ ...o, fixture_id: LAL, timestamp: Date.now() / 1000 })),
    );
    expect((await eventually(board, (b) => b.events.length === 1)).events.map((e) => e.id)).toEqual([BOS]);
  });

  it('one connection per sport across workers: another process finds the lease held and opens none', async () => {
    const other = new OddsStreamService(
      config,
      app.get(StreamLeaseRepository),
      app.get(OddsPipelineService),
      app.get(FeedGate),
      app.get(StreamOddsProvider),
      Date.now,
    );
    const opened = streamRequests().length;
    expect(await other.keep({ sport: SPORT, tick: Date.now() })).toEqual({ sport: SPORT, outcome: 'locked' });
    expect(streamRequests()).toHaveLength(opened);
    // the holder gone (its lease given up), the other takes the stream over
    await stream.stop();
    expect(await other.keep({ sport: SPORT, tick: Date.now() })).toEqual({ sport: SPORT, outcome: 'started' });
    await eventually(
      () => streamRequests().length,
      (n) => n > opened,
    );
    await other.stop();
  });

  it('the scheduler keeps one odds.stream job a slot per sport in place of its odds polls', async () => {
    const queue = app.get(JobQueueService).queue(QueueName.Feeds);
    // a sport of this case's own, so the jobs it finds are the fan-out's
    const sport = 'cricket_ipl';
    Object.assign(config, { FEED_SPORTS: [sport] });
    try {
      await app.get(FeedsSchedulerService).fanOut({ scheduledAt: 0 });
      await app.get(FeedsSchedulerService).fanOut({ scheduledAt: 0 });
      const jobs = (await queue.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed'])).filter(
        (j) => j.data.sport === sport,
      );
      const streamJobs = jobs.filter((j) => j.name === 'odds.stream');
      expect(streamJobs.length).toBeGreaterThanOrEqual(1);
      // one a slot: two fan-outs in the same slot add one job
      expect(new Set(streamJobs.map((j) => j.id)).size).toBe(new Set(streamJobs.map((j) => j.data.tick)).size);
      expect(streamJobs[0].id).toMatch(/^stream-cricket_ipl-\d+$/);
      expect(jobs.filter((j) => j.name === 'odds.poll')).toEqual([]);
    } finally {
      Object.assign(config, { FEED_SPORTS: [] });
      await stream.stop();
    }
  });

  it('a poll still writing the board when the stream starts: the snapshot waits for it, so the board is whole', async () => {
    await stream.stop();
    await state.saveBoard('odds', { sport_key: SPORT, fetched_at: new Date().toISOString(), events: [] }, null);
    const opened = stub.opened;
    await state.withFeedLock('odds', SPORT, 10_000, async () => {
      expect(await keep()).toEqual({ sport: SPORT, outcome: 'started' });
      await connected(opened);
      await new Promise((r) => setTimeout(r, 500));
      expect((await board()).events).toEqual([]);
    });
    await eventually(board, (b) => b.events.length === 2);
    stub.send('odds', [celtics(1.61)]);
    const after = await eventually(board, (b) => celticsPrice(b) === 1.61);
    expect(after.events.map((e) => e.id)).toEqual([BOS, LAL]);
  });

  it('replayed entries and older quotes change nothing', async () => {
    const id = stub.send('odds', [celtics(1.7)]);
    await eventually(board, (b) => celticsPrice(b) === 1.7);
    listener.clear();
    // the same entry again (a replay), then a newer entry carrying a quote older than the one held
    const entry = stub.log.find((e) => e.id === id)!;
    for (const res of stub.streams) res.write(`event: odds\ndata: ${entry.data}\n\n`);
    stub.send('odds', [celtics(1.5, Date.now() / 1000 - 30)]);
    stub.send('ping', {});
    await new Promise((r) => setTimeout(r, 300));
    expect(celticsPrice(await board())).toBe(1.7);
    expect(diffs()).toEqual([]);
    expect((await board()).stale_since).toBeUndefined();
  });

  it('a game new to the stream: what the stream says of it while its snapshot is read is applied after it', async () => {
    await stream.stop();
    await state.saveBoard('odds', { sport_key: SPORT, fetched_at: new Date().toISOString(), events: [] }, null);
    const [bos, lal] = snapshot().data;
    const fanduel = (name: string, price: number) => ({
      ...lal.odds[0],
      id: `${LAL}:fanduel:moneyline:${name}`,
      sportsbook: 'FanDuel',
      name,
      selection: name,
      price,
    });
    lal.odds.push(fanduel('Los Angeles Lakers', 2.9), fanduel('Denver Nuggets', 1.45));
    stub.snapshot = { data: [bos] };
    const start = new Date(Date.now() + 5 * 3_600_000).toISOString();
    const answer = stub.http.handler;
    stub.http.handler = (req, res, url) => {
      if (!url.searchParams.getAll('fixture_id').includes(LAL)) return answer(req, res, url);
      // the game's snapshot is taken now; while its answer is on its way FanDuel takes its moneyline down and the
      // start moves
      const body = { data: [structuredClone(lal)] };
      const now = Date.now() / 1000;
      const locked = lal.odds
        .filter((o) => o.sportsbook === 'FanDuel')
        .map((o) => ({ ...o, fixture_id: LAL, timestamp: now }));
      stub.send('locked-odds', locked);
      stub.send('fixture-status', { fixture_id: LAL, status: 'unplayed', start_date: start });
      setTimeout(() => stub.http.json(res, 200, body), 300);
    };
    try {
      const opened = stub.opened;
      expect(await keep()).toEqual({ sport: SPORT, outcome: 'started' });
      await connected(opened);
      await eventually(board, (b) => b.events.length === 1);
      // the game's first message: DraftKings moves the Lakers
      stub.send('odds', [{ ...lal.odds[0], fixture_id: LAL, price: 2.85, timestamp: Date.now() / 1000 }]);
      const both = await eventually(board, (b) => b.events.length === 2);
      const game = both.events.find((e) => e.id === LAL);
      expect(game?.bookmakers.map((b) => b.key)).toEqual(['draftkings']);
      expect(game?.commence_time).toBe(start);
      expect(game?.bookmakers[0].markets[0].outcomes.find((o) => o.name === 'Los Angeles Lakers')?.price).toBe(2.85);
      expect(snapshotRequests().filter((u) => u.searchParams.has('fixture_id'))).toHaveLength(1);
    } finally {
      stub.http.handler = answer;
    }
  });

  // A busy game the provider's snapshot does not give yet: its snapshot is asked for at most once a slot, not once a
  // message, and once the provider gives it the game comes on at its last price, with no further message needed
  it('a game its snapshot does not give yet is asked for once a slot, and comes on at its last price when it does', async () => {
    await stream.stop();
    await state.saveBoard('odds', { sport_key: SPORT, fetched_at: new Date().toISOString(), events: [] }, null);
    const [bos, lal] = snapshot().data;
    stub.snapshot = { data: [bos] };
    let offered = false;
    const answer = stub.http.handler;
    stub.http.handler = (req, res, url) => {
      if (!url.searchParams.getAll('fixture_id').includes(LAL)) return answer(req, res, url);
      stub.http.json(res, 200, { data: offered ? [structuredClone(lal)] : [] });
    };
    const asked = () => snapshotRequests().filter((u) => u.searchParams.getAll('fixture_id').includes(LAL)).length;
    try {
      const opened = stub.opened;
      expect(await keep()).toEqual({ sport: SPORT, outcome: 'started' });
      await connected(opened);
      await eventually(board, (b) => b.events.length === 1);
      const before = asked();
      const started = Date.now();
      // each Lakers price is followed by a Celtics one: once that is on the board, the stream read the Lakers price
      // and asked for the game if it was going to
      for (let i = 0; i < 20; i++) {
        stub.send('odds', [{ ...lal.odds[0], fixture_id: LAL, price: 2.5 + i / 100, timestamp: Date.now() / 1000 }]);
        stub.send('odds', [celtics(1.6 + i / 100)]);
        await eventually(board, (b) => celticsPrice(b) === 1.6 + i / 100);
      }
      // once a slot: one request while the 20 came, unless a loaded machine took more than a slot for them
      expect(asked() - before).toBeLessThanOrEqual(1 + Math.floor((Date.now() - started) / ODDS_POLL_SLOT_MS));
      expect((await board()).events.map((e) => e.id)).toEqual([BOS]);
      offered = true;
      const both = await eventually(board, (b) => b.events.length === 2, 3 * ODDS_POLL_SLOT_MS);
      const game = both.events.find((e) => e.id === LAL);
      // the last price, over the snapshot's own older quote (american +180, 2.8)
      expect(game?.bookmakers[0].markets[0].outcomes.find((o) => o.name === 'Los Angeles Lakers')?.price).toBe(2.69);
    } finally {
      stub.http.handler = answer;
    }
  });

  it('a stream that accepts and drops at once backs off; one that lives a few pings clears the back-off', async () => {
    const feed = `stream:odds:${SPORT}`;
    const opened = streamRequests().length;
    // every connection is answered, then closed by the server
    stub.refusals = Array.from({ length: 100 }, () => (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('event: connected\ndata: {"message":"connected"}\n\n');
    });
    stub.drop();
    // the drops count in a row: from the second the gate holds the next connection back, and the session ends
    await eventually(
      () => stream.running(),
      (r) => r.length === 0,
    );
    await new Promise((r) => setTimeout(r, 4 * RETRY_BASE_MS));
    expect(streamRequests().length - opened).toBeLessThan(6);
    const held = await backoffs.get(feed);
    expect(held).toMatchObject({ failures: expect.any(Number), reason: expect.stringMatching(/Stream dropped/) });
    expect(held!.failures).toBeGreaterThanOrEqual(2);
    expect(held!.until).toEqual(expect.any(Number));
    // the next slot after the wait: a connection that lives past a few pings has proven itself
    stub.refusals = [];
    await new Promise((r) => setTimeout(r, Math.max(0, held!.until! - Date.now())));
    const streamsBefore = stub.opened;
    const asked = Date.now();
    expect(await keep()).toEqual({ sport: SPORT, outcome: 'started' });
    await connected(streamsBefore);
    expect(
      await eventually(
        () => backoffs.get(feed),
        (b) => b === null,
      ),
    ).toBeNull();
    // cleared once the connection lived three pings, not when it was let in
    expect(Date.now() - asked).toBeGreaterThanOrEqual(3 * PING_MS);
  });

  it("a quiet stream still runs the clock's reviews: a steam alert past its 30 minutes expires, the feed stays current", async () => {
    const steam = app.get(SteamStateRepository);
    const bos = (await board()).events.find((e) => e.id === BOS)!;
    // its 30 minutes end in 2 s, after the stream's last batch
    const ends = Date.now() + 2_000;
    const alert = steamAlert({
      id: `steam:${BOS}:h2h:Boston%20Celtics:pinnacle:1`,
      eventId: BOS,
      sport: SPORT,
      commenceTime: bos.commence_time,
      timeFound: new Date(ends - 30 * 60_000).toISOString(),
    });
    await app
      .get(RealtimePublisher)
      .publishWith(
        { channel: 'steam', key: SPORT, at: alert.timeFound, type: 'steam:alert', data: { alert } },
        steam.alertWrites(alert, 'raised'),
      );
    // pings only: no message moves a price
    expect(
      await eventually(
        () => steam.alerts(SPORT),
        (a) => a.length === 0,
      ),
    ).toEqual([]);
    // its message comes to the listener's own connection, which may hear it after the probe above read the alert gone
    const heard = await eventually(
      () => listener.on('steam', SPORT).filter((m) => m.type === 'steam:expired'),
      (m) => m.length > 0,
    );
    const [expired] = heard.map((m) => (m.data as { alert: SteamAlert }).alert);
    expect(expired).toMatchObject({ id: alert.id, status: 'expired', expiry: 'timed_out' });
    expect(Date.parse(expired.expiredAt!)).toBeGreaterThanOrEqual(ends);
    // the batch that expired it is the feed's success too, recorded once its writes are published
    const status = await eventually(
      () => state.feedStatus('odds', SPORT),
      (s) => Date.parse(s?.last_success_at ?? '') >= ends,
    );
    expect(status).toMatchObject({ state: 'ok', stale_since: null });
    expect(Date.parse(status!.last_success_at!)).toBeGreaterThanOrEqual(ends);
    // and they keep coming at least as often as a live game's poll (a reconnect after a stall of a loaded machine
    // writes one sooner)
    const next = (after: string | null | undefined) =>
      eventually(
        () => state.feedStatus('odds', SPORT),
        (s) => s?.last_success_at !== after,
        3 * ODDS_POLL_SLOT_MS,
      );
    const first = await next(status!.last_success_at);
    const second = await next(first!.last_success_at);
    const gap = Date.parse(second!.last_success_at!) - Date.parse(first!.last_success_at!);
    expect(gap).toBeLessThan(1.5 * ODDS_POLL_SLOT_MS);
  });

  it('drop: the board is kept and marked stale, and the reconnect resumes after the last entry within the window', async () => {
    const last = stub.send('odds', [celtics(1.65)]);
    await eventually(board, (b) => celticsPrice(b) === 1.65);
    const snapshots = snapshotRequests().length;
    // the reconnect is answered a second later, so the outage can be seen
    stub.holdMs = HOLD_MS;
    stub.drop();
    await expectFailing(/Stream dropped/);
    stub.holdMs = 0;
    // a change made while the worker was away is replayed on the resumed connection
    const resumedUrl = await eventually(
      async () => (await reconnecting()).at(-1),
      (u) => u?.searchParams.get('last_entry_id') === last,
    );
    expect(resumedUrl?.searchParams.get('last_entry_id')).toBe(last);
    stub.send('odds', [celtics(1.55)]);
    const recovered = await eventually(board, (b) => celticsPrice(b) === 1.55 && !b.stale_since);
    expect(recovered.stale_since).toBeUndefined();
    expect(snapshotRequests()).toHaveLength(snapshots);
    const ok = await eventually(
      () => state.feedStatus('odds', SPORT),
      (s) => s?.state === 'ok',
    );
    expect(ok).toMatchObject({ state: 'ok', stale_since: null });
  });

  it('a gap past the replay window resyncs from the snapshot, so nothing is lost', async () => {
    stub.send('odds', [celtics(1.62)]);
    await eventually(board, (b) => celticsPrice(b) === 1.62);
    // the stream refuses every reconnect: the gate holds it back and the session ends
    stub.refusals = Array.from({ length: 50 }, () => (res) => void res.writeHead(503).end());
    stub.drop();
    await expectFailing(/Stream dropped|HTTP 503/);
    await eventually(
      () => stream.running(),
      (r) => r.length === 0,
    );
    // meanwhile the market moved, past the replay window: only the snapshot has it
    const moved = snapshot();
    moved.data[0].odds[0].price = 1.59;
    stub.snapshot = moved;
    await new Promise((r) => setTimeout(r, REPLAY_MS));
    stub.refusals = [];
    await deleteKeysWithPrefix(redis.client, redis.key('feeds', 'backoff'));
    const snapshots = snapshotRequests().length;
    expect(await keep()).toEqual({ sport: SPORT, outcome: 'started' });
    const resynced = await eventually(board, (b) => celticsPrice(b) === 1.59 && !b.stale_since);
    expect(celticsPrice(resynced)).toBe(1.59);
    expect(snapshotRequests().length).toBe(snapshots + 1);
    expect(streamRequests().at(-1)?.searchParams.has('last_entry_id')).toBe(false);
  });

  it('stall: no ping for twice its interval closes the stream, marks the board stale, and reconnects', async () => {
    const opened = streamRequests().length;
    const streamsBefore = stub.opened;
    stub.stalled = true;
    stub.holdMs = HOLD_MS;
    await expectFailing(/Stream stalled: no ping for 0.3 s/);
    stub.stalled = false;
    stub.holdMs = 0;
    await eventually(reconnecting, (r) => r.length > opened);
    await connected(streamsBefore);
    stub.send('odds', [celtics(1.58)]);
    const back = await eventually(board, (b) => celticsPrice(b) === 1.58 && !b.stale_since);
    expect([celticsPrice(back), back.stale_since]).toEqual([1.58, undefined]);
  });

  it('401: the board is kept, marked stale, and the provider is not asked again until the configuration changes', async () => {
    stub.refusals = [(res) => stub.http.json(res, 401, { message: 'Invalid API key' })];
    stub.drop();
    await expectFailing(/Unauthorized \(401/, 'stream');
    expect(await backoffs.get('stream')).toMatchObject({ halted_for: expect.any(String) });
    await eventually(
      () => stream.running(),
      (r) => r.length === 0,
    );
    const before = streamRequests().length;
    await keep();
    const paused = await eventually(
      () => state.feedStatus('odds', SPORT),
      (s) => s?.state === 'paused',
    );
    expect(paused).toMatchObject({ paused_by_failure: true, paused_reason: expect.stringContaining('configuration') });
    expect(streamRequests()).toHaveLength(before);
    // a new key is a new configuration: the halt holds back the old one only
    const connect = async () => 'connected';
    await expect(app.get(FeedGate).call('stream', 'odds', SPORT, connect)).rejects.toThrow('configuration changes');
    const rekeyed = new FeedGate(backoffs, { ...config, ODDS_STREAM_KEY: 'a-new-key' }, Date.now);
    expect(await rekeyed.call('stream', 'odds', SPORT, connect)).toBe('connected');
  });

  it('429: the provider waits out Retry-After, then the stream comes back', async () => {
    stub.refusals = [(res) => stub.http.json(res, 429, { message: 'slow down' }, { 'retry-after': '1' })];
    stub.drop();
    await expectFailing(/Too Many Requests \(429\)/, 'stream');
    const held = await backoffs.get('stream');
    expect(held?.until).toBeGreaterThan(Date.now());
    await eventually(
      () => stream.running(),
      (r) => r.length === 0,
    );
    const before = streamRequests().length;
    await keep();
    expect(streamRequests()).toHaveLength(before);
    await new Promise((r) => setTimeout(r, Math.max(0, held!.until! - Date.now())));
    const streamsBefore = stub.opened;
    expect(await keep()).toEqual({ sport: SPORT, outcome: 'started' });
    await connected(streamsBefore);
    stub.send('odds', [celtics(1.57)]);
    const back = await eventually(board, (b) => celticsPrice(b) === 1.57 && !b.stale_since);
    expect([celticsPrice(back), back.stale_since]).toEqual([1.57, undefined]);
  });

  it('junk: refused whole (nothing of it reaches the board), the board marked stale, and the stream reconnects', async () => {
    const opened = streamRequests().length;
    const streamsBefore = stub.opened;
    stub.holdMs = HOLD_MS;
    // written, not logged: a replay would send it again
    const junk = {
      entry_id: `${Date.now()}-0`,
      type: 'odds',
      data: [celtics(1.4), { ...celtics(2), id: 'x', price: null }],
    };
    stub.raw(`event: odds\ndata: ${JSON.stringify(junk)}\n\n`);
    await expectFailing(/Stream sent junk/);
    stub.holdMs = 0;
    expect(celticsPrice(await board())).toBeCloseTo(american(-150), 4);
    await eventually(reconnecting, (r) => r.length > opened);
    await connected(streamsBefore);
    await eventually(board, (b) => !b.stale_since);
    listener.clear();
    stub.holdMs = HOLD_MS;
    stub.raw('event: odds\ndata: <html>502 Bad Gateway</html>\n\n');
    await expectFailing(/^Stream sent junk: odds data is not JSON$/);
    expect(celticsPrice(await board())).toBeCloseTo(american(-150), 4);
  });
});
