import {
  ARBITRAGE_DEFAULTS,
  findArbitrageOnBoard,
  findEvBetsOnBoard,
  findMiddlesOnBoard,
  type ArbitrageOpportunity,
  type BoardPositions,
  type EvBet,
  type MiddleOpportunity,
  type OpportunityUpdate,
  type SportBoard,
} from '@oddspulse/shared';
import { bookAgainstExchangeBelowDefault } from '../../shared/src/testing/exchange-arbitrage';
import { bearer, signUp } from '../support/accounts-app';
import { asOfNow, loadFixtureBoards, writeBoard } from '../support/fixture-boards';
import { detectOnBoards } from '../support/pipeline';
import { createGatewayApp, type GatewayTestApp } from '../support/gateway-app';
import { deleteKeysWithPrefix, LiveStateRepository, RedisKeys } from '@oddspulse/core';

const prefix = `${process.env.REDIS_PREFIX}-scanners`;
const NFL = 'americanfootball_nfl';
const NBA = 'basketball_nba';

type Body<T> = {
  opportunities: T[];
  boards: unknown[];
  unavailable: string[];
  generated_at: string;
  positions?: BoardPositions;
};

/** What re-sizing must reproduce: the engine's own stakes, payouts and profit for the caller's settings. */
const sizing = (o: ArbitrageOpportunity | MiddleOpportunity) => ({
  id: o.id,
  totalStake: o.totalStake,
  ...(o.type === 'arbitrage'
    ? { profitAmount: o.profitAmount, profitPct: o.profitPct }
    : { maxProfit: o.maxProfit, worstCase: o.worstCase }),
  legs: o.legs.map((leg) => ({
    book: leg.book,
    outcome: leg.outcome,
    decimal: leg.decimal,
    stake: leg.stake,
    payout: leg.payout,
  })),
});
const byId = <T extends { id: string }>(list: readonly T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));

// spec 001 §5 detection, §6 gating, §7 calls: the scanners serve what the detection worker keeps for the recorded
// NFL board and NBA props, with each caller's settings applied on top
describe('scanner REST calls (real Redis, detection on the recorded NFL board and NBA props)', () => {
  let t: GatewayTestApp;
  let fixtures: Awaited<ReturnType<typeof loadFixtureBoards>>;
  const users: Record<'free' | 'gold' | 'platinum', ReturnType<typeof bearer>> = {} as never;

  beforeAll(async () => {
    t = await createGatewayApp({ REDIS_PREFIX: prefix });
    const now = Date.now();
    fixtures = await loadFixtureBoards(t.redis, now);
    await detectOnBoards(
      t,
      [
        { kind: 'odds', board: fixtures.nfl },
        { kind: 'props', board: fixtures.props },
      ],
      now,
    );
    for (const plan of ['free', 'gold', 'platinum'] as const) users[plan] = bearer((await signUp(t, plan)).session);
  });

  afterAll(async () => {
    await t.app.close();
    await deleteKeysWithPrefix(t.redis.client, prefix).catch(() => 0);
  });

  const get = (path: string, auth?: Record<string, string>) =>
    auth ? t.http().get(path).set(auth) : t.http().get(path);
  async function ok<T>(path: string, auth: Record<string, string>): Promise<Body<T>> {
    const res = await get(path, auth);
    expect([path, res.status]).toEqual([path, 200]);
    return res.body as Body<T>;
  }

  // spec 000 §6 guards; spec 000 §8 messages
  it('gates +EV to paid plans and arbitrage and middles to Platinum', async () => {
    expect((await get('/api/ev')).status).toBe(401);
    const ev = await get(`/api/ev?sports=${NFL}`, users.free);
    expect([ev.status, ev.body.code, ev.body.message]).toEqual([
      402,
      'SUBSCRIPTION_REQUIRED',
      'Subscription required for API access',
    ]);
    for (const path of ['/api/arbitrage', '/api/middles']) {
      const res = await get(`${path}?sports=${NFL}`, users.gold);
      expect([res.status, res.body.code, res.body.message]).toEqual([
        403,
        'PLATINUM_REQUIRED',
        'This feature requires a Platinum subscription.',
      ]);
    }
  });

  // spec 001 §5 expected value, filters
  it("serves the +EV rows of the straight bets and props, best first, with the boards' freshness", async () => {
    const body = await ok<EvBet>(`/api/ev?sports=${NFL},${NBA}&minEv=1`, users.gold);
    expect(body.boards).toEqual([
      { sport: NFL, fetched_at: fixtures.nfl.fetched_at, stale_since: null },
      { sport: NBA, fetched_at: fixtures.props.fetched_at, stale_since: null },
    ]);
    expect(body.unavailable).toEqual([]);
    const engine = findEvBetsOnBoard(
      [...fixtures.nfl.events, ...fixtures.props.events],
      { minEvPct: 1 },
      Date.parse(body.generated_at),
    );
    expect(body.opportunities.map((o) => o.id).sort()).toEqual(engine.map((o) => o.id).sort());
    expect(body.opportunities.some((o) => o.sport === NBA)).toBe(true);
    const evs = body.opportunities.map((o) => o.evPct);
    expect(evs).toEqual([...evs].sort((a, b) => b - a));
    expect(body.opportunities.every((o) => o.isDfs || o.evPct >= 1)).toBe(true);
  });

  // spec 001 §5 filters: the book filter picks rows; DECISIONS 10: other de-vig methods are offered
  it('filters +EV rows by book, and answers another de-vig method from the board', async () => {
    const all = await ok<EvBet>(`/api/ev?sports=${NFL}`, users.gold);
    const books = [...new Set(all.opportunities.map((o) => o.book))].slice(0, 2);
    const some = await ok<EvBet>(`/api/ev?sports=${NFL}&books=${books.join(',')}`, users.gold);
    expect(some.opportunities.length).toBeGreaterThan(0);
    expect(some.opportunities.map((o) => o.id)).toEqual(
      all.opportunities.filter((o) => books.includes(o.book)).map((o) => o.id),
    );
    const power = await ok<EvBet>(`/api/ev?sports=${NFL}&method=power`, users.gold);
    expect(power.opportunities.every((o) => o.method === 'power')).toBe(true);
    expect(power.opportunities.map((o) => o.id).sort()).toEqual(
      findEvBetsOnBoard(fixtures.nfl.events, { method: 'power' }, Date.parse(power.generated_at))
        .map((o) => o.id)
        .sort(),
    );
  });

  // Every method is selectable on the EV call, a blend of chosen methods included
  it('answers a blend of chosen methods as the engine does', async () => {
    const blend = await ok<EvBet>(`/api/ev?sports=${NFL}&method=blend&blend=balanced_book,jensen_shannon`, users.gold);
    expect(blend.opportunities.length).toBeGreaterThan(0);
    expect(
      blend.opportunities.every((o) => o.method === 'blend' && o.blend?.join() === 'balanced_book,jensen_shannon'),
    ).toBe(true);
    const engine = findEvBetsOnBoard(
      fixtures.nfl.events,
      { method: 'blend', blend: ['balanced_book', 'jensen_shannon'] },
      Date.parse(blend.generated_at),
    );
    expect(blend.opportunities.map((o) => [o.id, o.fairProbability]).sort()).toEqual(
      engine.map((o) => [o.id, o.fairProbability]).sort(),
    );
  });

  // spec 001 §5 arbitrage: stakes split by implied probability, total min(max stake, bankroll), in cents
  it.each([
    ['maxStake=500&bankroll=2000', { maxStake: 500, bankroll: 2000 }, 500],
    ['maxStake=500&bankroll=300', { maxStake: 500, bankroll: 300 }, 300],
    ['', {}, ARBITRAGE_DEFAULTS.maxStake],
  ])('sizes the stored arbitrages for the caller as the engine would (%s)', async (params, options, total) => {
    const body = await ok<ArbitrageOpportunity>(`/api/arbitrage?sports=${NFL}&minProfit=0.1&${params}`, users.platinum);
    const engine = findArbitrageOnBoard(
      fixtures.nfl.events,
      { minProfitPct: 0.1, ...options },
      Date.parse(body.generated_at),
    );
    expect(engine.length).toBeGreaterThan(1);
    expect(byId(body.opportunities).map(sizing)).toEqual(byId(engine).map(sizing));
    for (const o of body.opportunities) {
      expect(o.totalStake).toBe(total);
      expect(Math.round(o.legs.reduce((sum, leg) => sum + leg.stake, 0) * 100)).toBe(total * 100);
      expect(Math.min(...o.legs.map((leg) => leg.payout))).toBeGreaterThan(o.totalStake);
    }
    const profits = body.opportunities.map((o) => o.profitPct);
    expect(profits).toEqual([...profits].sort((a, b) => b - a));
  });

  // spec 001 §5: profit must reach the minimum profit; the book filter is applied
  it('applies the minimum profit and the book filter to the stored arbitrages', async () => {
    const all = (await ok<ArbitrageOpportunity>(`/api/arbitrage?sports=${NFL}&minProfit=0.1`, users.platinum))
      .opportunities;
    const threshold = all[1].profitPct;
    const above = (
      await ok<ArbitrageOpportunity>(`/api/arbitrage?sports=${NFL}&minProfit=${threshold.toFixed(6)}`, users.platinum)
    ).opportunities;
    expect(above.map((o) => o.id)).toEqual(
      all.filter((o) => o.profitPct >= Number(threshold.toFixed(6))).map((o) => o.id),
    );
    expect(above.length).toBeLessThan(all.length);
    const defaults = (await ok<ArbitrageOpportunity>(`/api/arbitrage?sports=${NFL}`, users.platinum)).opportunities;
    expect(defaults.map((o) => o.id)).toEqual(
      all.filter((o) => o.profitPct >= ARBITRAGE_DEFAULTS.minProfitPct).map((o) => o.id),
    );

    const books = all[0].legs.map((leg) => leg.book);
    const filtered = (
      await ok<ArbitrageOpportunity>(
        `/api/arbitrage?sports=${NFL}&minProfit=0.1&books=${books.join(',')}`,
        users.platinum,
      )
    ).opportunities;
    expect(filtered.map((o) => o.id)).toEqual(
      all.filter((o) => o.legs.every((leg) => books.includes(leg.book))).map((o) => o.id),
    );
    expect(filtered.map((o) => o.id)).toContain(all[0].id);
    const oneBook = await ok<ArbitrageOpportunity>(
      `/api/arbitrage?sports=${NFL}&minProfit=0.1&books=${books[0]}`,
      users.platinum,
    );
    expect(oneBook.opportunities).toEqual([]);
  });

  // spec 001 §5 middle detection: gap, probability, stake min(max stake, 10 % of bankroll) split 50/50
  it("serves the stored middles at the caller's gap, probability and stake, as the engine would", async () => {
    const options = { minGap: 3.5, minProbability: 21, maxStake: 1000, bankroll: 2000 };
    const body = await ok<MiddleOpportunity>(
      `/api/middles?sports=${NFL}&minGap=3.5&minProbability=21&maxStake=1000&bankroll=2000`,
      users.platinum,
    );
    const engine = findMiddlesOnBoard(fixtures.nfl.events, options, Date.parse(body.generated_at));
    expect(engine.length).toBeGreaterThan(1);
    expect(byId(body.opportunities).map(sizing)).toEqual(byId(engine).map(sizing));
    for (const m of body.opportunities) {
      expect(m.gap).toBeGreaterThanOrEqual(3.5);
      expect(m.probability).toBeGreaterThanOrEqual(21);
      expect(m.totalStake).toBe(200);
      expect(m.legs.map((leg) => leg.stake)).toEqual([100, 100]);
    }
    const loose = await ok<MiddleOpportunity>(`/api/middles?sports=${NFL}&minGap=0.5&minProbability=5`, users.platinum);
    expect(loose.opportunities.length).toBeGreaterThan(body.opportunities.length);
    const probabilities = loose.opportunities.map((m) => m.probability);
    expect(probabilities).toEqual([...probabilities].sort((a, b) => b - a));
  });

  it('serves what detection keeps, not a scan of the board', async () => {
    const key = t.redis.key(...RedisKeys.opportunities('arbitrage', NFL));
    const kept = await t.redis.client.hgetall(key);
    const [field] = Object.keys(kept);
    // as detection writes: through saveEventOpportunities, which bumps the revision the cached answers are keyed by and
    // tells the servers that keep it
    const state = new LiveStateRepository(t.redis);
    await state.saveEventOpportunities('arbitrage', NFL, [[field, []]]);
    try {
      const body = await ok<ArbitrageOpportunity>(`/api/arbitrage?sports=${NFL}&minProfit=0.1`, users.platinum);
      const engine = findArbitrageOnBoard(fixtures.nfl.events, { minProfitPct: 0.1 }, Date.parse(body.generated_at));
      expect(body.opportunities.length).toBe(engine.length - 1);
      expect(body.opportunities.map((o) => o.eventId)).not.toContain(field.split(':')[1]);
    } finally {
      await state.saveEventOpportunities('arbitrage', NFL, [[field, JSON.parse(kept[field]) as OpportunityUpdate[]]]);
    }
  });

  // docs/realtime.md: the scanner's socket joins each sport's room from where its channel stood as the answer's
  // opportunities were read, so an update published meanwhile (an arbitrage gone) is replayed, and none it holds twice
  it("carries each sport's channel position, read with the opportunities", async () => {
    for (const kind of ['arbitrage', 'middles'] as const) {
      const at = { [NFL]: await t.publisher.position(kind, NFL), [NBA]: await t.publisher.position(kind, NBA) };
      expect(at[NFL].seq).toBeGreaterThan(0);
      const body = await ok<ArbitrageOpportunity>(`/api/${kind}?sports=${NFL},${NBA}&bankroll=1000`, users.platinum);
      expect([kind, body.positions]).toEqual([kind, at]);
    }

    // an arbitrage closes as detection closes it: saved, then its `gone` published
    const key = t.redis.key(...RedisKeys.opportunities('arbitrage', NFL));
    const kept = await t.redis.client.hgetall(key);
    const [field] = Object.keys(kept);
    const [closed] = JSON.parse(kept[field]) as OpportunityUpdate[];
    const state = new LiveStateRepository(t.redis);
    await state.saveEventOpportunities('arbitrage', NFL, [[field, []]]);
    try {
      const seq = await t.publisher.publish({
        channel: 'arbitrage',
        key: NFL,
        at: new Date().toISOString(),
        type: 'opportunities',
        data: { updates: [{ ...closed, action: 'gone', opportunity: undefined }] },
      });
      const body = await ok<ArbitrageOpportunity>(`/api/arbitrage?sports=${NFL}&bankroll=1000`, users.platinum);
      expect(body.opportunities.map((o) => o.id)).not.toContain(closed.id);
      expect(body.positions?.[NFL].seq).toBe(seq);
    } finally {
      await state.saveEventOpportunities('arbitrage', NFL, [[field, JSON.parse(kept[field]) as OpportunityUpdate[]]]);
    }
  });

  // commission.ts: detection also reads exchange prices at the lowest rate a user may set, for the callers who pay less
  it('finds for a caller at Betfair 2 % the arbitrage the published 5 % does not make', async () => {
    const sport = 'basketball_ncaab';
    const now = Date.now();
    // a book's −105 against Betfair's +110: −0.12 % net of 5 %, +0.66 % net of 2 %
    const game = {
      ...(asOfNow(bookAgainstExchangeBelowDefault('below-default'), now) as SportBoard['events'][number]),
      sport_key: sport,
    };
    const board: SportBoard = { sport_key: sport, fetched_at: new Date(now).toISOString(), events: [game] };
    await writeBoard(t.redis, 'odds', board);
    await detectOnBoards(t, [{ kind: 'odds', board }], now);
    const path = `/api/arbitrage?sports=${sport}&minProfit=0.1&maxStake=100`;
    expect((await ok<ArbitrageOpportunity>(path, users.platinum)).opportunities).toEqual([]);
    expect(
      (await ok<ArbitrageOpportunity>(`${path}&commission=betfair_ex_uk:0.05`, users.platinum)).opportunities,
    ).toEqual([]);
    const [mine, ...others] = (await ok<ArbitrageOpportunity>(`${path}&commission=betfair_ex_uk:0.02`, users.platinum))
      .opportunities;
    expect(others).toEqual([]);
    expect(mine.profitPct).toBeCloseTo(0.6616, 4);
    expect(mine.legs.map((leg) => [leg.book, leg.commission, leg.stake, leg.payout])).toEqual([
      ['draftkings', 0, 51.56, 100.66],
      ['betfair_ex_uk', 0.02, 48.44, 100.66],
    ]);
    expect(mine.profitAmount).toBe(0.66);
  });

  // spec 001 §5 inputs and bankroll messages
  it('answers 400 with a clear message for settings out of range', async () => {
    const cases: Array<[string, string]> = [
      ['/api/arbitrage?minProfit=0', 'minProfit must be a number between 0.1 and 50'],
      ['/api/arbitrage?maxStake=5', 'maxStake must be a number between 10 and 10000'],
      ['/api/arbitrage?bankroll=-5', 'Bankroll cannot be negative'],
      ['/api/arbitrage?bankroll=abc', 'Bankroll must be a valid number'],
      ['/api/middles?bankroll=2000000', 'Bankroll cannot exceed $1,000,000'],
      ['/api/middles?minGap=25', 'minGap must be a number between 0.5 and 20'],
      ['/api/middles?minProbability=2', 'minProbability must be a number between 5 and 50'],
      ['/api/ev?method=guess', 'Unknown de-vig method: guess'],
      [
        '/api/ev?method=blend&blend=power,guess',
        'Unknown de-vig method to blend: guess (one of multiplicative, additive, power, shin, odds_ratio, wpo, balanced_book, jensen_shannon)',
      ],
      ['/api/ev?method=shin&blend=power', 'blend applies only to method=blend'],
    ];
    for (const [path, message] of cases) {
      const res = await get(path, users.platinum);
      expect([path, res.status, res.body.message]).toEqual([path, 400, message]);
    }
  });

  it('names the sports without a board, and answers 503 when none of those asked for has one', async () => {
    const some = await ok<ArbitrageOpportunity>(
      `/api/arbitrage?sports=${NFL},icehockey_nhl&minProfit=0.1`,
      users.platinum,
    );
    expect(some.unavailable).toEqual(['icehockey_nhl']);
    expect(some.opportunities.length).toBeGreaterThan(0);
    const res = await get('/api/arbitrage?sports=icehockey_nhl', users.platinum);
    expect([res.status, res.body.code]).toEqual([503, 'BOARD_UNAVAILABLE']);
  });
});
