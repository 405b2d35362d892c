import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Kysely, PostgresDialect } from 'kysely';
import { Pool, types } from 'pg';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import type { DB } from './schema';

export const KYSELY = Symbol('KYSELY');
export type Database = Kysely<DB>;

// bigint columns hold cents and counts far below 2^53, and numeric columns hold edges and odds: read both as
// numbers instead of pg's default strings.
types.setTypeParser(types.builtins.INT8, (value) => Number.parseInt(value, 10));
types.setTypeParser(types.builtins.NUMERIC, (value) => Number.parseFloat(value));

export function createDatabase(databaseUrl: string, max = 10): Database {
  const pool = new Pool({ connectionString: databaseUrl, max, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server emits 'error' on the pool; the pool drops it and the next query reconnects.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL idle client error: ${error.message}`));
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
  providers: [{ provide: KYSELY, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createDatabase(config.DATABASE_URL) }, DatabaseLifecycle],
  exports: [KYSELY],
})
export class DatabaseModule {}
