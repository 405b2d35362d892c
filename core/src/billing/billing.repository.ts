import { Inject, Injectable } from '@nestjs/common';
import { sql, type Selectable, type Transaction } from 'kysely';
import { RENEWING_STATUSES, type SubscriptionSnapshot } from '@oddspulse/shared';
import { KYSELY, type Database, type Executor } from '../database/database.module';
import type { BillingGifts, BillingSubscriptions, DB } from '../database/schema';

export type BillingSubscriptionRow = Selectable<BillingSubscriptions>;
export type BillingGiftRow = Selectable<BillingGifts>;

export type BillingSubscriptionInput = Omit<
  BillingSubscriptionRow,
  'updated_at' | 'payment_failed_at' | 'last_paid_at'
>;

/** The row as the billing rules read it (shared/src/domain/accounts/billing.ts). */
export function toSnapshot(row: BillingSubscriptionRow): SubscriptionSnapshot {
  return {
    id: row.stripe_subscription_id,
    customerId: row.stripe_customer_id,
    status: row.status,
    plan: row.plan,
    priceId: row.price_id,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    endedAt: row.ended_at,
    observedAt: row.observed_at,
  };
}

/** What billing keeps of Stripe: customers, subscriptions, applied event ids and gifts (migration 0007). */
@Injectable()
export class BillingRepository {
  constructor(@Inject(KYSELY) private readonly db: Database) {}

  transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Serialises work on one key (a Stripe customer, a gift's address) until the transaction ends, across processes. */
  async lock(key: string, trx: Transaction<DB>): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`billing:${key}`}, 0))`.execute(trx);
  }

  // --- customers

  findCustomer(userId: string, db: Executor = this.db) {
    return db.selectFrom('billing_customers').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async userOfCustomer(customerId: string, db: Executor = this.db): Promise<string | undefined> {
    const row = await db
      .selectFrom('billing_customers')
      .select('user_id')
      .where('stripe_customer_id', '=', customerId)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Keeps the first customer recorded for the user and returns it (a concurrent checkout may have saved one). */
  async saveCustomer(userId: string, customerId: string, db: Executor = this.db): Promise<string> {
    await db
      .insertInto('billing_customers')
      .values({ user_id: userId, stripe_customer_id: customerId })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const row = await db
      .selectFrom('billing_customers')
      .select('stripe_customer_id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.stripe_customer_id;
  }

  /** Records the user's newest checkout session; returns the one it replaces. */
  async replaceOpenCheckout(userId: string, sessionId: string): Promise<string | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('billing_customers')
        .select('open_checkout_session_id')
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      await trx
        .updateTable('billing_customers')
        .set({ open_checkout_session_id: sessionId })
        .where('user_id', '=', userId)
        .execute();
      return row?.open_checkout_session_id ?? null;
    });
  }

  /** Every customer, a page at a time in user-id order (the reconciliation job). */
  customersAfter(userId: string | null, limit: number) {
    let query = this.db
      .selectFrom('billing_customers')
      .select(['user_id', 'stripe_customer_id'])
      .orderBy('user_id')
      .limit(limit);
    if (userId) query = query.where('user_id', '>', userId);
    return query.execute();
  }

  /**
   * The customers with a subscription that renews (RENEWING_STATUSES, not set to cancel) whose period ended after
   * `since` and by `now`: neither its renewal nor Stripe's word that it failed is recorded yet.
   */
  customersAwaitingRenewal(since: Date, now: Date) {
    return this.db
      .selectFrom('billing_subscriptions as s')
      .innerJoin('billing_customers as c', 'c.stripe_customer_id', 's.stripe_customer_id')
      .select(['c.user_id', 'c.stripe_customer_id'])
      .distinct()
      .where('s.status', 'in', [...RENEWING_STATUSES])
      .where('s.cancel_at_period_end', '=', false)
      .where('s.current_period_end', '>', since)
      .where('s.current_period_end', '<=', now)
      .orderBy('c.user_id')
      .execute();
  }

  // --- subscriptions

  findSubscription(id: string, db: Executor = this.db, forUpdate = false): Promise<BillingSubscriptionRow | undefined> {
    const query = db.selectFrom('billing_subscriptions').selectAll().where('stripe_subscription_id', '=', id);
    return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  }

  subscriptionsOf(userId: string, db: Executor = this.db): Promise<BillingSubscriptionRow[]> {
    return db.selectFrom('billing_subscriptions').selectAll().where('user_id', '=', userId).execute();
  }

  async saveSubscription(row: BillingSubscriptionInput, db: Executor = this.db): Promise<void> {
    const { stripe_subscription_id: _id, ...rest } = row;
    await db
      .insertInto('billing_subscriptions')
      .values(row)
      .onConflict((oc) => oc.column('stripe_subscription_id').doUpdateSet({ ...rest, updated_at: new Date() }))
      .execute();
  }

  /** A failed renewal, unless a later invoice was already paid (invoice events arrive out of order too). */
  async markPaymentFailed(subscriptionId: string, invoiceCreated: Date, db: Executor = this.db): Promise<void> {
    await db
      .updateTable('billing_subscriptions')
      .set({ payment_failed_at: invoiceCreated })
      .where('stripe_subscription_id', '=', subscriptionId)
      .where((eb) => eb.or([eb('last_paid_at', 'is', null), eb('last_paid_at', '<', invoiceCreated)]))
      .where((eb) => eb.or([eb('payment_failed_at', 'is', null), eb('payment_failed_at', '<', invoiceCreated)]))
      .execute();
  }

  /** A paid invoice clears a failure of the same or an earlier invoice. */
  async markInvoicePaid(subscriptionId: string, invoiceCreated: Date, db: Executor = this.db): Promise<void> {
    await db
      .updateTable('billing_subscriptions')
      .set((eb) => ({
        last_paid_at: sql<Date>`greatest(${eb.ref('last_paid_at')}, ${invoiceCreated})`,
        payment_failed_at: sql<Date | null>`CASE WHEN ${eb.ref('payment_failed_at')} <= ${invoiceCreated} THEN NULL ELSE ${eb.ref('payment_failed_at')} END`,
      }))
      .where('stripe_subscription_id', '=', subscriptionId)
      .execute();
  }

  // --- events

  async eventSeen(eventId: string, db: Executor = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('billing_events')
      .select('stripe_event_id')
      .where('stripe_event_id', '=', eventId)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** False when the event was already recorded: its effects were applied once and must not be again. */
  async recordEvent(eventId: string, type: string, db: Executor = this.db): Promise<boolean> {
    const inserted = await db
      .insertInto('billing_events')
      .values({ stripe_event_id: eventId, type })
      .onConflict((oc) => oc.column('stripe_event_id').doNothing())
      .returning('stripe_event_id')
      .executeTakeFirst();
    return Boolean(inserted);
  }

  // --- gifts

  createGift(
    gift: Pick<BillingGiftRow, 'recipient_email' | 'purchaser_user_id' | 'source' | 'status'>,
    db: Executor = this.db,
  ): Promise<BillingGiftRow> {
    return db.insertInto('billing_gifts').values(gift).returningAll().executeTakeFirstOrThrow();
  }

  async setGiftCheckout(giftId: string, sessionId: string): Promise<void> {
    await this.db
      .updateTable('billing_gifts')
      .set({ checkout_session_id: sessionId })
      .where('id', '=', giftId)
      .execute();
  }

  findGift(id: string, db: Executor = this.db): Promise<BillingGiftRow | undefined> {
    return db.selectFrom('billing_gifts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Pending → paid, once; undefined when it was not pending (already paid, granted or expired). */
  markGiftPaid(id: string, db: Executor = this.db): Promise<BillingGiftRow | undefined> {
    return db
      .updateTable('billing_gifts')
      .set({ status: 'paid', paid_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'pending_payment')
      .returningAll()
      .executeTakeFirst();
  }

  async markGiftExpired(id: string): Promise<void> {
    await this.db
      .updateTable('billing_gifts')
      .set({ status: 'expired' })
      .where('id', '=', id)
      .where('status', '=', 'pending_payment')
      .execute();
  }

  /** Paid gifts waiting for an account with this address, oldest first, locked for the grant. */
  waitingGifts(email: string, db: Executor = this.db): Promise<BillingGiftRow[]> {
    return db
      .selectFrom('billing_gifts')
      .selectAll()
      .where('recipient_email', '=', email)
      .where('status', '=', 'paid')
      .orderBy('paid_at')
      .forUpdate()
      .execute();
  }

  async markGiftGranted(
    id: string,
    userId: string,
    grantedAs: 'plan' | 'credit',
    db: Executor = this.db,
  ): Promise<void> {
    await db
      .updateTable('billing_gifts')
      .set({ status: 'granted', granted_as: grantedAs, recipient_user_id: userId, granted_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Gift checkouts still unpaid after `olderThan` (a lost checkout.session.completed), for the reconciliation job. */
  pendingGiftCheckouts(olderThan: Date) {
    return this.db
      .selectFrom('billing_gifts')
      .select(['id', 'checkout_session_id'])
      .where('status', '=', 'pending_payment')
      .where('checkout_session_id', 'is not', null)
      .where('created_at', '<', olderThan)
      .execute();
  }

  /** Addresses with a paid gift that an account has now verified (a grant at verification that did not happen). */
  async verifiedAddressesWithWaitingGifts(): Promise<Array<{ email: string; user_id: string }>> {
    return this.db
      .selectFrom('billing_gifts')
      .innerJoin('users', 'users.email', 'billing_gifts.recipient_email')
      .select(['users.email as email', 'users.id as user_id'])
      .where('billing_gifts.status', '=', 'paid')
      .where('users.email_verified_at', 'is not', null)
      .distinct()
      .execute();
  }
}
