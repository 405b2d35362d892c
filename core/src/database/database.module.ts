import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { Socket } from 'node:net';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import { Pool, type PoolClient, types } from 'pg';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { REQUEST_TIMEOUTS, type RequestTimeouts } from '../config/request-timeouts';
import { closeOrForce } from '../util/close-or-force';
import type { DB } from './schema';

export const KYSELY = Symbol('KYSELY');
export type Database = Kysely<DB>;
/** The database or a transaction on it: what a repository method runs on when it may join its caller's transaction. */
export type Executor = Database | Transaction<DB>;

// bigint columns hold cents and counts far below 2^53, and numeric columns hold edges and odds: read both as
// numbers instead of pg's default strings. A date (a usage counter's month) stays its YYYY-MM-DD text, which pg would
// read as local midnight. schema.ts is generated to match (core/.kysely-codegenrc.json).
types.setTypeParser(types.builtins.INT8, (value) => Number.parseInt(value, 10));
types.setTypeParser(types.builtins.NUMERIC, (value) => Number.parseFloat(value));
types.setTypeParser(types.builtins.DATE, (value) => value);

/** The sockets of each pool createDatabase made (Kysely does not give its pool back). */
const poolSockets = new WeakMap<Database, Set<Socket>>();

/**
 * A pool of `max` connections to `databaseUrl`. With `queryTimeoutMs` (the API server's, RequestTimeouts) a statement
 * not answered within it fails (pg's `Query read timeout`, or PostgreSQL's statement_timeout, SQLSTATE 57014, which
 * also stops the server working on a statement its client gave up on), and so does a wait for a connection: a
 * PostgreSQL that stops answering gets a quick 503 rather than requests held for minutes (docs/operating.md,
 * "Outages"). Without it (workers, the CLI) statements take what they take and a connection is waited for 5 s.
 */
export function createDatabase(databaseUrl: string, max = 10, queryTimeoutMs?: number): Database {
  // Every connection's socket, for closeDatabase to destroy should the pool's end not come.
  const sockets = new Set<Socket>();
  const pool = new Pool({
    connectionString: databaseUrl,
    max,
    stream: () => {
      const socket = new Socket();
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      return socket;
    },
    connectionTimeoutMillis: queryTimeoutMs ?? 5000,
    ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs, statement_timeout: queryTimeoutMs } : {}),
  });
  const logger = new Logger('Database');
  // Every client gets its own 'error' listener: pg-pool listens only while a client is idle, so a checked-out client (a
  // transaction between statements, a query in flight) that loses its server emitted an uncaught 'error' that ended the
  // process. The query or transaction in flight fails on its own and maps to a 503; the pool drops the
  // broken client and the next query reconnects.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger.warn({ msg: 'PostgreSQL connection lost', err: error.message }));
    if (queryTimeoutMs) endOnReadTimeout(client, logger);
  });
  // pg-pool re-emits an idle client's error on the pool, which throws with no listener; the client's listener logged it.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  poolSockets.set(db, sockets);
  return db;
}

/**
 * A client whose statement timed out is ended at once. pg gives up on the statement but keeps waiting for its answer
 * on the same connection, and Kysely hands the client back to the pool as sound: every later statement on it queued
 * behind the unanswered one (a transaction's ROLLBACK too, one more full wait before the request could answer), and
 * on a connection that never answers again, for good. Ending it (pg destroys the socket of a client with a statement
 * in flight) fails that ROLLBACK at once, and pg-pool drops an ended client when it is released; the next query
 * connects anew, so recovery needs no restart.
 */
function endOnReadTimeout(client: PoolClient, logger: Logger): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    // registered before the caller's own handler, so the client is ending before the caller sees the failure
    if (result instanceof Promise)
      result.catch((error: unknown) => {
        if ((error as Error | undefined)?.message !== 'Query read timeout') return;
        // the pool drops the client all the same when it is released; a failed end is only worth knowing of
        client
          .end()
          .catch((ended: Error) =>
            logger.warn({ msg: 'PostgreSQL connection not ended after a read timeout', err: ended.message }),
          );
      });
    return result;
  }) as PoolClient['query'];
}

/**
 * Closes `db`'s pool at shutdown. pg's pool end waits for every client checked out to be released, which a
 * transaction that does not end (a statement held on a lock, a PostgreSQL gone silent) never does: past CLOSE_MS its
 * connections are destroyed instead, with a warning, so the process still exits.
 */
export function closeDatabase(db: Database, logger: Logger): Promise<void> {
  return closeOrForce(
    db.destroy(),
    () => {
      for (const socket of poolSockets.get(db) ?? []) socket.destroy();
    },
    'the close of the PostgreSQL pool',
    logger,
  );
}

@Injectable()
class DatabaseLifecycle implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  constructor(@Inject(KYSELY) private readonly db: Database) {}
  async onApplicationShutdown() {
    await closeDatabase(this.db, this.logger);
  }
}

@Global()
@Module({
  providers: [
    {
      provide: KYSELY,
      inject: [APP_CONFIG, { token: REQUEST_TIMEOUTS, optional: true }],
      useFactory: (config: AppConfig, timeouts?: RequestTimeouts) =>
        createDatabase(config.DATABASE_URL, 10, timeouts?.databaseQueryMs),
    },
    DatabaseLifecycle,
  ],
  exports: [KYSELY],
})
export class DatabaseModule {}
