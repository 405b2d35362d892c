import { join } from 'node:path';
import { BuiltProcess } from '../support/built-process';
import { OwnRedis } from '../support/own-redis';
import { TcpProxy } from '../support/tcp-proxy';

const WORKERS_MAIN = join(__dirname, '..', '..', 'workers', 'dist', 'main.js');
/** workers/src/main.ts SHUTDOWN_GRACE_MS: how long a shutdown may wait on its jobs and connections. */
const GRACE_MS = 30_000;

// A worker sent SIGTERM while Redis was down never exited (BullMQ's close waits on connections that
// retry forever). The built workers process (`npx tsc -b core server workers` first) on the test's own redis-server,
// stopped before the signal. Everything it prints meanwhile is JSON lines, what the queue and
// database libraries say of their lost connections included (PostgreSQL is cut first, through a TCP proxy).
describe('workers process sent SIGTERM with Redis down (own redis-server, PostgreSQL behind a proxy)', () => {
  const proxy = new TcpProxy(Number(new URL(process.env.DATABASE_URL!).port || 5432));
  let redis: OwnRedis;
  let worker: BuiltProcess | null = null;

  beforeAll(async () => {
    redis = await OwnRedis.started();
  });

  afterAll(async () => {
    worker?.stop();
    await redis.stop();
    await proxy.stop();
  });

  it('exits 0 within seconds, printing only JSON lines, none of them an error', async () => {
    const database = new URL(process.env.DATABASE_URL!);
    database.hostname = '127.0.0.1';
    database.port = String(await proxy.start());
    worker = await BuiltProcess.started(
      WORKERS_MAIN,
      {
        DATABASE_URL: database.toString(),
        REDIS_URL: redis.url,
        REDIS_PREFIX: `${process.env.REDIS_PREFIX}-shutdown`,
        ODDS_PROVIDER: 'simulator',
        SCORES_PROVIDER: 'simulator',
        FEED_SPORTS: 'basketball_nba',
        SCHEDULER_TICK_MS: '1000',
        LOG_LEVEL: 'info',
        WORKERS_METRICS_PORT: '',
      },
      'Workers started',
    );

    // PostgreSQL lost under the polls (the history writes fail), then Redis; long enough for the connections to
    // notice and retry, and the libraries to complain.
    await proxy.stop();
    await new Promise((r) => setTimeout(r, 4000));
    await redis.stop();
    await new Promise((r) => setTimeout(r, 1500));
    const signalled = Date.now();
    worker.kill('SIGTERM');
    const { at, code } = await worker.exited;
    // No job can finish with Redis down, so none is waited for: the workers close with force at once (the jobs in
    // flight are BullMQ's to retry) and exit 0, well inside the grace period, which is a last resort exiting 1.
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(GRACE_MS / 3);

    expect(worker.notJsonLines()).toEqual([]);
    expect(worker.lines.some((line) => /terminated|ECONNRESET|ECONNREFUSED|Connection/i.test(line))).toBe(true);
    // PostgreSQL and Redis away are outside failures: warnings with their reason, never errors with a stack.
    const logged = worker.lines.map((line) => JSON.parse(line) as { level: string; msg: string });
    expect(logged.filter((line) => line.level === 'error')).toEqual([]);
  }, 60_000);
});
