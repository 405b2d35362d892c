import { Inject, Injectable } from '@nestjs/common';
import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import { Database, KYSELY } from '../database/database.module';
import type { DB, PicksTable } from '../database/schema';

export type PickRow = Selectable<PicksTable>;
export type NewPickRow = Insertable<PicksTable>;
export type PickSort = 'date' | 'profit' | 'odds' | 'sport';

export interface PickQuery {
  since?: Date;
  status?: PickRow['status'];
}

/** Thin data access for picks; every write that settles a pick only touches pending rows. */
@Injectable()
export class PicksRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  list(userId: string, query: PickQuery = {}): Promise<PickRow[]> {
    let select = this.db.selectFrom('picks').selectAll().where('user_id', '=', userId);
    if (query.since) select = select.where('date_added', '>=', query.since);
    if (query.status) select = select.where('status', '=', query.status);
    return select.orderBy('date_added', 'desc').orderBy('id').execute();
  }

  find(userId: string, id: string): Promise<PickRow | undefined> {
    return this.db.selectFrom('picks').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  }

  create(row: NewPickRow, trx?: Transaction<DB>): Promise<PickRow> {
    return (trx ?? this.db).insertInto('picks').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** Settles a pick if, and only if, it is still pending; undefined when it was not. */
  settle(id: string, changes: Updateable<PicksTable>, userId?: string): Promise<PickRow | undefined> {
    let update = this.db
      .updateTable('picks')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'pending');
    if (userId) update = update.where('user_id', '=', userId);
    return update.returningAll().executeTakeFirst();
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('picks').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Pending picks added since a date, across users (the settlement worker's look-back window). */
  pendingSince(since: Date | null, userId?: string): Promise<PickRow[]> {
    let select = this.db.selectFrom('picks').selectAll().where('status', '=', 'pending');
    if (since) select = select.where('date_added', '>=', since);
    if (userId) select = select.where('user_id', '=', userId);
    return select.orderBy('date_added').execute();
  }

  /** Pending picks that settle against one sport: by their sport key, or by a league text naming it. */
  pendingForSport(sport: string, leagueNames: readonly string[]): Promise<PickRow[]> {
    return this.db
      .selectFrom('picks')
      .selectAll()
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('sport', '=', sport), eb(eb.fn('upper', ['league']), 'in', leagueNames)]))
      .orderBy('date_added')
      .execute();
  }

  /** Records a closing line once: a later call does not overwrite the first close. */
  async recordClose(id: string, closingOdds: number, clv: number): Promise<void> {
    await this.db
      .updateTable('picks')
      .set({ closing_odds: closingOdds, clv, updated_at: new Date() })
      .where('id', '=', id)
      .where('closing_odds', 'is', null)
      .execute();
  }

  /** Runs an import exactly once per user: the pick_imports row is the lock and the record. */
  importOnce<T>(userId: string, work: (trx: Transaction<DB>) => Promise<{ imported: number; skipped: number; result: T }>) {
    return this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('pick_imports')
        .values({ user_id: userId, imported: 0, skipped: 0 })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!claimed) return null;
      const outcome = await work(trx);
      await trx.updateTable('pick_imports').set({ imported: outcome.imported, skipped: outcome.skipped }).where('user_id', '=', userId).execute();
      return outcome;
    });
  }

  /** Inserts unless the user already has a pick with that client id; true when inserted. */
  async createIfNew(row: NewPickRow, trx: Transaction<DB>): Promise<boolean> {
    const inserted = await trx
      .insertInto('picks')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'client_id']).where('client_id', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    return Boolean(inserted);
  }
}
