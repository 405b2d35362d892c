import type { AppConfig } from '@oddspulse/core';
import type { Session } from '@oddspulse/server';
import { bearer, createAccountsApp, signUp, type AccountsTestApp } from '../support/accounts-app';
import { loadFixtureBoards } from '../support/fixture-boards';
import { TcpProxy } from '../support/tcp-proxy';

const UNAVAILABLE = {
  statusCode: 503,
  code: 'SERVICE_UNAVAILABLE',
  message: 'Temporarily unavailable. Please try again shortly.',
};

/** How long the API server waits on PostgreSQL or Redis in these specs (DATABASE_QUERY_TIMEOUT_MS, REDIS_COMMAND_TIMEOUT_MS). */
const TIMEOUT_MS = 1000;

/**
 * A request waits out at most two time-outs: a rate limit's count in Redis (a new lease of points) falls back to this
 * process's memory once its command times out, and the route's own read then times out too; a little more for the
 * machine (CI runs beside these specs).
 */
const ANSWERED_WITHIN_MS = 2.5 * TIMEOUT_MS;

/** `url` with its host and port replaced by the proxy's. */
function throughProxy(url: string, port: number): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return proxied.toString();
}

// A PostgreSQL or Redis that stops answering (its connections open, no reply: frozen, or cut off by a network that
// drops its packets) is an outage like one that refuses (docs/operating.md, "Outages"): the requests that need it
// answer a quick 503 with the catalogue's message, health names it, and the same requests answer 200 once it answers
// again, without a restart. Requests used to wait for minutes. Each route is asked with the connections warm, as in
// service.
describe.each([
  {
    dependency: 'PostgreSQL',
    url: () => process.env.DATABASE_URL!,
    defaultPort: 5432,
    config: (url: string): Partial<AppConfig> => ({ DATABASE_URL: url, DATABASE_QUERY_TIMEOUT_MS: TIMEOUT_MS }),
    routes: ['/api/picks', '/api/picks/stats', '/api/me', '/api/alerts'],
  },
  {
    dependency: 'Redis',
    url: () => process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    defaultPort: 6379,
    config: (url: string): Partial<AppConfig> => ({ REDIS_URL: url, REDIS_COMMAND_TIMEOUT_MS: TIMEOUT_MS }),
    // the boards loadFixtureBoards writes: NFL odds, MLB scores
    routes: [
      '/api/sports',
      '/api/odds?sports=americanfootball_nfl',
      '/api/scores?sport=baseball_mlb',
      '/api/arbitrage?sports=americanfootball_nfl',
    ],
  },
])(
  '$dependency that stops answering (behind a TCP proxy the test silences)',
  ({ dependency, url, defaultPort, config, routes }) => {
    const proxy = new TcpProxy(Number(new URL(url()).port || defaultPort));
    let t: AccountsTestApp;
    let session: Session;

    beforeAll(async () => {
      const port = await proxy.start();
      t = await createAccountsApp({
        ...config(throughProxy(url(), port)),
        REDIS_PREFIX: `${process.env.REDIS_PREFIX}-silent-${dependency.toLowerCase()}`,
      });
      ({ session } = await signUp(t, 'platinum'));
      await loadFixtureBoards(t.redis);
    });

    afterAll(async () => {
      proxy.resume();
      await t?.app.close();
      await proxy.stop();
    });

    /** The route's answer, or its status as 0 if none came within four time-outs. */
    const get = (route: string) =>
      t
        .http()
        .get(route)
        .set(bearer(session))
        .timeout(4 * TIMEOUT_MS)
        .then(
          (res): { route: string; status: number; body: unknown } => ({ route, status: res.status, body: res.body }),
          () => ({ route, status: 0, body: 'no answer' }),
        );

    it('answers 503 within two time-outs while it is silent, and 200 once it answers again', async () => {
      for (const route of routes) expect(await get(route)).toMatchObject({ route, status: 200 });

      proxy.silence();
      const during = [];
      for (const route of routes) {
        const started = Date.now();
        const answer = await get(route);
        during.push({ ...answer, inTime: Date.now() - started < ANSWERED_WITHIN_MS });
      }
      expect(during).toEqual(routes.map((route) => ({ route, status: 503, body: UNAVAILABLE, inTime: true })));
      const health = await t.http().get('/api/health');
      expect(health.status).toBe(503);
      expect(health.body.problems).toContainEqual(expect.stringMatching(`^${dependency} does not answer`));

      proxy.resume();
      for (const route of routes) expect(await get(route)).toMatchObject({ route, status: 200 });
    });
  },
);
