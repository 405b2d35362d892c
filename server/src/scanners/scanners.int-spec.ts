import { ARBITRAGE_DEFAULTS, findArbitrageOnBoard, type ArbitrageOpportunity } from '@oddspulse/shared';
import { bearer, signUp } from '../../../test/support/accounts-app';
import { loadFixtureBoards } from '../../../test/support/fixture-boards';
import { createGatewayApp, type GatewayTestApp } from '../../../test/support/gateway-app';
import { deleteKeysWithPrefix } from '../redis/redis-keys';

const prefix = `${process.env.REDIS_PREFIX}-scanners`;
const NFL = 'americanfootball_nfl';

// spec 001 §5 detection, §6 gating, §7 calls: the scanners on the recorded NFL board
describe('scanner REST calls (real Redis, recorded NFL board)', () => {
  let t: GatewayTestApp;
  let fixtures: Awaited<ReturnType<typeof loadFixtureBoards>>;
  const users: Record<'free' | 'gold' | 'platinum', ReturnType<typeof bearer>> = {} as never;

  beforeAll(async () => {
    t = await createGatewayApp({ REDIS_PREFIX: prefix });
    fixtures = await loadFixtureBoards(t.redis);
    for (const plan of ['free', 'gold', 'platinum'] as const) users[plan] = bearer((await signUp(t, plan)).session);
  });

  afterAll(async () => {
    await t.app.close();
    await deleteKeysWithPrefix(t.redis.client, prefix).catch(() => 0);
  });

  const get = (path: string, auth?: Record<string, string>) => (auth ? t.http().get(path).set(auth) : t.http().get(path));

  // spec 000 §6 guards; spec 000 §8 messages
  it('gates +EV to paid plans and arbitrage and middles to Platinum', async () => {
    expect((await get('/api/ev')).status).toBe(401);
    const ev = await get(`/api/ev?sports=${NFL}`, users.free);
    expect([ev.status, ev.body.code, ev.body.message]).toEqual([402, 'SUBSCRIPTION_REQUIRED', 'Subscription required for API access']);
    for (const path of ['/api/arbitrage', '/api/middles']) {
      const res = await get(`${path}?sports=${NFL}`, users.gold);
      expect([res.status, res.body.code, res.body.message]).toEqual([403, 'PLATINUM_REQUIRED', 'This feature requires a Platinum subscription.']);
    }
  });

  it('finds +EV bets for a Gold user, best first, with the board freshness', async () => {
    const res = await get(`/api/ev?sports=${NFL}&minEv=0`, users.gold);
    expect(res.status).toBe(200);
    expect(res.body.boards).toEqual([{ sport: NFL, fetched_at: fixtures.nfl.fetched_at, stale_since: null }]);
    expect(res.body.opportunities.length).toBeGreaterThan(0);
    const evs = res.body.opportunities.map((o: { evPct: number }) => o.evPct);
    expect(evs).toEqual([...evs].sort((a, b) => b - a));
    expect(evs.every((v: number) => v > 0)).toBe(true);
  });

  // spec 001 §5 arbitrage: stakes sized with the caller's max stake and bankroll
  it("finds the recorded board's arbitrages with the caller's settings", async () => {
    const res = await get(`/api/arbitrage?sports=${NFL}&minProfit=0.1&maxStake=500&bankroll=2000`, users.platinum);
    expect(res.status).toBe(200);
    const found = res.body.opportunities as ArbitrageOpportunity[];
    const expected = findArbitrageOnBoard(fixtures.nfl.events, { minProfitPct: 0.1, maxStake: 500, bankroll: 2000 }, Date.parse(res.body.generated_at));
    expect(found.map((o) => o.id).sort()).toEqual(expected.map((o) => o.id).sort());
    expect(found.length).toBeGreaterThan(0);
    for (const opportunity of found) {
      expect(opportunity.profitPct).toBeGreaterThanOrEqual(0.1);
      expect(opportunity.totalStake).toBeCloseTo(500, 0);
      expect(new Set(opportunity.legs.map((l) => l.book)).size).toBe(opportunity.legs.length);
    }
    const defaults = await get(`/api/arbitrage?sports=${NFL}`, users.platinum);
    for (const o of defaults.body.opportunities as ArbitrageOpportunity[]) expect(o.profitPct).toBeGreaterThanOrEqual(ARBITRAGE_DEFAULTS.minProfitPct);
  });

  it('finds middles with the gap and probability asked for', async () => {
    const res = await get(`/api/middles?sports=${NFL}&minGap=0.5&minProbability=5&maxStake=1000&bankroll=1000`, users.platinum);
    expect(res.status).toBe(200);
    for (const m of res.body.opportunities) {
      expect(m.gap).toBeGreaterThanOrEqual(0.5);
      expect(m.probability).toBeGreaterThanOrEqual(5);
      expect(m.totalStake).toBeLessThanOrEqual(100);
    }
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
    ];
    for (const [path, message] of cases) {
      const res = await get(path, users.platinum);
      expect([path, res.status, res.body.message]).toEqual([path, 400, message]);
    }
  });

  it('answers 503 when none of the sports asked for has a board', async () => {
    const res = await get('/api/arbitrage?sports=icehockey_nhl', users.platinum);
    expect([res.status, res.body.code]).toEqual([503, 'BOARD_UNAVAILABLE']);
  });
});
