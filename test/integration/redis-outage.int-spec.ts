import { createAccountsApp, signUp, bearer, type AccountsTestApp } from '../support/accounts-app';
import { OwnRedis } from '../support/own-redis';
import type { Session } from '@oddspulse/server';

const UNAVAILABLE = {
  statusCode: 503,
  code: 'SERVICE_UNAVAILABLE',
  message: 'Temporarily unavailable. Please try again shortly.',
};

// While Redis is down the routes that read it (odds, scanners, scores, sports) answer a quick 503 with the catalogue's message (they
// answered 500 after ~6 s of reconnect attempts), and serve again once it is back. The test's own redis-server.
describe('Redis down under the API (own redis-server, stopped and started)', () => {
  let redis: OwnRedis;
  let t: AccountsTestApp;
  let session: Session;

  beforeAll(async () => {
    redis = await OwnRedis.started();
    t = await createAccountsApp({ REDIS_URL: redis.url, REDIS_PREFIX: `${process.env.REDIS_PREFIX}-redis-down` });
    ({ session } = await signUp(t, 'gold'));
  });

  afterAll(async () => {
    await redis.start();
    await t?.app.close();
    await redis.stop();
  });

  const routes = [
    '/api/sports',
    '/api/odds?sport=basketball_nba&markets=h2h&regions=us',
    '/api/ev',
    '/api/scores?sport=basketball_nba',
  ];

  it('answers 503 at once during the outage and serves again after it', async () => {
    expect((await t.http().get('/api/sports').set(bearer(session))).status).toBe(200);
    await redis.stop();
    for (const route of routes) {
      const started = Date.now();
      const res = await t.http().get(route).set(bearer(session));
      expect({ route, status: res.status, body: res.body }).toEqual({ route, status: 503, body: UNAVAILABLE });
      expect(Date.now() - started).toBeLessThan(1000);
    }
    await redis.start();
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await t.http().get('/api/sports').set(bearer(session))).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
  });
});
