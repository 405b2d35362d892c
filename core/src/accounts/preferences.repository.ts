import { Inject, Injectable } from '@nestjs/common';
import { KYSELY, type Database } from '../database/database.module';
import type { Selectable } from 'kysely';
import type { Preferences } from '../database/schema';

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

  async find(userId: string): Promise<PreferencesRow | undefined> {
    const row = await this.db
      .selectFrom('preferences')
      .select(PREFERENCES_COLUMNS)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && { ...row, bankroll_cents: Number(row.bankroll_cents) };
  }

  async save(userId: string, prefs: Omit<PreferencesRow, 'updated_at'>): Promise<PreferencesRow> {
    const values = { ...prefs, commissions: JSON.stringify(prefs.commissions), updated_at: new Date() };
    const row = await this.db
      .insertInto('preferences')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .returning(PREFERENCES_COLUMNS)
      .executeTakeFirstOrThrow();
    return { ...row, bankroll_cents: Number(row.bankroll_cents) };
  }
}
