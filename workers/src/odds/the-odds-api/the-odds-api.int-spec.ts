import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { ServerResponse } from 'node:http';
import { americanToDecimal, JobName, payoutCents, SportBoard } from '@oddspulse/shared';
import {
  APP_CONFIG,
  AppConfig,
  parseConfig,
  deleteKeysWithPrefix,
  FeedBackoffRepository,
  JobQueueService,
  OddsApiAccountRepository,
  RealtimePublisher,
  RedisService,
  RedisKeys,
  LiveStateRepository,
} from '@oddspulse/core';
import { finalGame } from '../../../../test/support/fixture-boards';
import { HttpStub } from '../../../../test/support/http-stub';
import { RealtimeListener, eventually } from '../../../../test/support/realtime-listener';
import { WorkersModule } from '../../workers.module';
import { OddsPipelineService } from '../odds-pipeline.service';

const FIXTURES = join(__dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
type RawEvent = {
  id: string;
  sport_key: string;
  commence_time: string;
  home_team: string;
  away_team: string;
  bookmakers: Array<{ key: string; markets: Array<{ outcomes: Array<{ price: number }> }> }>;
};
const BOARD = JSON.parse(
  readFileSync(join(FIXTURES, 'v4_odds_upcoming_us_h2h_american_inplay_2024-03-27.json'), 'utf8'),
) as RawEvent[];
const ERRORS = JSON.parse(readFileSync(join(FIXTURES, 'v4_errors-and-usage-headers_observed.json'), 'utf8')) as {
  observed_errors: Array<{ status: number; error_code: string; body: unknown }>;
};
const SPORTS = JSON.parse(readFileSync(join(FIXTURES, 'v4_sports_2024-03-27.json'), 'utf8')) as unknown[];
const errorBody = (code: string) => ERRORS.observed_errors.find((e) => e.error_code === code)!.body;
const SPORT = 'basketball_nba';
const RETRY_BASE_MS = 60;

type Reply = (res: ServerResponse, url: URL) => void;

/**
 * The US books' recorded American prices as The Odds API sends them in the format asked: in decimal, each rounded to
 * 2 places (as v4_odds_upcoming_us_h2h_decimal_inplay_2025-03-11.json has all of its 1,037), a price of 0 left 0.
 */
function inFormatAsked(events: readonly unknown[], url: URL): unknown[] {
  if (url.searchParams.get('oddsFormat') === 'american') return [...events];
  const sent = structuredClone(events) as RawEvent[];
  for (const book of sent.flatMap((e) => e.bookmakers))
    for (const outcome of book.markets.flatMap((m) => m.outcomes))
      if (outcome.price !== 0) outcome.price = Math.round(americanToDecimal(outcome.price) * 100) / 100;
  return sent;
}

// spec 001 §4 §8 §9: 401, 422, 429 with Retry-After, 500, a time-out and an HTML body leave the
// worker alive, retrying per spec (Retry-After, else 5 s doubling — here a 60 ms base — 3 retries, 15 s
// time-out — here 300 ms), and the board keeps its last data, marked stale.
describe('The Odds API failures (real Redis and PostgreSQL)', () => {
  const stub = new HttpStub();
  let replies: Reply[] = [];
  let app: INestApplicationContext;
  let config: AppConfig;
  let pipeline: OddsPipelineService;
  let redis: RedisService;
  let state: LiveStateRepository;
  let listener: RealtimeListener;
  /** The Odds API's answer of `events` in the format asked. */
  const answer =
    (events: readonly unknown[], headers: Record<string, string> = {}): Reply =>
    (res, url) =>
      stub.json(res, 200, inFormatAsked(events, url), headers);
  const ok: Reply = answer(
    BOARD.filter((e) => e.sport_key === SPORT),
    { 'x-requests-remaining': '900', 'x-requests-used': '100', 'x-requests-last': '3' },
  );
  const poll = () => pipeline.pollOdds({ sport: SPORT, tick: Date.now() });
  const requestsDuring = async (run: () => Promise<unknown>) => {
    const before = stub.requests.length;
    const started = Date.now();
    const outcome = await run().then(
      (value) => ({ value, error: undefined as Error | undefined }),
      (error: Error) => ({ value: undefined, error }),
    );
    return { ...outcome, requests: stub.requests.length - before, ms: Date.now() - started };
  };

  beforeAll(async () => {
    const url = await stub.start();
    stub.handler = (_req, res, reqUrl) =>
      reqUrl.pathname === '/v4/sports' ? stub.json(res, 200, SPORTS) : (replies.shift() ?? ok)(res, reqUrl);
    const base = parseConfig(process.env);
    config = {
      ...base,
      REDIS_PREFIX: `${base.REDIS_PREFIX}:odds-api-errors`,
      ODDS_PROVIDER: 'theoddsapi',
      ODDS_API_KEY: 'test-key',
      ODDS_API_BASE_URL: url,
      ODDS_API_TIMEOUT_MS: 300,
      FEED_REQUEST_DEADLINE_MS: 1200,
      FEED_RETRY_BASE_MS: RETRY_BASE_MS,
      ODDS_API_CREDIT_RESERVE: 50,
      ODDS_API_PRIORITY_SPORTS: [],
      FEED_SPORTS: [],
    };
    const moduleRef = await Test.createTestingModule({ imports: [WorkersModule] })
      .overrideProvider(APP_CONFIG)
      .useValue(config)
      .compile();
    moduleRef.useLogger(false);
    app = await moduleRef.init();
    pipeline = app.get(OddsPipelineService);
    redis = app.get(RedisService);
    state = app.get(LiveStateRepository);
    listener = new RealtimeListener(config.REDIS_URL, config.REDIS_PREFIX);
    await listener.start();
    await poll();
  });

  afterAll(async () => {
    await listener.stop();
    await app.close();
    await stub.stop();
  });

  beforeEach(async () => {
    replies = [];
    // Each case starts with no back-off left by the one before.
    await deleteKeysWithPrefix(redis.client, redis.key('feeds', 'backoff'));
    // Each case starts from a fresh, healthy board.
    await poll();
    listener.clear();
  });

  it('401 INVALID_KEY: not retried; the board keeps its data, marked stale, and says so once', async () => {
    replies = [(res) => stub.json(res, 401, errorBody('INVALID_KEY'))];
    const before = (await state.board('odds', SPORT))!;
    const { error, requests } = await requestsDuring(poll);
    expect(requests).toBe(1);
    expect(error?.message).toContain('Unauthorized (401 INVALID_KEY)');
    expect(error?.message).not.toContain('test-key');
    const board = (await state.board('odds', SPORT)) as SportBoard;
    expect(board.events).toEqual(before.events);
    expect(board.stale_since).toBeDefined();
    expect(await state.feedStatus('odds', SPORT)).toMatchObject({
      state: 'stale',
      stale_since: board.stale_since,
      error: expect.stringContaining('401'),
    });
    const status = await eventually(
      () => listener.on('odds', SPORT),
      (m) => m.length > 0,
    );
    expect(status).toEqual([
      expect.objectContaining({
        type: 'board.status',
        data: expect.objectContaining({ stale_since: board.stale_since }),
      }),
    ]);

    // The same key gets the same answer, so it is not asked again until the configuration changes
    const held = await requestsDuring(poll);
    expect(held.requests).toBe(0);
    expect(held.value).toMatchObject({ outcome: 'paused' });
    expect(await state.feedStatus('odds', SPORT)).toMatchObject({
      state: 'paused',
      stale_since: board.stale_since,
      paused_reason: expect.stringContaining('configuration'),
      // held back because it fails, not on purpose: health names it (its last failure stays its error)
      paused_by_failure: true,
      error: expect.stringContaining('401'),
    });
    // a halt written under another configuration (the key before this one) does not hold this one back
    const backoffs = app.get(FeedBackoffRepository);
    await backoffs.save('theoddsapi', { ...(await backoffs.get('theoddsapi'))!, halted_for: 'an-earlier-key' });

    // The next successful poll clears the stale mark and says so.
    await poll();
    expect((await state.board('odds', SPORT))!.stale_since).toBeUndefined();
    expect(await state.feedStatus('odds', SPORT)).toMatchObject({ state: 'ok', stale_since: null });
  });

  it('401 OUT_OF_USAGE_CREDITS: not retried; the balance is spent, so the sport is paused without asking again', async () => {
    replies = [(res) => stub.json(res, 401, errorBody('OUT_OF_USAGE_CREDITS'))];
    expect((await requestsDuring(poll)).requests).toBe(1);
    expect(await redis.client.hget(redis.key(...RedisKeys.oddsApiCredits), 'remaining')).toBe('0');
    // Every balance reported is a reading of the burn rate, the spent one included
    const readings = await app.get(OddsApiAccountRepository).creditSamples(0);
    expect(readings.map((r) => r.remaining)).toContain(900);
    expect(readings.at(-1)).toMatchObject({ remaining: 0, at: expect.any(Number) });
    const paused = await requestsDuring(poll);
    expect(paused.requests).toBe(0);
    expect(paused.value).toMatchObject({ outcome: 'paused' });
    expect(await state.feedStatus('odds', SPORT)).toMatchObject({
      state: 'paused',
      paused_reason: expect.stringContaining('0 credits left'),
    });
    await redis.client.hset(redis.key(...RedisKeys.oddsApiCredits), 'remaining', '1000');
  });

  it('pauses a low-priority sport below the credit reserve', async () => {
    await redis.client.hset(redis.key(...RedisKeys.oddsApiCredits), 'remaining', '40');
    const paused = await requestsDuring(poll);
    expect(paused.requests).toBe(0);
    expect(await state.feedStatus('odds', SPORT)).toMatchObject({
      state: 'paused',
      paused_reason: '40 credits left, below the reserve of 50: low-priority sport paused',
    });
    await redis.client.hset(redis.key(...RedisKeys.oddsApiCredits), 'remaining', '1000');
  });

  // spec 001 §9: a live game is polled on its own schedule by id, at a whole-sport call's price, and below the reserve
  // the credits still go to it
  it('polls some events by id (eventIds), keeps the rest of the board, and pays for them below the reserve', async () => {
    const nba = BOARD.filter((e) => e.sport_key === SPORT);
    const [live, other] = [nba[0], nba[1]];
    const before = (await state.board('odds', SPORT))!;
    await redis.client.hset(redis.key(...RedisKeys.oddsApiCredits), 'remaining', '40');
    // The feed answers the asked event only, and no longer lists it with a bookmaker it had.
    const answered = { ...live, bookmakers: [] };
    replies = [
      answer([answered], {
        'x-requests-remaining': '37',
        'x-requests-used': '963',
        'x-requests-last': '3',
      }),
    ];
    const { value, requests } = await requestsDuring(() =>
      pipeline.pollOdds({ sport: SPORT, tick: Date.now(), eventIds: [live.id] }),
    );
    expect(requests).toBe(1);
    const asked = stub.requests[stub.requests.length - 1];
    expect(asked.pathname).toBe(`/v4/sports/${SPORT}/odds`);
    expect(asked.searchParams.get('eventIds')).toBe(live.id);
    expect(value).toMatchObject({ outcome: 'updated', changedEvents: 1 });
    const after = (await state.board('odds', SPORT))!;
    expect(after.events.map((e) => e.id)).toEqual(before.events.map((e) => e.id));
    expect(after.events.find((e) => e.id === live.id)?.bookmakers).toEqual([]);
    expect(after.events.find((e) => e.id === other.id)).toEqual(before.events.find((e) => e.id === other.id));
    await redis.client.hset(redis.key(...RedisKeys.oddsApiCredits), 'remaining', '1000');
  });

  it('takes a game sent as before as the board holds it, and marks it final once its scoreboard says so', async () => {
    const [game] = BOARD.filter((e) => e.sport_key === SPORT);
    // the same answer as the poll before this case: nothing to write but the stamp
    expect(await poll()).toMatchObject({ outcome: 'unchanged', changedEvents: 0 });
    const final = finalGame({
      id: 'espn-1',
      event_id: game.id,
      sport_key: SPORT,
      league: 'NBA',
      commence_time: game.commence_time,
      home_team: game.home_team,
      away_team: game.away_team,
      source: 'espn',
    });
    await state.saveScoreboard({ sport_key: SPORT, fetched_at: new Date().toISOString(), games: [final] });
    try {
      await poll();
      const board = (await state.board('odds', SPORT))!;
      expect(board.events.find((e) => e.id === game.id)?.completed).toBe(true);
      expect(board.events.filter((e) => e.completed)).toHaveLength(1);
    } finally {
      await redis.client.del(redis.key(...RedisKeys.scoreboard(SPORT)));
    }
    // the scoreboard no longer says so: the game is open again, from the same text
    await poll();
    expect((await state.board('odds', SPORT))!.events.find((e) => e.id === game.id)?.completed).toBeUndefined();
  });

  // DECISIONS 25: a $100 bet at −110 pays $190.91, as the books pay it; asked for decimal, the API rounds a US book's
  // −110 to 1.91, which pays $191.00 (and makes −108/+108 across two books an arbitrage)
  it("asks for the US books' prices in American, as they quote them: −110 arrives as 1.9090…, paying $190.91 on $100", async () => {
    const sent = structuredClone(BOARD.filter((e) => e.sport_key === SPORT));
    // DraftKings' Dallas Mavericks, recorded at −108, now at −110
    const game = sent.find((e) =>
      e.bookmakers.some((b) => b.key === 'draftkings' && b.markets[0].outcomes[0].price === -108),
    )!;
    const book = game.bookmakers.find((b) => b.key === 'draftkings')!;
    book.markets[0].outcomes[0].price = -110;
    replies = [answer(sent)];
    await poll();
    expect(stub.requests.at(-1)!.searchParams.get('oddsFormat')).toBe('american');
    const stored = (await state.board('odds', SPORT))!.events.find((e) => e.id === game.id)!;
    const price = stored.bookmakers.find((b) => b.key === 'draftkings')!.markets[0].outcomes[0].price;
    expect(price).toBe(1 + 100 / 110);
    expect(payoutCents(10_000, price)).toBe(19_091);
  });

  it('reads a moved game book by book: a book sent as before is not parsed again, the one that moved is stored', async () => {
    const sent = structuredClone(BOARD.filter((e) => e.sport_key === SPORT));
    // a game whose every book has a price (a book with none makes no book, and is read again each time it is sent)
    const game = sent.find(
      (e) =>
        e.bookmakers.length >= 2 &&
        e.bookmakers.every((b) => b.markets.every((m) => m.outcomes.every((o) => Math.abs(o.price) >= 100))),
    )!;
    const outcome = game.bookmakers[0].markets[0].outcomes[0];
    outcome.price += outcome.price > 0 ? 5 : -5;
    replies = [answer(sent)];
    const parse = jest.spyOn(JSON, 'parse');
    let parsed: unknown[];
    try {
      expect(await poll()).toMatchObject({ outcome: 'updated', changedEvents: 1 });
      parsed = parse.mock.calls.map(([text]) => text);
    } finally {
      parse.mockRestore();
    }
    expect(parsed).toContain(JSON.stringify(game.bookmakers[0]));
    for (const book of game.bookmakers.slice(1)) expect(parsed).not.toContain(JSON.stringify(book));
    const stored = (await state.board('odds', SPORT))!.events.find((e) => e.id === game.id)!;
    expect(stored.bookmakers[0].markets[0].outcomes[0].price).toBe(americanToDecimal(outcome.price));
    expect(stored.bookmakers.length).toBe(game.bookmakers.length);
  });

  it('keeps the board as it was, not stale, when a poll by id finds none of its events', async () => {
    const [live] = BOARD.filter((e) => e.sport_key === SPORT);
    const before = (await state.board('odds', SPORT))!;
    replies = [
      (res) =>
        stub.json(res, 200, [], { 'x-requests-remaining': '997', 'x-requests-used': '3', 'x-requests-last': '3' }),
    ];
    const { value } = await requestsDuring(() =>
      pipeline.pollOdds({ sport: SPORT, tick: Date.now(), eventIds: [live.id] }),
    );
    expect(value).toMatchObject({ outcome: 'unchanged', changedEvents: 0 });
    const after = (await state.board('odds', SPORT))!;
    expect(after.events).toEqual(before.events);
    expect(after.stale_since ?? null).toBeNull();
    expect((await state.feedStatus('odds', SPORT))?.state).not.toBe('stale');
  });

  it('does not poll a sport out of season (GET /v4/sports, recorded in March: no NFL)', async () => {
    const paused = await requestsDuring(() => pipeline.pollOdds({ sport: 'americanfootball_nfl', tick: 0 }));
    expect(paused.requests).toBe(0);
    expect(paused.value).toMatchObject({ outcome: 'paused' });
    expect(await state.feedStatus('odds', 'americanfootball_nfl')).toMatchObject({
      state: 'paused',
      paused_reason: 'americanfootball_nfl is not in season on The Odds API',
    });
  });

  it('422: not retried, with the API code in the error, and not asked again until the configuration changes', async () => {
    replies = [(res) => stub.json(res, 422, errorBody('MISSING_REGION'))];
    const { error, requests } = await requestsDuring(poll);
    expect(requests).toBe(1);
    expect(error?.message).toContain('MISSING_REGION');
    const held = await requestsDuring(poll);
    expect(held.requests).toBe(0);
    expect(held.value).toMatchObject({ outcome: 'paused' });
  });

  // A 429 whose Retry-After is longer than a poll may wait holds every poll of the feed back until then
  it('429 with a long Retry-After: no request until it has passed', async () => {
    replies = [
      (res) =>
        stub.json(res, 429, { message: 'Rate limited', error_code: 'EXCEEDED_FREQ_LIMIT' }, { 'retry-after': '3600' }),
    ];
    const first = await requestsDuring(poll);
    expect(first.requests).toBe(1);
    expect(first.error?.message).toContain('429');
    const held = await requestsDuring(poll);
    expect(held.requests).toBe(0);
    expect(held.value).toMatchObject({ outcome: 'paused' });
    const backoff = await app.get(FeedBackoffRepository).get('theoddsapi');
    expect(backoff!.until! - Date.now()).toBeGreaterThan(3_500_000);
  });

  // A 200 that cannot be right does not replace the board
  it.each([
    ['an empty list', []],
    ['mostly junk entries', [{ id: 'x' }, { nonsense: true }, 42]],
  ])('refuses %s for a board with games: the last board is kept, marked stale', async (_, body) => {
    // the recorded games, due tomorrow: games not started cannot all drop off at once
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    replies = [answer(BOARD.filter((e) => e.sport_key === SPORT).map((e) => ({ ...e, commence_time: tomorrow })))];
    await poll();
    const before = (await state.board('odds', SPORT))!;
    expect(before.events.length).toBeGreaterThan(0);
    replies = [(res) => stub.json(res, 200, body)];
    const { error } = await requestsDuring(poll);
    expect(error?.message).toContain('Implausible answer');
    const board = (await state.board('odds', SPORT))!;
    expect(board.events).toEqual(before.events);
    expect(board.stale_since).toBeDefined();
    expect(await state.feedStatus('odds', SPORT)).toMatchObject({
      state: 'stale',
      error: expect.stringContaining('Implausible answer'),
    });
  });

  // An empty answer for a board with games is a failure like a 500 (the feed plausibility rule; spec 001 §8 lets an
  // empty list stand only as "no games", and games not started do not all vanish at once): it backs the feed off,
  // doubling, where it was polled at the scheduler's cadence however long it lasted. Logged once, as a warning.
  it('backs off from repeated empty answers for a board with games, and warns once per change of reason', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    replies = [answer(BOARD.filter((e) => e.sport_key === SPORT).map((e) => ({ ...e, commence_time: tomorrow })))];
    await poll();
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const error = jest.spyOn(Logger.prototype, 'error');
    try {
      const empty: Reply = (res) => stub.json(res, 200, []);
      replies = Array.from({ length: 10 }, () => empty);
      const backoffs = app.get(FeedBackoffRepository);
      const failed = async () => {
        const started = Date.now();
        expect((await requestsDuring(poll)).requests).toBe(1);
        const backoff = (await backoffs.get(`theoddsapi:odds:${SPORT}`))!;
        expect(backoff.reason).toContain('Implausible answer: no events');
        return { ...backoff, waitMs: backoff.until === null ? null : backoff.until - started };
      };
      // The first failure may be a blip: no wait. From the second in a row the feed waits RETRY_BASE_MS, doubling.
      expect(await failed()).toMatchObject({ failures: 1, waitMs: null });
      const second = await failed();
      expect(second.failures).toBe(2);
      expect(second.waitMs).toBeGreaterThanOrEqual(RETRY_BASE_MS);
      await new Promise((r) => setTimeout(r, Math.max(0, second.until! - Date.now()) + 5));
      const third = await failed();
      expect(third.failures).toBe(3);
      expect(third.waitMs).toBeGreaterThanOrEqual(2 * RETRY_BASE_MS);
      // While it waits no request is made, and the feed is paused because it fails, its last failure its error.
      await backoffs.save(`theoddsapi:odds:${SPORT}`, { ...third, until: Date.now() + 60_000 });
      const held = await requestsDuring(poll);
      expect(held.requests).toBe(0);
      expect(held.value).toMatchObject({ outcome: 'paused' });
      expect(await state.feedStatus('odds', SPORT)).toMatchObject({
        state: 'paused',
        paused_by_failure: true,
        error: expect.stringContaining('Implausible'),
      });
      // The sport's props are another endpoint of the feed: its odds' failures do not hold them back.
      replies = [];
      const props = await requestsDuring(() => pipeline.pollProps({ sport: SPORT, tick: Date.now() }));
      expect(props.requests).toBeGreaterThan(0);
      expect(await backoffs.get(`theoddsapi:odds:${SPORT}`)).toMatchObject({ failures: 3 });
      // Three failed polls and a held one of the same reason: one warning with it, no error.
      const failing = warn.mock.calls.filter(
        ([, message]) => typeof message === 'string' && message.includes('feed failing'),
      );
      expect(failing).toEqual([
        [
          expect.objectContaining({ reason: expect.stringContaining('Implausible answer') }),
          expect.stringContaining(`odds ${SPORT}: feed failing`),
        ],
      ]);
      expect(error).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });

  // The stale mark was saved before browsers were told, so a worker dying in between left the board
  // marked and every later failing poll silent (it announces only a board turning stale): browsers never heard. Now
  // the mark and its message are one step.
  it('a worker dying as a feed turns stale: the next failing poll still tells browsers', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    replies = [answer(BOARD.filter((e) => e.sport_key === SPORT).map((e) => ({ ...e, commence_time: tomorrow })))];
    await poll();
    listener.clear();
    const publisher = app.get(RealtimePublisher);
    const killed = jest.spyOn(publisher, 'publishWith').mockRejectedValueOnce(new Error('worker killed'));
    replies = [(res) => stub.json(res, 200, [])];
    expect((await requestsDuring(poll)).error?.message).toBe('worker killed');
    killed.mockRestore();
    expect((await state.board('odds', SPORT))!.stale_since).toBeUndefined();

    await deleteKeysWithPrefix(redis.client, redis.key('feeds', 'backoff'));
    replies = [(res) => stub.json(res, 200, [])];
    expect((await requestsDuring(poll)).error?.message).toContain('Implausible answer');
    const board = (await state.board('odds', SPORT))!;
    expect(board.stale_since).toBeDefined();
    const status = await eventually(
      () => listener.on('odds', SPORT),
      (m) => m.length > 0,
    );
    expect(status).toEqual([
      expect.objectContaining({
        type: 'board.status',
        data: expect.objectContaining({ stale_since: board.stale_since }),
      }),
    ]);
  });

  // A feed that never answers holds a poll at most FEED_REQUEST_DEADLINE_MS, retries included
  it('a hanging feed: the poll gives up by the request deadline', async () => {
    replies = Array.from({ length: 4 }, () => () => undefined);
    const { error, ms } = await requestsDuring(poll);
    expect(error?.message).toContain('timed out');
    expect(ms).toBeLessThan(1400);
  });

  it('429 with Retry-After: waits what the server asked, then succeeds', async () => {
    replies = [
      (res) =>
        stub.json(res, 429, { message: 'Rate limited', error_code: 'EXCEEDED_FREQ_LIMIT' }, { 'retry-after': '1' }),
    ];
    const { value, requests, ms } = await requestsDuring(poll);
    expect(requests).toBe(2);
    expect(ms).toBeGreaterThanOrEqual(1000);
    expect(value).toMatchObject({ outcome: expect.stringMatching(/updated|unchanged/) });
  });

  it('500: retried 3 times, 60, 120 then 240 ms apart, then the board goes stale', async () => {
    replies = Array.from(
      { length: 4 },
      () => (res: ServerResponse) => stub.json(res, 500, { message: 'Internal error' }),
    );
    const { error, requests, ms } = await requestsDuring(poll);
    expect(requests).toBe(4);
    expect(ms).toBeGreaterThanOrEqual(RETRY_BASE_MS * (1 + 2 + 4));
    expect(error?.message).toContain('HTTP 500');
    expect((await state.board('odds', SPORT))!.stale_since).toBeDefined();
  });

  it('a time-out: retried, and the next answer is used', async () => {
    replies = [() => undefined];
    const { value, requests, ms } = await requestsDuring(poll);
    expect(requests).toBe(2);
    expect(ms).toBeGreaterThanOrEqual(300 + RETRY_BASE_MS);
    expect(value).toMatchObject({ outcome: expect.stringMatching(/updated|unchanged/) });
  });

  it('an HTML body: retried, then reported as HTML instead of JSON', async () => {
    replies = Array.from(
      { length: 4 },
      () => (res: ServerResponse) =>
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>'),
    );
    const { error, requests } = await requestsDuring(poll);
    expect(requests).toBe(4);
    expect(error?.message).toContain('Server returned HTML instead of JSON');
  });

  it('through the queue: a failing poll fails its job once (kept for inspection) and the worker runs the next', async () => {
    const jobs = app.get(JobQueueService);
    replies = [(res) => stub.json(res, 401, errorBody('INVALID_KEY'))];
    // ticks of now: a poll job past its cadence would complete without polling
    const failing = await jobs.add(
      JobName.OddsPoll,
      { sport: SPORT, tick: Date.now() },
      { jobId: `odds-${SPORT}-test-1` },
    );
    const queue = jobs.queue(jobs.queueOf(JobName.OddsPoll, { sport: SPORT, tick: 0 }));
    const failed = await eventually(
      () => queue.getJob(failing.id!),
      (job) => job?.failedReason !== undefined && job.finishedOn !== undefined,
    );
    expect(await failed!.getState()).toBe('failed');
    expect(failed!.attemptsMade).toBe(1);
    expect(failed!.failedReason).toContain('401');

    const next = await jobs.add(
      JobName.OddsPoll,
      { sport: SPORT, tick: Date.now() },
      { jobId: `odds-${SPORT}-test-2` },
    );
    const done = await eventually(
      () => queue.getJob(next.id!),
      (job) => job?.finishedOn !== undefined,
    );
    expect(await done!.getState()).toBe('completed');
  });
});
