import { Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { TcpProxy } from '../../../test/support/tcp-proxy';
import { isDependencyDown } from '../util/dependency-errors';
import { CLOSE_MS } from '../util/close-or-force';
import { closeDatabase, createDatabase, type Database } from './database.module';

// schema.ts is generated with bigint and numeric as numbers and a date as its text (core/.kysely-codegenrc.json):
// what the pool reads must be what those types say.
describe('createDatabase: values read as schema.ts types them', () => {
  let db: Database;
  beforeAll(() => {
    db = createDatabase(process.env.DATABASE_URL!, 1);
  });
  afterAll(() => db.destroy());

  it('reads a date as its YYYY-MM-DD text, and bigint and numeric as numbers', async () => {
    const { rows } = await sql<{ day: unknown; cents: unknown; edge: unknown }>`
      SELECT '2026-11-01'::date AS day, 12345::bigint AS cents, 0.0425::numeric AS edge`.execute(db);
    expect(rows).toEqual([{ day: '2026-11-01', cents: 12345, edge: 0.0425 }]);
  });
});

// The API server's pool (RequestTimeouts) with PostgreSQL behind a proxy the test silences: a statement with no answer
// fails after the time-out as a dependency outage, a transaction's with it (its ROLLBACK not waiting a second time-out),
// and the client it ran on is not handed out again: a connection that never answers again costs one time-out, not one
// per request that draws it from the pool.
describe('createDatabase with a query time-out: PostgreSQL that stops answering', () => {
  const TIMEOUT_MS = 500;
  const proxy = new TcpProxy(Number(new URL(process.env.DATABASE_URL!).port || 5432));
  let db: Database;

  beforeAll(() => proxy.start());
  // one connection: the next statement gets the client the last one timed out on, unless it was ended
  beforeEach(() => {
    const url = new URL(process.env.DATABASE_URL!);
    url.port = String(proxy.port);
    db = createDatabase(url.toString(), 1, TIMEOUT_MS);
  });
  afterEach(() => db.destroy());
  afterAll(() => proxy.stop());

  /** How `work` settled, and in how many ms. */
  const timed = async (work: Promise<unknown>) => {
    const started = Date.now();
    const outcome = await work.then(
      () => 'answered',
      (error: unknown) => (isDependencyDown(error) ? 'outage' : `failed: ${(error as Error).message}`),
    );
    return { outcome, ms: Date.now() - started };
  };

  it('has PostgreSQL stop a statement past the time-out too, not only stop waiting for it', async () => {
    const { rows } = await sql<{ statement_timeout: string }>`SHOW statement_timeout`.execute(db);
    expect(rows).toEqual([{ statement_timeout: `${TIMEOUT_MS}ms` }]);
  });

  it('fails a statement after the time-out and ends its client: the next one connects anew', async () => {
    await sql`SELECT 1`.execute(db);
    proxy.silence();
    const statement = await timed(sql`SELECT 1`.execute(db));
    expect(statement.outcome).toBe('outage');
    expect(statement.ms).toBeLessThan(2 * TIMEOUT_MS);

    // PostgreSQL answers again, on new connections: the old ones stay silent for good
    proxy.abandon();
    expect((await timed(sql`SELECT 1`.execute(db))).outcome).toBe('answered');
  });

  it('fails a transaction whose statement times out after one time-out: its ROLLBACK does not wait on the silence', async () => {
    await sql`SELECT 1`.execute(db);
    const transaction = await timed(
      db.transaction().execute(async (trx) => {
        proxy.silence();
        await sql`SELECT 1`.execute(trx);
      }),
    );
    expect(transaction.outcome).toBe('outage');
    expect(transaction.ms).toBeLessThan(1.5 * TIMEOUT_MS);

    proxy.abandon();
    expect((await timed(sql`SELECT 1`.execute(db))).outcome).toBe('answered');
  });
});

// SIGTERM closes the pool, and pg's pool end waits for every client checked out to be released: a transaction that
// does not end (a statement held on a lock, a connection gone silent) kept the process from exiting.
describe('closeDatabase: a client checked out and never released', () => {
  it('drops the pool’s connections after CLOSE_MS, with a warning naming PostgreSQL', async () => {
    const db = createDatabase(process.env.DATABASE_URL!, 2);
    const logger = new Logger('Database');
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    let inTransaction!: () => void;
    let carryOn!: () => void;
    const began = new Promise<void>((resolve) => (inTransaction = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      inTransaction();
      await new Promise<void>((resolve) => (carryOn = resolve));
      await sql`SELECT 1`.execute(trx);
    });
    await began;

    const started = Date.now();
    await closeDatabase(db, logger);
    expect(Date.now() - started).toBeLessThan(CLOSE_MS + 1000);
    expect(warn).toHaveBeenCalledWith(
      { timeoutMs: CLOSE_MS },
      `the close of the PostgreSQL pool timed out after ${CLOSE_MS} ms; its connections are dropped`,
    );
    // the connection is gone, not merely left behind: the transaction's next statement fails
    carryOn();
    await expect(transaction).rejects.toThrow();
  });
});
