import { Inject, Injectable } from '@nestjs/common';
import { KYSELY, type Database, type Executor } from '../database/database.module';
import type { Selectable } from 'kysely';
import type { PlanStates } from '../database/schema';

export type PlanStateRow = Selectable<PlanStates>;
export type PlanStatePatch = Partial<Omit<PlanStateRow, 'user_id' | 'updated_at'>>;

/** The plan row's columns, as `PlanColumns` names them, for a query that left-joins `plan_states as p`. */
export const JOINED_PLAN_COLUMNS = [
  'p.plan',
  'p.status',
  'p.current_period_end',
  'p.cancel_at_period_end',
  'p.is_gifted',
  'p.unlimited',
] as const;

@Injectable()
export class PlanRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  find(userId: string, db: Executor = this.db): Promise<PlanStateRow | undefined> {
    return db.selectFrom('plan_states').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Inserts the row with free-plan defaults when missing, then applies the patch. */
  upsert(userId: string, patch: PlanStatePatch, db: Executor = this.db): Promise<PlanStateRow> {
    const defaults = {
      plan: 'free' as const,
      status: 'active' as const,
      current_period_end: null,
      is_gifted: false,
      cancel_at_period_end: false,
      unlimited: false,
    };
    return db
      .insertInto('plan_states')
      .values({ user_id: userId, ...defaults, ...patch })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...patch, updated_at: new Date() }))
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
