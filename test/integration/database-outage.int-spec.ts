import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { sql } from 'kysely';
import { Client } from 'pg';
import {
  APP_CONFIG,
  KYSELY,
  dropDatabase,
  ensureDatabase,
  isDependencyDown,
  maintenanceUrl,
  migrate,
  type AppConfig,
  type Database,
} from '@oddspulse/core';
import { CLOCK, OddsHistoryWriterService, OddsPipelineService, WorkersModule } from '@oddspulse/workers';
import { Logger } from '@nestjs/common';
import { createAccountsApp, signUp, TEST_PASSWORD, type AccountsTestApp } from '../support/accounts-app';
import { createGatewayApp, RecordingClient } from '../support/gateway-app';
import { eventually } from '../support/realtime-listener';
import { TcpProxy } from '../support/tcp-proxy';

const SPORT = 'basketball_nba';

/** The run's database URL with its host and port replaced by the proxy's. */
function throughProxy(databaseUrl: string, port: number): string {
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return url.toString();
}

/** A query in flight and a transaction holding its client between statements, both on `db`, when the link is cut. */
async function cutMidQuery(db: Database, proxy: TcpProxy): Promise<unknown[]> {
  let inTransaction!: () => void;
  const holding = new Promise<void>((resolve) => (inTransaction = resolve));
  const transaction = db
    .transaction()
    .execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      inTransaction();
      await new Promise((r) => setTimeout(r, 1500));
      await sql`SELECT 2`.execute(trx);
    })
    .then(
      () => null,
      (error: unknown) => error,
    );
  const inFlight = sql`SELECT pg_sleep(5)`.execute(db).then(
    () => null,
    (error: unknown) => error,
  );
  await holding;
  await new Promise((r) => setTimeout(r, 200));
  await proxy.stop();
  return Promise.all([inFlight, transaction]);
}

// PostgreSQL lost with queries in flight, in the API server and in a worker. Neither process ends
// (a checked-out pg client's 'error' used to be uncaught), requests answer a quick 503 with the catalogue's message
// while the database is away, and everything works again once it is back, with no restart.
describe('PostgreSQL lost mid-query (real PostgreSQL behind a TCP proxy the test cuts)', () => {
  const proxy = new TcpProxy(Number(new URL(process.env.DATABASE_URL!).port || 5432));
  let t: AccountsTestApp;
  let worker: INestApplicationContext;
  // a time no other spec polls at: the history rows it counts are its own (specs run side by side on one database)
  let clock = Date.parse('2026-03-04T20:00:00Z');
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught);
    const port = await proxy.start();
    const DATABASE_URL = throughProxy(process.env.DATABASE_URL!, port);
    t = await createAccountsApp({ DATABASE_URL, REDIS_PREFIX: `${process.env.REDIS_PREFIX}-pgcut` });
    const config: AppConfig = {
      ...t.config,
      ODDS_PROVIDER: 'simulator',
      SIMULATOR_SEED: 3,
      FEED_SPORTS: [],
      SCHEDULER_TICK_MS: 60_000,
    };
    const moduleRef = await Test.createTestingModule({ imports: [WorkersModule] })
      .overrideProvider(APP_CONFIG)
      .useValue(config)
      .overrideProvider(CLOCK)
      .useValue(() => clock)
      .compile();
    moduleRef.useLogger(false);
    worker = await moduleRef.init();
  });

  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await worker?.close();
    await t?.app.close();
    await proxy.stop();
  });

  const login = () =>
    t.http().post('/api/auth/login').send({ email: 'nobody-pgcut@example.com', password: TEST_PASSWORD });

  it('the API server survives, answers 503 quickly during the outage and recovers after it', async () => {
    expect((await login()).status).toBe(400);

    const failures = await cutMidQuery(t.db, proxy);
    for (const failure of failures) expect(isDependencyDown(failure)).toBe(true);

    const started = Date.now();
    const during = await login();
    expect(during.status).toBe(503);
    expect(during.body).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Temporarily unavailable. Please try again shortly.',
    });
    expect(during.headers['retry-after']).toBe('5');
    expect(Date.now() - started).toBeLessThan(2000);

    // every health request checks PostgreSQL again: the outage is one line, not one per request
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      for (let i = 0; i < 5; i++) expect((await t.http().get('/api/health')).status).toBe(503);
      expect(
        warn.mock.calls.filter((call) => JSON.stringify(call).includes('PostgreSQL health check failed')).length,
      ).toBeLessThanOrEqual(1);
    } finally {
      warn.mockRestore();
    }

    await proxy.start();
    expect((await login()).status).toBe(400);
    expect(uncaught).toEqual([]);
  });

  // A socket's handshake reads the session from PostgreSQL: during a cut it is refused as UNAVAILABLE, which the
  // browser retries with backoff (client/src/realtime/live-socket.ts retries every connect_error), logged as a
  // warning with its reason, not a SERVER_ERROR logged as an error; and it connects once the database is back.
  it('refuses a socket handshake during the outage as UNAVAILABLE, warns once, and connects after it', async () => {
    const gateway = await createGatewayApp({
      DATABASE_URL: t.config.DATABASE_URL,
      REDIS_PREFIX: t.config.REDIS_PREFIX,
    });
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const error = jest.spyOn(Logger.prototype, 'error');
    try {
      const { session } = await signUp(gateway);
      await proxy.stop();
      const refusals = [];
      for (let i = 0; i < 3; i++) {
        const client = new RecordingClient(gateway.url, { token: session.access_token });
        refusals.push(
          await client.connect().then(
            () => null,
            (refused: Error & { data?: { code?: string } }) => ({ message: refused.message, code: refused.data?.code }),
          ),
        );
        client.close();
      }
      expect(refusals).toEqual(
        Array(3).fill({ code: 'UNAVAILABLE', message: 'Live updates are unavailable right now. Please try again.' }),
      );
      const handshakeWarnings = warn.mock.calls.filter(([line]) =>
        (line as { msg?: string }).msg?.startsWith('Socket handshake refused'),
      );
      expect(handshakeWarnings).toEqual([
        [expect.objectContaining({ reason: expect.any(String), suppressedRepeats: 0 })],
      ]);
      expect(error.mock.calls.filter(([line]) => /handshake/i.test(JSON.stringify(line)))).toEqual([]);

      await proxy.start();
      const after = new RecordingClient(gateway.url, { token: session.access_token });
      await expect(after.connect()).resolves.toBeUndefined();
      after.close();
    } finally {
      warn.mockRestore();
      error.mockRestore();
      await gateway.app.close();
    }
  });

  it('a worker survives losing the database: it keeps publishing, and stores the history it held once the database is back', async () => {
    const pipeline = worker.get(OddsPipelineService);
    const writer = worker.get(OddsHistoryWriterService);
    const db = worker.get<Database>(KYSELY);
    const rowsAt = async (at: number) =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT count(*) AS n FROM odds_history WHERE sport_key = ${SPORT} AND recorded_at = ${new Date(at)}`.execute(
            db,
          )
        ).rows[0].n,
      );
    clock += 30_000;
    expect((await pipeline.pollOdds({ sport: SPORT, tick: 1 })).outcome).toMatch(/updated|unchanged/);
    await writer.flush();

    const failures = await cutMidQuery(db, proxy);
    for (const failure of failures) expect(isDependencyDown(failure)).toBe(true);
    clock += 30_000;
    const heldAt = clock;
    // The simulator moves prices every poll: the diff goes out and its history waits in the outbox (spec'd freshness
    // does not wait on PostgreSQL); storing it fails until the database is back.
    const during = await pipeline.pollOdds({ sport: SPORT, tick: 2 });
    expect(during).toMatchObject({ outcome: 'updated' });
    expect(during.historyRows).toBeGreaterThan(0);
    const storing = await writer.flush().then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDependencyDown(storing)).toBe(true);
    // the writer tries every 250 ms: six tries, at most one line
    const warn = jest.spyOn(Logger.prototype, 'warn');
    await new Promise((r) => setTimeout(r, 1500));
    expect(
      warn.mock.calls.filter((call) => JSON.stringify(call).includes('Odds history not stored yet')).length,
    ).toBeLessThanOrEqual(1);
    warn.mockRestore();

    await proxy.start();
    expect(
      await eventually(
        () =>
          writer.flush().then(
            () => rowsAt(heldAt),
            () => -1,
          ),
        (n) => n === during.historyRows,
      ),
    ).toBe(during.historyRows);
    clock += 30_000;
    expect((await pipeline.pollOdds({ sport: SPORT, tick: 3 })).outcome).toMatch(/updated|unchanged/);
    expect(uncaught).toEqual([]);
  });
});

// PostgreSQL answering but refusing the database's new connections while the server runs: connections switched off for
// maintenance (ALLOW_CONNECTIONS false, its sessions ended), then the database gone (renamed away). Each is an outage
// for a request, not a bug: 503 with Retry-After, health naming PostgreSQL's reason, and served again once the database
// takes connections, with no restart. A database of the spec's own: the run's is never switched off.
describe('PostgreSQL refusing connections to the database', () => {
  const urlOf = (database: string) => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const name = `${new URL(process.env.DATABASE_URL!).pathname.slice(1)}_refused`;
  const away = `${name}_away`;
  const url = urlOf(name);
  const admin = new Client({ connectionString: maintenanceUrl(url) });
  let t: AccountsTestApp;

  beforeAll(async () => {
    await ensureDatabase(url);
    await migrate(url);
    await admin.connect();
    t = await createAccountsApp({ DATABASE_URL: url, REDIS_PREFIX: `${process.env.REDIS_PREFIX}-refused` });
  });

  afterAll(async () => {
    await t?.app.close();
    await admin.end();
    await dropDatabase(url);
    await dropDatabase(urlOf(away));
  });

  /** Ends the database's sessions (the server's pooled connections) and waits until none is left. */
  async function endSessions(database: string) {
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]);
    await eventually(
      async () => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE datname = $1', [database])).rowCount,
      (left) => left === 0,
    );
  }

  const login = () =>
    t.http().post('/api/auth/login').send({ email: 'nobody-refused@example.com', password: TEST_PASSWORD });

  async function expectOutage(reason: string) {
    // the first answers may come from a pooled connection that was ended; the rest connect anew and are refused
    for (let i = 0; i < 3; i++) {
      const during = await login();
      expect(during.status).toBe(503);
      expect(during.body).toEqual({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'Temporarily unavailable. Please try again shortly.',
      });
      expect(during.headers['retry-after']).toBe('5');
    }
    const health = await t.http().get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body.problems).toContain(`PostgreSQL does not answer: ${reason}`);
  }

  it('answers 503 while its connections are switched off and while it is gone, and serves again after', async () => {
    expect((await login()).status).toBe(400);

    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    await endSessions(name);
    await expectOutage(`database "${name}" is not currently accepting connections`);

    await admin.query(`ALTER DATABASE "${name}" RENAME TO "${away}"`);
    await admin.query(`ALTER DATABASE "${away}" ALLOW_CONNECTIONS true`);
    await expectOutage(`database "${name}" does not exist`);

    await admin.query(`ALTER DATABASE "${away}" RENAME TO "${name}"`);
    expect((await login()).status).toBe(400);
  });
});
