import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { JobName, ownedFeedLanes, QueueName } from '@oddspulse/shared';
import { AppModule } from '../app.module';
import {
  APP_CONFIG,
  parseConfig,
  JobQueueService,
  LiveStateRepository,
  MetricsService,
  WorkerHeartbeatRepository,
  type WorkerHeartbeat,
} from '@oddspulse/core';
import { StripeStandIn } from '../../../test/support/stripe-stand-in';
import { TcpProxy } from '../../../test/support/tcp-proxy';

async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await probe();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    value = await probe();
  }
  return value;
}

// GET /api/health reports postgres, redis and queues; 503 naming what is down; recovers.
describe('GET /api/health (real PostgreSQL and Redis)', () => {
  // a prefix of its own: the feeds other specs leave stale would make this health honestly 503
  const run = parseConfig(process.env);
  const base = { ...run, REDIS_PREFIX: `${run.REDIS_PREFIX}-health` };
  const redisProxy = new TcpProxy(Number(new URL(base.REDIS_URL).port || 6379), new URL(base.REDIS_URL).hostname);
  const postgresProxy = new TcpProxy(
    Number(new URL(base.DATABASE_URL).port || 5432),
    new URL(base.DATABASE_URL).hostname,
  );
  let app: INestApplication;
  // A worker process as health sees it: its heartbeat (workers/src/jobs/worker-heartbeat.service.ts writes it).
  const heartbeat = (id: string, fields: Partial<WorkerHeartbeat> = {}): WorkerHeartbeat => ({
    id,
    host: 'worker-host',
    pid: 4242,
    started_at: new Date().toISOString(),
    beat_at: new Date().toISOString(),
    last_job_at: new Date().toISOString(),
    ...fields,
  });
  const WORKER = heartbeat('worker-a');
  // worker-a beats every second and takes jobs all along, as a running worker process does; a spec pauses it to age it.
  let beating: NodeJS.Timeout | undefined;
  const beatWorker = () => {
    const now = new Date().toISOString();
    // The outage specs cut Redis: that beat is lost, and the next one writes it again, as a worker's timer does.
    app
      .get(WorkerHeartbeatRepository)
      .beat({ ...WORKER, beat_at: now, last_job_at: now }, 600_000)
      .catch(() => undefined);
  };

  beforeAll(async () => {
    const port = await redisProxy.start();
    const database = new URL(base.DATABASE_URL);
    database.hostname = '127.0.0.1';
    database.port = String(await postgresProxy.start());
    const config = {
      ...base,
      REDIS_URL: `redis://127.0.0.1:${port}`,
      DATABASE_URL: database.toString(),
      RATE_LIMIT_MAX: 5,
    };
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
      .overrideProvider(APP_CONFIG)
      .useValue(config)
      .compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.setGlobalPrefix('api');
    await app.init();
  });

  afterAll(async () => {
    clearInterval(beating);
    await app.get(WorkerHeartbeatRepository).remove(WORKER.id);
    await app.close();
    await redisProxy.stop();
    await postgresProxy.stop();
  });

  const health = () => request(app.getHttpServer()).get('/api/health');

  it('is outside the per-address rate limit, which monitors polling from one address would exhaust', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 10; i++) statuses.add((await health()).status);
    expect(statuses.has(429)).toBe(false);
  }, 30000);

  it('answers 503 naming the queues while no worker is listening', async () => {
    const res = await health();
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'error', postgres: 'up', redis: 'up', queues: 'down' });
  });

  it('answers 200 when PostgreSQL, Redis and a worker are all up', async () => {
    await app.get(WorkerHeartbeatRepository).beat(WORKER, 600_000);
    beating = setInterval(beatWorker, 1000);
    // A worker alone is not enough, the scheduler must be there and ticking
    const notYet = await eventually(health, (r) => r.body.queues === 'up');
    expect(notYet.status).toBe(503);
    expect(notYet.body.problems).toEqual([
      'The feeds scheduler is missing from Redis',
      'The feeds scheduler has never ticked',
    ]);
    await app.get(JobQueueService).schedule(JobName.FeedsSchedule, 60_000);
    await app.get(LiveStateRepository).recordScheduleTick(Date.now());
    const res = await eventually(health, (r) => r.status === 200);
    expect(res.body).toMatchObject({ status: 'ok', postgres: 'up', redis: 'up', queues: 'up', problems: [] });
    expect(res.body.details.workers).toBeGreaterThanOrEqual(1);
    expect(res.body.details.jobCounts).toHaveProperty(QueueName.Feeds);
    // The feeds the workers poll, and from where.
    expect(res.body.details.feeds).toMatchObject({
      odds_provider: 'simulator',
      scores_provider: 'simulator',
      feeds: expect.any(Array),
    });
  }, 20000);

  // Health counts worker processes from their own heartbeats, not BullMQ's connection count (3 for 2 processes on a
  // Redis Cluster), and names the one gone silent.
  it('counts two worker heartbeats, and names the one that goes silent', async () => {
    const heartbeats = app.get(WorkerHeartbeatRepository);
    const other = heartbeat('worker-b', { pid: 4343 });
    await heartbeats.beat(other, 400);
    const both = await health();
    expect(both.status).toBe(200);
    expect(both.body.details.workers).toBe(2);
    expect(both.body.details.workerHeartbeats).toEqual([
      expect.objectContaining({ id: WORKER.id, state: 'live', pid: 4242 }),
      expect.objectContaining({ id: other.id, state: 'live', pid: 4343 }),
    ]);

    // worker-b stops beating: its key lapses
    await new Promise((r) => setTimeout(r, 600));
    const silent = await health();
    expect(silent.status).toBe(503);
    expect(silent.body.queues).toBe('up');
    expect(silent.body.details.workers).toBe(1);
    expect(silent.body.problems).toEqual([`Worker worker-b is silent since ${other.beat_at}`]);
    expect(silent.body.details.workerHeartbeats).toEqual([
      expect.objectContaining({ id: WORKER.id, state: 'live' }),
      expect.objectContaining({ id: other.id, state: 'silent', beat_at: other.beat_at }),
    ]);

    // a worker stopped on purpose removes its heartbeat: nothing is left to name
    await heartbeats.remove(other.id);
    expect((await health()).status).toBe(200);
  });

  // A process that beats but takes no job while jobs wait: its queues' blocking loop stalled (a Redis Cluster primary
  // restart did that to every worker).
  it('names a live worker that has taken no job for two ticks while jobs wait', async () => {
    const heartbeats = app.get(WorkerHeartbeatRepository);
    clearInterval(beating);
    const longAgo = new Date(Date.now() - 120_000).toISOString();
    await heartbeats.beat({ ...WORKER, last_job_at: longAgo }, 600_000);
    const jobs = app.get(JobQueueService);
    const waiting = await jobs.add(JobName.OddsPoll, { sport: 'basketball_nba', tick: 1 }, { jobId: 'health-waiting' });
    const stuck = await health();
    expect(stuck.status).toBe(503);
    expect(stuck.body.problems).toEqual([
      expect.stringMatching(new RegExp(`^Worker worker-a has taken no job since ${longAgo} while \\d+ jobs wait$`)),
    ]);

    // A second worker as idle: the waiting poll's feed lane is one worker's, so only its owner counts the poll.
    await heartbeats.beat({ ...heartbeat('worker-b'), started_at: longAgo, last_job_at: longAgo }, 600_000);
    const lane = jobs.queueOf(JobName.OddsPoll, { sport: 'basketball_nba', tick: 1 });
    const [owner, other] = ownedFeedLanes('worker-a', ['worker-a', 'worker-b']).some((owned) => owned === lane)
      ? ['worker-a', 'worker-b']
      : ['worker-b', 'worker-a'];
    const waitingFor = (problems: string[], id: string) =>
      problems.filter((p) => p.startsWith(`Worker ${id} `)).map((p) => Number(/while (\d+) jobs wait$/.exec(p)?.[1]));
    const split = (await health()).body.problems as string[];
    const [owned] = waitingFor(split, owner);
    expect(owned).toBeGreaterThanOrEqual(1);
    for (const count of waitingFor(split, other)) expect(count).toBeLessThan(owned);
    await heartbeats.remove('worker-b');
    beatWorker();
    beating = setInterval(beatWorker, 1000);
    expect((await eventually(health, (r) => r.status === 200)).status).toBe(200);
    await waiting.remove();
  });

  // Every stale feed is named, and a stale feed makes the whole health 503
  it('answers 503 naming a stale feed, and 200 again once it is fresh', async () => {
    const state = app.get(LiveStateRepository);
    const now = new Date().toISOString();
    const feed = {
      kind: 'odds',
      sport: 'basketball_nba',
      provider: 'simulator',
      last_poll_at: now,
      age_seconds: null,
      events: 3,
      live: 0,
    } as const;
    await state.saveFeedStatus({ ...feed, state: 'stale', last_success_at: null, stale_since: now, error: 'HTTP 500' });
    const stale = await health();
    expect(stale.status).toBe(503);
    expect(stale.body.problems).toEqual([`Feed odds basketball_nba is stale since ${now}: HTTP 500`]);
    await state.saveFeedStatus({ ...feed, state: 'ok', last_success_at: now, stale_since: null });
    expect((await health()).status).toBe(200);
  });

  // A sport taken out of FEED_SPORTS keeps its last status in Redis, where nothing writes it again.
  it('leaves out the feeds of a sport no longer configured, stale as they were left', async () => {
    const sport = 'soccer_uefa_europa_conference_league';
    expect(base.FEED_SPORTS).not.toContain(sport);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await app.get(LiveStateRepository).saveFeedStatus({
      kind: 'odds',
      sport,
      provider: 'theoddsapi',
      state: 'stale',
      last_poll_at: hourAgo,
      last_success_at: hourAgo,
      stale_since: hourAgo,
      age_seconds: null,
      events: 3,
      live: 0,
      error: 'Too Many Requests (429)',
    });
    const answer = await health();
    expect(answer.status).toBe(200);
    expect(answer.body.details.feeds.feeds).not.toContainEqual(expect.objectContaining({ sport }));
    const metrics = await app.get(MetricsService).registry.getSingleMetricAsString('oddspulse_feed_age_seconds');
    expect(metrics).not.toContain(sport);
  });

  // A bad key stops polling by design (the feed gate): what a monitor must page on, not a quiet pause. The status is
  // the one the odds pipeline saves for a poll held back after a 401 (the-odds-api.int-spec.ts shows it saved).
  it('answers 503 naming a feed held back because it fails (a 401), and 200 for one paused on purpose', async () => {
    const state = app.get(LiveStateRepository);
    const now = new Date().toISOString();
    const feed = {
      kind: 'odds',
      sport: 'icehockey_nhl',
      provider: 'theoddsapi',
      last_poll_at: now,
      last_success_at: null,
      stale_since: null,
      age_seconds: null,
      events: 0,
      live: 0,
    } as const;
    const halt =
      'Polling stopped until the configuration changes: Unauthorized (401 INVALID_KEY): API key is not valid';
    await state.saveFeedStatus({
      ...feed,
      state: 'paused',
      paused_reason: halt,
      paused_by_failure: true,
      error: 'Unauthorized (401 INVALID_KEY)',
    });
    const halted = await health();
    expect(halted.status).toBe(503);
    expect(halted.body.problems).toEqual([`Feed odds icehockey_nhl (theoddsapi) is not polled: ${halt}`]);
    // The credit budget and the season pause a feed on purpose: reported in the details, not a problem.
    await state.saveFeedStatus({
      ...feed,
      state: 'paused',
      paused_reason: '40 credits left, below the reserve of 50: low-priority sport paused',
    });
    const paused = await health();
    expect(paused.status).toBe(200);
    expect(paused.body.details.feeds.feeds).toContainEqual(
      expect.objectContaining({ sport: 'icehockey_nhl', state: 'paused' }),
    );
  });

  it('answers 503 naming PostgreSQL while it is unreachable, and recovers when it returns', async () => {
    await postgresProxy.stop();
    const down = await eventually(health, (r) => r.body.postgres === 'down');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'error', postgres: 'down', redis: 'up' });
    expect(down.body.problems).toEqual([expect.stringMatching(/^PostgreSQL does not answer: .+/)]);
    await postgresProxy.start();
    expect((await eventually(health, (r) => r.status === 200)).body.problems).toEqual([]);
  }, 30000);

  it('answers 503 with redis "down" while Redis is unreachable, and recovers when it returns', async () => {
    await redisProxy.stop();
    const down = await eventually(health, (r) => r.body.redis === 'down');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'error', redis: 'down', postgres: 'up' });
    // Every 503 names what is wrong.
    expect(down.body.problems).toEqual(['Redis does not answer: the job queues, workers and feeds cannot be read']);
    // Liveness stays 200: the process serves, so a container check must not restart it for Redis's sake.
    const live = await request(app.getHttpServer()).get('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });

    await redisProxy.start();
    const up = await eventually(health, (r) => r.status === 200, 20000);
    expect(up.body).toMatchObject({ status: 'ok', redis: 'up' });
  }, 45000);
});

// Stripe away: checkouts and plan switches answer 503 BILLING_UNAVAILABLE meanwhile, so health names it (as it names
// an SMTP server that does not take mail), and stops naming it once Stripe answers again, without a restart
// (docs/operating.md, Health). The official SDK against the Stripe stand-in, behind a proxy the test stops.
describe('GET /api/health while Stripe does not answer (the Stripe stand-in behind a TCP proxy)', () => {
  const run = parseConfig(process.env);
  const stand = new StripeStandIn();
  let proxy: TcpProxy;
  let app: INestApplication;

  beforeAll(async () => {
    const standIn = new URL(await stand.start());
    proxy = new TcpProxy(Number(standIn.port), standIn.hostname);
    const port = await proxy.start();
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
      .overrideProvider(APP_CONFIG)
      .useValue({
        ...run,
        REDIS_PREFIX: `${run.REDIS_PREFIX}-health-stripe`,
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_WEBHOOK_SECRET: stand.webhookSecret,
        STRIPE_API_BASE_URL: `http://127.0.0.1:${port}`,
        STRIPE_TIMEOUT_MS: 1000,
      })
      .compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.setGlobalPrefix('api');
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    await proxy.stop();
    await stand.stop();
  });

  const stripeProblems = async () =>
    ((await request(app.getHttpServer()).get('/api/health')).body.problems as string[]).filter((p) =>
      p.startsWith('Stripe'),
    );

  it('names Stripe while it does not answer, and no longer once it answers again', async () => {
    await proxy.stop();
    expect(await stripeProblems()).toEqual([expect.stringMatching(/^Stripe does not take calls: .+/)]);
    await proxy.start();
    expect(await eventually(stripeProblems, (problems) => problems.length === 0, 20000)).toEqual([]);
  }, 30000);
});
