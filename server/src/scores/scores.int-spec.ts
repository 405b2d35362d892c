import { loadFixtureBoards } from '../../../test/support/fixture-boards';
import { createGatewayApp, type GatewayTestApp } from '../../../test/support/gateway-app';
import { deleteKeysWithPrefix } from '../redis/redis-keys';

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
    expect(new Set(res.body.map((g: { status: string }) => g.status))).toEqual(new Set(['final', 'in_progress', 'scheduled']));
    expect(res.headers['x-board-fetched-at']).toBe(`baseball_mlb=${fixtures.scores.fetched_at}`);
  });

  it('filters by day, dashed or compact (spec 002 §7 validation dates)', async () => {
    const dashed = await t.http().get('/api/scores?sport=baseball_mlb&date=2022-08-26');
    const compact = await t.http().get('/api/scores?sport=baseball_mlb&date=20220826');
    expect(dashed.body.length).toBeGreaterThan(0);
    expect(dashed.body.length).toBeLessThan(fixtures.scores.games.length);
    expect(compact.body).toEqual(dashed.body);
    expect((await t.http().get('/api/scores?sport=baseball_mlb&date=26/08/2022')).status).toBe(400);
  });

  // spec 002 §8
  it('refuses an unsupported sport with the spec message, and a missing scoreboard with 503', async () => {
    const res = await t.http().get('/api/scores?sport=cricket_ipl');
    expect([res.status, res.body.message]).toEqual([400, 'Unsupported sport for backend scoreboard: cricket_ipl']);
    const missing = await t.http().get('/api/scores?sport=icehockey_nhl');
    expect([missing.status, missing.body.code]).toEqual([503, 'BOARD_UNAVAILABLE']);
  });
});
