import { Inject, Injectable } from '@nestjs/common';
import { KYSELY, type Database, type Executor } from '../database/database.module';
import type { Selectable, Transaction } from 'kysely';
import type { DB, Preferences } from '../database/schema';

export interface PreferencesRow {
  sportsbooks: string[];
  props_sportsbooks: string[];
  bankroll_cents: number;
  favorites: string[];
  odds_format: Selectable<Preferences>['odds_format'];
  /** The user's own exchange commission rates (FRACTIONS, by canonical book key). */
  commissions: Record<string, number>;
  updated_at: Date | null;
}

/** A user's preferences as read and as written back. */
const PREFERENCES_COLUMNS = [
  'sportsbooks',
  'props_sportsbooks',
  'bankroll_cents',
  'favorites',
  'odds_format',
  'commissions',
  'updated_at',
] as const;

@Injectable()
export class PreferencesRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async find(userId: string): Promise<PreferencesRow | undefined> {
    const row = await this.db
      .selectFrom('preferences')
      .select(PREFERENCES_COLUMNS)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && { ...row, bankroll_cents: Number(row.bankroll_cents) };
  }

  /**
   * The user's row, locked until `trx` ends, so that a read-merge-write of a partial update (PUT /api/preferences)
   * cannot interleave with another's. A user without a row is first given `defaults` (ON CONFLICT DO NOTHING: of two
   * first saves at once, the second waits for the first's row), since a row that does not exist cannot be locked.
   */
  async findForUpdate(
    userId: string,
    defaults: Omit<PreferencesRow, 'updated_at'>,
    trx: Transaction<DB>,
  ): Promise<PreferencesRow> {
    await trx
      .insertInto('preferences')
      .values({ user_id: userId, ...defaults, commissions: JSON.stringify(defaults.commissions) })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const row = await trx
      .selectFrom('preferences')
      .select(PREFERENCES_COLUMNS)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return { ...row, bankroll_cents: Number(row.bankroll_cents) };
  }

  async save(
    userId: string,
    prefs: Omit<PreferencesRow, 'updated_at'>,
    db: Executor = this.db,
  ): Promise<PreferencesRow> {
    const values = { ...prefs, commissions: JSON.stringify(prefs.commissions), updated_at: new Date() };
    const row = await db
      .insertInto('preferences')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .returning(PREFERENCES_COLUMNS)
      .executeTakeFirstOrThrow();
    return { ...row, bankroll_cents: Number(row.bankroll_cents) };
  }
}
