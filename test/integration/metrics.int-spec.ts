import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { createServer } from 'node:net';
import { summariseDailyCounters, utcDay } from '@oddspulse/shared';
import { APP_CONFIG, OpportunityCountersRepository, parseConfig, type AppConfig } from '@oddspulse/core';
import { createAccountsApp, type AccountsTestApp } from '../support/accounts-app';
import { OddsPipelineService, WorkersModule } from '@oddspulse/workers';

const TOKEN = 'scraper-token-0123456789abcdefghij';
const SPORT = 'basketball_nba';

/** Every metric name the operations dashboards read. */
const NAMES = [
  'oddspulse_http_request_duration_seconds',
  'oddspulse_socket_connections',
  'oddspulse_socket_deliveries_total',
  'oddspulse_feed_poll_duration_seconds',
  'oddspulse_feed_age_seconds',
  'oddspulse_odds_api_credits_remaining',
  'oddspulse_queue_jobs',
  'oddspulse_opportunities_found_total',
  'oddspulse_picks_settled_total',
];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The value of one series in Prometheus text, or null when it is not there. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

// /metrics exposes the names, with values that move when a poll runs; the workers
// expose theirs on WORKERS_METRICS_PORT for a scraper with METRICS_TOKEN.
describe('Prometheus metrics of the server and the workers (real PostgreSQL and Redis)', () => {
  let server: AccountsTestApp;
  let workers: INestApplicationContext;
  let workersUrl: string;

  beforeAll(async () => {
    const base = parseConfig(process.env);
    const port = await freePort();
    const shared: Partial<AppConfig> = {
      REDIS_PREFIX: `${base.REDIS_PREFIX}-metrics`,
      METRICS_TOKEN: TOKEN,
      FEED_SPORTS: [SPORT],
    };
    server = await createAccountsApp(shared);
    const moduleRef = await Test.createTestingModule({ imports: [WorkersModule] })
      .overrideProvider(APP_CONFIG)
      // No scheduler runs in this spec: the polls are the test's own.
      .useValue({ ...base, ...shared, FEED_SPORTS: [], WORKERS_METRICS_PORT: port, SCHEDULER_TICK_MS: 3_600_000 })
      .compile();
    moduleRef.useLogger(false);
    workers = await moduleRef.init();
    workersUrl = `http://127.0.0.1:${port}/metrics`;
  });

  afterAll(async () => {
    await workers.close();
    await server.app.close();
  });

  const scrapeServer = async () => {
    const res = await server.http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    return res.text;
  };
  const scrapeWorkers = async () => {
    const res = await fetch(workersUrl, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return res.text();
  };

  it('names every metric the operations page lists, with the default process metrics', async () => {
    const text = await scrapeServer();
    for (const name of NAMES) expect(text).toContain(`# TYPE ${name} `);
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it("refuses the workers' metrics without the token", async () => {
    expect((await fetch(workersUrl)).status).toBe(401);
    expect((await fetch(workersUrl, { headers: { Authorization: 'Bearer not-the-token-0123456789' } })).status).toBe(
      401,
    );
    expect(
      (await fetch(workersUrl.replace('/metrics', '/'), { headers: { Authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(404);
  });

  it('moves when a poll runs: the poll counted by the workers, the feed age reset on the server', async () => {
    const polled = `oddspulse_feed_poll_duration_seconds_count{feed="odds",sport="${SPORT}",outcome="ok"}`;
    const age = `oddspulse_feed_age_seconds{feed="odds",sport="${SPORT}"}`;
    expect(sample(await scrapeWorkers(), polled)).toBeNull();
    expect(sample(await scrapeServer(), age)).toBeNull();

    const pipeline = workers.get(OddsPipelineService);
    await pipeline.pollOdds({ sport: SPORT, tick: 1 });
    const afterOne = await scrapeWorkers();
    expect(sample(afterOne, polled)).toBe(1);
    // detection counts what it found as the landing figures do (each opportunity once a day)
    const today = summariseDailyCounters(
      await workers.get(OpportunityCountersRepository).day(utcDay(Date.now())),
    ).opportunities_today;
    for (const kind of ['ev', 'arbitrage', 'middles'] as const) {
      expect([kind, sample(afterOne, `oddspulse_opportunities_found_total{kind="${kind}"}`) ?? 0]).toEqual([
        kind,
        today[kind],
      ]);
    }
    const firstAge = sample(await scrapeServer(), age);
    expect(firstAge).toBeGreaterThanOrEqual(0);
    expect(firstAge).toBeLessThan(30);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const agedAge = sample(await scrapeServer(), age)!;
    expect(agedAge).toBeGreaterThan(firstAge!);
    await pipeline.pollOdds({ sport: SPORT, tick: 2 });
    expect(sample(await scrapeWorkers(), polled)).toBe(2);
    expect(sample(await scrapeServer(), age)!).toBeLessThan(agedAge);
    // Two full polls of the simulated board (history rows, detection, now its links too) and a 1.1 s wait: above Jest's
    // 5 s default on a loaded 2-core machine. A correctness check, not a timing one.
  }, 20_000);

  it('counts HTTP requests by route pattern and status', async () => {
    const series = 'oddspulse_http_request_duration_seconds_count{method="GET",route="/api/ops/overview",status="401"}';
    const before = sample(await scrapeServer(), series) ?? 0;
    await server.http().get('/api/ops/overview');
    await server.http().get('/api/ops/overview');
    expect(sample(await scrapeServer(), series)).toBe(before + 2);
  });
});
