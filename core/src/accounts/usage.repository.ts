import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { KYSELY, type Database } from '../database/database.module';

/** Monthly odds-data call counters of metered (free-plan) users. */
@Injectable()
export class UsageRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  /**
   * Counts one call if the month's counter is below the quota, in one statement, so concurrent requests
   * can never push it past the quota. Returns the new count, or null when the quota was already reached.
   */
  async incrementBelow(userId: string, period: string, quota: number): Promise<number | null> {
    if (quota <= 0) return null;
    const row = await this.db
      .insertInto('usage_counters')
      .values({ user_id: userId, period, calls: 1 })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'period'])
          .doUpdateSet({ calls: sql<number>`usage_counters.calls + 1` })
          .where('usage_counters.calls', '<', quota),
      )
      .returning('calls')
      .executeTakeFirst();
    return row ? row.calls : null;
  }

  /** Gives back a call counted by incrementBelow whose request then failed (only answers count). */
  async decrement(userId: string, period: string): Promise<void> {
    await this.db
      .updateTable('usage_counters')
      .set({ calls: sql<number>`calls - 1` })
      .where('user_id', '=', userId)
      .where('period', '=', period)
      .where('calls', '>', 0)
      .execute();
  }

  async calls(userId: string, period: string): Promise<number> {
    const row = await this.db
      .selectFrom('usage_counters')
      .select('calls')
      .where('user_id', '=', userId)
      .where('period', '=', period)
      .executeTakeFirst();
    return row?.calls ?? 0;
  }
}
