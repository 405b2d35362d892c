import { Inject, Injectable } from '@nestjs/common';
import type { Transaction } from 'kysely';
import { KYSELY, type Database, type Executor } from '../database/database.module';
import type { BillingLocalObjects, DB } from '../database/schema';

export type LocalObjectKind = BillingLocalObjects['object'];

/** A Stripe-shaped object of the local checkout: `id`, `object` and whatever Stripe's API would answer with. */
export type LocalObject = Record<string, unknown> & { id: string };

/** The local checkout's customers, sessions, subscriptions and invoices (used only without a Stripe key). */
@Injectable()
export class LocalStripeRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Inserts or replaces the object. */
  async save(
    kind: LocalObjectKind,
    object: LocalObject,
    customerId: string | null,
    db: Executor = this.db,
  ): Promise<void> {
    const data = JSON.stringify(object);
    await db
      .insertInto('billing_local_objects')
      .values({ id: object.id, object: kind, customer_id: customerId, data })
      .onConflict((oc) => oc.column('id').doUpdateSet({ data, customer_id: customerId }))
      .execute();
  }

  /** Inserts the object unless one with its id exists; returns the stored one. */
  async saveIfMissing(kind: LocalObjectKind, object: LocalObject, customerId: string | null): Promise<LocalObject> {
    await this.db
      .insertInto('billing_local_objects')
      .values({ id: object.id, object: kind, customer_id: customerId, data: JSON.stringify(object) })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return (await this.find(kind, object.id))!;
  }

  async find(kind: LocalObjectKind, id: string): Promise<LocalObject | undefined> {
    const row = await this.db
      .selectFrom('billing_local_objects')
      .select('data')
      .where('id', '=', id)
      .where('object', '=', kind)
      .executeTakeFirst();
    return row?.data as LocalObject | undefined;
  }

  /** The object, locked until `trx` ends: what it is read as is what the transaction may change it from. */
  async findForUpdate(kind: LocalObjectKind, id: string, trx: Transaction<DB>): Promise<LocalObject | undefined> {
    const row = await trx
      .selectFrom('billing_local_objects')
      .select('data')
      .where('id', '=', id)
      .where('object', '=', kind)
      .forUpdate()
      .executeTakeFirst();
    return row?.data as LocalObject | undefined;
  }

  async listOf(kind: LocalObjectKind, customerId: string): Promise<LocalObject[]> {
    const rows = await this.db
      .selectFrom('billing_local_objects')
      .select('data')
      .where('customer_id', '=', customerId)
      .where('object', '=', kind)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.data as LocalObject);
  }
}
