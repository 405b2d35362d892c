import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import { Pool, types } from 'pg';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
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

export function createDatabase(databaseUrl: string, max = 10): Database {
  const pool = new Pool({ connectionString: databaseUrl, max, connectionTimeoutMillis: 5000 });
  const logger = new Logger('Database');
  // Every client gets its own 'error' listener: pg-pool listens only while a client is idle, so a checked-out client (a
  // transaction between statements, a query in flight) that loses its server emitted an uncaught 'error' that ended the
  // process. The query or transaction in flight fails on its own and maps to a 503; the pool drops the
  // broken client and the next query reconnects.
  pool.on('connect', (client) =>
    client.on('error', (error) => logger.warn({ msg: 'PostgreSQL connection lost', err: error.message })),
  );
  // pg-pool re-emits an idle client's error on the pool, which throws with no listener; the client's listener logged it.
  pool.on('error', () => undefined);
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

@Injectable()
class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(@Inject(KYSELY) private readonly db: Database) {}
  async onApplicationShutdown() {
    await this.db.destroy();
  }
}

@Global()
@Module({
  providers: [
    { provide: KYSELY, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createDatabase(config.DATABASE_URL) },
    DatabaseLifecycle,
  ],
  exports: [KYSELY],
})
export class DatabaseModule {}
