import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Database, KYSELY } from './database.module';

/** Whether PostgreSQL answers, for health checks. */
@Injectable()
export class DatabaseProbe {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  async ping(): Promise<void> {
    await sql`SELECT 1`.execute(this.db);
  }
}
