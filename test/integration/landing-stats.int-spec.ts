import {
  ARBITRAGE_DEFAULTS,
  arbitrageForUser,
  canonicalBookKey,
  DEFAULT_SPORTSBOOKS,
  evBetForUser,
  MIDDLE_DEFAULTS,
  middleForUser,
  scanEvent,
  utcDay,
  type SportBoard,
} from '@oddspulse/shared';
import { createAccountsApp, type AccountsTestApp } from '../support/accounts-app';
import { loadFixtureBoards } from '../support/fixture-boards';
import { AlertBatches, DetectionService, SteamDetectionService } from '@oddspulse/workers';
import {
  AlertsOutboxRepository,
  type JobQueueService,
  LiveStateRepository,
  MetricsService,
  RealtimePublisher,
  deleteKeysWithPrefix,
  OpportunityCountersRepository,
} from '@oddspulse/core';
import { LANDING_STATS_CACHE_MS, STATS_CLOCK } from '@oddspulse/server';

const prefix = `${process.env.REDIS_PREFIX}-landing`;

// Noon UTC of today, so "today" cannot roll over while the test moves the clock past the cache.
const NOON = Date.parse(`${utcDay(Date.now())}T12:00:00.000Z`);

/** Counted by hand from the boards: one market per event, market key and player; books by canonical key. */
function coverage(boards: SportBoard[]) {
  const markets = new Set<string>();
  const books = new Set<string>();
  for (const e of boards.flatMap((b) => b.events)) {
    for (const b of e.bookmakers) {
      books.add(canonicalBookKey(b.key));
      for (const m of b.markets) for (const o of m.outcomes) markets.add(`${e.id} ${m.key} ${o.description ?? ''}`);
    }
  }
  return { markets: markets.size, books: books.size };
}

// DECISIONS 17, 29: the landing figures are live (books covered, markets tracked, opportunities found today,
// average edge today), read from the workers' boards and detection's daily counters in the real Redis.
describe('GET /api/stats/landing (real Redis, recorded NFL board and NBA props)', () => {
  let t: AccountsTestApp;
  let fixtures: Awaited<ReturnType<typeof loadFixtureBoards>>;
  let detection: DetectionService;
  let now = NOON;

  beforeAll(async () => {
    t = await createAccountsApp(
      { REDIS_PREFIX: prefix },
      { providers: [{ provide: STATS_CLOCK, useValue: () => now }] },
    );
    fixtures = await loadFixtureBoards(t.redis, NOON);
    detection = new DetectionService(
      new LiveStateRepository(t.redis),
      t.get(RealtimePublisher),
      t.config,
      new AlertBatches(
        { add: async () => undefined } as unknown as JobQueueService,
        new AlertsOutboxRepository(t.redis),
        t.get(OpportunityCountersRepository),
        t.get(MetricsService),
      ),
      { detect: async () => undefined } as unknown as SteamDetectionService,
    );
  });

  afterAll(async () => {
    await deleteKeysWithPrefix(t.redis.client, prefix);
    await t.app.close();
  });

  it('is public and counts the books and markets on the boards, with nothing found yet today', async () => {
    const res = await t.http().get('/api/stats/landing');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    const expected = coverage([fixtures.nfl, fixtures.props]);
    expect(res.body).toMatchObject({
      books_covered: expected.books,
      markets_tracked: expected.markets,
      day: utcDay(NOON),
      opportunities_today: { total: 0, ev: 0, arbitrage: 0, middles: 0 },
      average_edge_pct_today: null,
    });
    expect(expected.markets).toBeGreaterThan(fixtures.nfl.events.length);
  });

  it("counts what detection finds on the board once per day, with the mean EV % and profit % as today's edge", async () => {
    // The recorded board has nothing a user of the default books could take, so one game gets a moneyline arbitrage
    // between two of them (DraftKings and FanDuel, the best prices of the game, 5.5 %), as books sometimes disagree.
    const board = structuredClone(fixtures.nfl);
    const game = board.events.find((e) =>
      ['draftkings', 'fanduel'].every((key) => e.bookmakers.some((b) => canonicalBookKey(b.key) === key)),
    )!;
    const h2h = (key: string) =>
      game.bookmakers.find((b) => canonicalBookKey(b.key) === key)!.markets.find((m) => m.key === 'h2h')!;
    for (const market of game.bookmakers.flatMap((b) => b.markets.filter((m) => m.key === 'h2h'))) {
      for (const outcome of market.outcomes) outcome.price = Math.min(outcome.price, 1.9);
    }
    h2h('draftkings').outcomes.find((o) => o.name === game.home_team)!.price = 2.3;
    h2h('fanduel').outcomes.find((o) => o.name === game.away_team)!.price = 1.95;
    const ids = board.events.map((e) => e.id);
    await detection.detect('odds', board, ids, NOON, null);
    // The same board again, then every event gone and back: the tracker publishes them as new, but today has them.
    await detection.detect('odds', board, ids, NOON + 1000, null);
    await detection.detect('odds', { ...board, events: [] }, ids, NOON + 2000, null);
    await detection.detect('odds', board, ids, NOON + 3000, null);

    // Worked out from the engine's own scan of the board, with the detection thresholds of the config.
    const options = {
      arbitrage: { minProfitPct: t.config.DETECT_MIN_PROFIT_PCT },
      middles: { minGap: t.config.DETECT_MIN_GAP, minProbability: t.config.DETECT_MIN_PROBABILITY },
      ev: { minEvPct: t.config.DETECT_MIN_EV_PCT },
    };
    const clean = <T extends { flags: string[] }>(list: T[]) =>
      list.filter((o) => !o.flags.includes('stale') && !o.flags.includes('suspect'));
    const scans = board.events.map((e) => scanEvent(e, options, NOON));
    // DECISIONS 29: of those, what the scanners' own rules show a user with the default thresholds and books.
    const books = DEFAULT_SPORTSBOOKS;
    const { minProfitPct, maxStake, bankroll } = ARBITRAGE_DEFAULTS;
    const allEv = clean(scans.flatMap((s) => s.ev)).filter((o) => o.evPct > 0 && !o.isDfs);
    const allArbitrage = clean(scans.flatMap((s) => s.arbitrage));
    const allMiddles = clean(scans.flatMap((s) => s.middles));
    const ev = allEv.filter((o) => evBetForUser(o, { minEv: 0, books }));
    const arbitrage = allArbitrage.filter((o) =>
      arbitrageForUser(o, { minProfit: minProfitPct, maxStake, bankroll, books }),
    );
    const middles = allMiddles.filter((o) => middleForUser(o, { ...MIDDLE_DEFAULTS, books }));
    expect(arbitrage.length).toBeGreaterThan(0);
    // The defaults hide some of what detection publishes, or this would not tell the two counts apart.
    expect(ev.length + arbitrage.length + middles.length).toBeLessThan(
      allEv.length + allArbitrage.length + allMiddles.length,
    );
    const edges = [...ev.map((o) => Math.round(o.evPct * 100)), ...arbitrage.map((o) => Math.round(o.profitPct * 100))];
    const mean = Math.round(edges.reduce((a, b) => a + b, 0) / edges.length) / 100;

    // The first reading is served until the cache runs out.
    expect((await t.http().get('/api/stats/landing')).body.opportunities_today.total).toBe(0);
    now = NOON + LANDING_STATS_CACHE_MS + 1;
    const res = await t.http().get('/api/stats/landing');
    expect(res.body.opportunities_today).toEqual({
      total: ev.length + arbitrage.length + middles.length,
      ev: ev.length,
      arbitrage: arbitrage.length,
      middles: middles.length,
    });
    expect(res.body.average_edge_pct_today).toBe(mean);
  });

  it('records a finding stamped yesterday under yesterday, not today', async () => {
    const counters = t.get(OpportunityCountersRepository);
    const yesterday = utcDay(NOON - 86_400_000);
    expect(await counters.record('arbitrage', [{ id: 'arb:late', day: yesterday, edgeBp: 150 }])).toBe(1);
    expect(await counters.record('arbitrage', [{ id: 'arb:late', day: yesterday, edgeBp: 150 }])).toBe(0);
    expect(await counters.day(yesterday)).toEqual({
      'arbitrage:found': '1',
      'arbitrage:edge_bp_sum': '150',
      'arbitrage:edge_n': '1',
    });
  });
});
