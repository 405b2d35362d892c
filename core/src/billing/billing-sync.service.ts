import { Injectable, Logger } from '@nestjs/common';
import type { Transaction } from 'kysely';
import {
  GIFT_PRICE_CENTS,
  giftGrantWay,
  giftPlanState,
  normaliseEmail,
  planStateDiffers,
  resolveBillingPlan,
  supersedes,
  type SubscriptionSnapshot,
} from '@oddspulse/shared';
import { PlanChanges, type WrittenPlanState } from '../accounts/plan-changes';
import { PlanRepository } from '../accounts/plan.repository';
import { type UserRow, UsersRepository } from '../accounts/users.repository';
import type { DB } from '../database/schema';
import { BillingPrices } from './billing-prices';
import { BillingRepository, type BillingGiftRow, toSnapshot } from './billing.repository';
import { StripeGateway } from './stripe.gateway';
import type { StripeSubscriptionData } from './stripe-objects';

/** A Stripe event being applied: its id is recorded in the same transaction as its effects. */
export interface EventRef {
  id: string;
  type: string;
}

export type SyncResult =
  | { outcome: 'applied'; userId: string | null }
  | { outcome: 'duplicate' }
  | { outcome: 'ignored'; reason: 'unknown_customer' | 'unknown_price' | 'unknown_status' | 'unknown_gift' };

export interface GiftGrant {
  giftId: string;
  userId: string;
  grantedAs: 'plan' | 'credit';
  /** The gifted month's end, for a gift granted as the plan. */
  until: Date | null;
}

/** The whole second an answer was read at: Stripe's timestamps are whole seconds, and the rules compare them. */
export function observedNow(): Date {
  return new Date(Math.floor(Date.now() / 1000) * 1000);
}

/**
 * Applies what Stripe reports to the user's plan, in both processes (the API's webhook handler and the workers'
 * reconciliation), by the rules of shared/src/domain/accounts/billing.ts: each subscription report is kept only if it is not
 * older than the one recorded, then the user's plan is derived again from every recorded subscription and a
 * running gift, and the gifts waiting for the user are granted. Work on one user is serialised by a PostgreSQL
 * advisory lock; an event's id is recorded in the same transaction as its effects (a redelivery is a duplicate and
 * changes nothing); the plan change is announced (PlanChanges) once the transaction has committed.
 */
@Injectable()
export class BillingSyncService {
  private readonly logger = new Logger(BillingSyncService.name);

  constructor(
    private readonly billing: BillingRepository,
    private readonly plans: PlanRepository,
    private readonly changes: PlanChanges,
    private readonly users: UsersRepository,
    private readonly prices: BillingPrices,
    private readonly gateway: StripeGateway,
  ) {}

  /**
   * The user a Stripe customer belongs to: the customer recorded at checkout, else the user id the checkout put
   * in the metadata (then recorded). Null for a customer this product does not know, or a deleted user.
   */
  async userOfCustomer(customerId: string, metadataUserId: string | null): Promise<string | null> {
    const known = await this.billing.userOfCustomer(customerId);
    if (known) return known;
    if (!metadataUserId || !/^[0-9a-f-]{36}$/i.test(metadataUserId) || !(await this.users.findById(metadataUserId)))
      return null;
    const saved = await this.billing.saveCustomer(metadataUserId, customerId);
    return saved === customerId ? metadataUserId : null;
  }

  /**
   * Records a subscription as Stripe reported it at `observedAt` (an event's created time, or the second an API
   * answer was read) and derives the user's plan again. `invoice` marks a renewal paid or failed.
   */
  async syncSubscription(
    data: StripeSubscriptionData,
    observedAt: Date,
    options: { event?: EventRef; invoice?: { created: Date; paid: boolean } } = {},
  ): Promise<SyncResult> {
    const context = {
      subscription: data.id,
      customer: data.customerId,
      event: options.event?.id,
      type: options.event?.type,
    };
    if (!data.status) {
      this.logger.warn({
        msg: 'Stripe subscription with a status billing does not know; left alone',
        status: data.rawStatus,
        ...context,
      });
      return { outcome: 'ignored', reason: 'unknown_status' };
    }
    const plan = this.prices.planOf(data.price);
    if (!plan) {
      this.logger.warn({
        msg: 'Stripe subscription for a price this product does not sell; left alone',
        price: data.price?.id,
        ...context,
      });
      return { outcome: 'ignored', reason: 'unknown_price' };
    }
    const userId = await this.userOfCustomer(data.customerId, data.userId);
    if (!userId) {
      this.logger.warn({
        msg: 'Stripe subscription of a customer this product does not know (or a deleted user); left alone',
        ...context,
      });
      return { outcome: 'ignored', reason: 'unknown_customer' };
    }
    const snapshot: SubscriptionSnapshot = {
      id: data.id,
      customerId: data.customerId,
      status: data.status,
      plan,
      priceId: data.price!.id,
      currentPeriodEnd: data.currentPeriodEnd,
      cancelAtPeriodEnd: data.cancelAtPeriodEnd,
      endedAt: data.endedAt,
      observedAt,
    };
    const fresh = await this.exclusive(`user:${userId}`, options.event, async (trx, announce) => {
      const stored = await this.billing.findSubscription(data.id, trx, true);
      if (supersedes(stored ? toSnapshot(stored) : null, snapshot)) {
        await this.billing.saveSubscription(
          {
            stripe_subscription_id: data.id,
            user_id: userId,
            stripe_customer_id: data.customerId,
            status: data.status!,
            plan,
            price_id: data.price!.id,
            item_id: data.itemId,
            amount_cents: data.price!.unitAmount ?? 0,
            currency: data.price!.currency,
            current_period_end: data.currentPeriodEnd,
            cancel_at_period_end: data.cancelAtPeriodEnd,
            ended_at: data.endedAt,
            observed_at: observedAt,
          },
          trx,
        );
      } else {
        this.logger.log({
          msg: 'Older Stripe report of a subscription ignored',
          observedAt,
          recorded: stored?.observed_at,
          ...context,
        });
      }
      if (options.invoice?.paid) await this.billing.markInvoicePaid(data.id, options.invoice.created, trx);
      else if (options.invoice) await this.billing.markPaymentFailed(data.id, options.invoice.created, trx);
      await this.derive(userId, trx, announce);
    });
    return fresh ? { outcome: 'applied', userId } : { outcome: 'duplicate' };
  }

  /** Derives a user's plan again from what is recorded (the reconciliation job, after a crash between commit and announce). */
  async rederive(userId: string): Promise<void> {
    await this.exclusive(`user:${userId}`, undefined, (trx, announce) => this.derive(userId, trx, announce));
  }

  /**
   * A gift checkout was paid (checkout.session.completed, or found paid by the reconciliation job): granted at once
   * when the address has an account. The grant is in the transaction that records the event: a grant that fails
   * (Stripe's credit call) leaves the event unrecorded and the gift unpaid, so Stripe's redelivery grants it.
   */
  async giftPaid(giftId: string, event?: EventRef): Promise<{ result: SyncResult; grants: GiftGrant[] }> {
    let paid: BillingGiftRow | undefined;
    let recipient: UserRow | undefined;
    let grants: GiftGrant[] = [];
    const fresh = await this.exclusive(`gift:${giftId}`, event, async (trx, announce) => {
      paid = await this.billing.markGiftPaid(giftId, trx);
      recipient = paid && (await this.users.findByEmail(paid.recipient_email, trx));
      if (!recipient) return;
      // every grant holds the user's lock; nothing takes a gift's lock while holding a user's, so no deadlock
      await this.billing.lock(`user:${recipient.id}`, trx);
      grants = await this.grantGifts(recipient.id, trx, announce);
    });
    if (!fresh) return { result: { outcome: 'duplicate' }, grants: [] };
    if (!paid) {
      const gift = await this.billing.findGift(giftId);
      if (!gift)
        this.logger.warn({
          msg: 'Paid checkout for a gift this product does not know; left alone',
          giftId,
          event: event?.id,
        });
      return {
        result: gift
          ? { outcome: 'applied', userId: gift.recipient_user_id }
          : { outcome: 'ignored', reason: 'unknown_gift' },
        grants: [],
      };
    }
    this.logger.log({ msg: 'Gift paid', giftId, event: event?.id });
    return { result: { outcome: 'applied', userId: recipient?.id ?? null }, grants };
  }

  /** Support staff's gift (`npm run gift -- EMAIL`): paid by the house, granted now or once the address is verified. */
  async grantSupportGift(rawEmail: string): Promise<{ gift: BillingGiftRow; grants: GiftGrant[] }> {
    const email = normaliseEmail(rawEmail);
    const gift = await this.billing.createGift({
      recipient_email: email,
      purchaser_user_id: null,
      source: 'support',
      status: 'pending_payment',
    });
    await this.billing.markGiftPaid(gift.id);
    this.logger.log({ msg: 'Support gift recorded', giftId: gift.id });
    const recipient = await this.users.findByEmail(email);
    return { gift, grants: recipient ? await this.grantWaitingGifts(recipient.id) : [] };
  }

  /** Grants the paid gifts waiting for the user's address: a support gift, at verification, the reconciliation job. */
  async grantWaitingGifts(userId: string): Promise<GiftGrant[]> {
    let grants: GiftGrant[] = [];
    await this.exclusive(`user:${userId}`, undefined, async (trx, announce) => {
      grants = await this.grantGifts(userId, trx, announce);
    });
    return grants;
  }

  /**
   * Derives the user's plan again from every recorded subscription and a running gift, then grants the gifts waiting
   * for them: a subscription that ends is where a gift kept waiting for it is granted (giftGrantWay).
   */
  private async derive(
    userId: string,
    trx: Transaction<DB>,
    announce: (written: WrittenPlanState) => void,
  ): Promise<void> {
    const subs = (await this.billing.subscriptionsOf(userId, trx)).map(toSnapshot);
    const current = await this.plans.find(userId, trx);
    const next = resolveBillingPlan(current, subs, new Date());
    if (next && planStateDiffers(current, next)) announce(await this.changes.write(userId, next, trx));
    await this.grantGifts(userId, trx, announce);
  }

  /**
   * Grants every paid gift waiting for the user's address once it is verified (an unproved address may be anyone's,
   * DECISIONS 4), as giftGrantWay says: a month of Platinum each (they add up), or the gift's value as a credit on the
   * Stripe balance of a subscription that will renew; while a live subscription is set to end they wait. The caller
   * holds the user's lock.
   */
  private async grantGifts(
    userId: string,
    trx: Transaction<DB>,
    announce: (written: WrittenPlanState) => void,
  ): Promise<GiftGrant[]> {
    const email = await this.users.verifiedEmail(userId, trx);
    const gifts = email ? await this.billing.waitingGifts(email, trx) : [];
    const grants: GiftGrant[] = [];
    for (const gift of gifts) {
      const now = new Date();
      const way = giftGrantWay((await this.billing.subscriptionsOf(userId, trx)).map(toSnapshot), now);
      if (way.as === 'wait') {
        this.logger.log({ msg: 'Gifts wait for the subscription set to end', userId, gifts: gifts.length });
        break;
      }
      if (way.as === 'credit') {
        await this.gateway.creditCustomer(
          way.customerId,
          GIFT_PRICE_CENTS,
          'Gift: one month of Platinum',
          `oddspulse-gift-${gift.id}`,
        );
        await this.billing.markGiftGranted(gift.id, userId, 'credit', trx);
        grants.push({ giftId: gift.id, userId, grantedAs: 'credit', until: null });
      } else {
        const next = giftPlanState(await this.plans.find(userId, trx), now);
        announce(await this.changes.write(userId, next, trx));
        await this.billing.markGiftGranted(gift.id, userId, 'plan', trx);
        grants.push({ giftId: gift.id, userId, grantedAs: 'plan', until: next.current_period_end });
      }
      this.logger.log({ msg: 'Gift granted', giftId: gift.id, userId, as: way.as });
    }
    return grants;
  }

  /**
   * Runs `work` in a transaction holding the lock of `key`; with an event, only if its id was not recorded before
   * (false: a duplicate). Plan states written through `announce` are announced after the commit.
   */
  private async exclusive(
    key: string,
    event: EventRef | undefined,
    work: (trx: Transaction<DB>, announce: (written: WrittenPlanState) => void) => Promise<void>,
  ): Promise<boolean> {
    const written: WrittenPlanState[] = [];
    const fresh = await this.billing.transaction(async (trx) => {
      await this.billing.lock(key, trx);
      if (event && !(await this.billing.recordEvent(event.id, event.type, trx))) return false;
      await work(trx, (state) => written.push(state));
      return true;
    });
    for (const state of written) await this.changes.announce(state);
    return fresh;
  }
}
