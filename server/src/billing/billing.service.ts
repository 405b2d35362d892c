import { Injectable, Logger } from '@nestjs/common';
import {
  BillingMessages,
  currentAccess,
  governingSubscription,
  isLiveSubscription,
  isRunningGift,
  type BillingOverview,
  type PaidPlan,
  type PlanSwitchPreview,
} from '@oddspulse/shared';
import {
  BillingPrices,
  BillingRepository,
  type BillingSubscriptionRow,
  BillingSyncService,
  observedNow,
  PlanRepository,
  StripeGateway,
  StripeNotFoundError,
  StripeUnavailableError,
  toSnapshot,
} from '@oddspulse/core';
import type { AuthUser } from '../accounts/auth/auth-user';
import { ApiErrors } from '../errors/api-errors';

/** Stripe Checkout wants a trial to end at least two days ahead; a gift ending sooner is simply not carried over. */
const MIN_TRIAL_MS = 2 * 86_400_000 + 3_600_000;

/**
 * Buying, switching, cancelling and resuming plans, the customer portal and gift purchases (spec 000 §2, §4, §7;
 * DECISIONS 1–4). Stripe is the StripeGateway; what Stripe answers is applied through BillingSyncService, the
 * same path its webhooks take, so the pages show the new state before the webhook arrives.
 */
@Injectable()
export class BillingService {
  private readonly logger = new Logger(BillingService.name);

  constructor(
    private readonly gateway: StripeGateway,
    private readonly billing: BillingRepository,
    private readonly prices: BillingPrices,
    private readonly sync: BillingSyncService,
    private readonly plans: PlanRepository,
  ) {}

  /**
   * Starts Stripe Checkout for a paid plan (subscription mode, monthly, the configured price), or, for a user whose
   * subscription is live, switches that subscription to the other plan (prorated by Stripe): never a second one.
   */
  async startCheckout(user: AuthUser, plan: PaidPlan, origin: string): Promise<{ url: string }> {
    this.refuseWhenOff();
    const live =
      (await this.liveSubscription(user.id)) ??
      (await this.stripeCall(BillingMessages.checkoutFailed, () => this.liveAtStripe(user.id)));
    if (live) {
      if (live.plan === plan) throw ApiErrors.conflict(BillingMessages.alreadyOnPlan(plan), 'ALREADY_ON_PLAN');
      return this.stripeCall(BillingMessages.checkoutFailed, () => this.switchPlan(user, live, plan, origin));
    }
    const state = await this.plans.find(user.id);
    const now = new Date();
    // A plan held without a subscription (an admin grant, a demo account) is already theirs; a gift can be continued.
    if (!isRunningGift(state, now) && currentAccess(state, now).access.plan === plan)
      throw ApiErrors.conflict(BillingMessages.alreadyOnPlan(plan), 'ALREADY_ON_PLAN');
    const giftEnd = isRunningGift(state, now) ? state!.current_period_end! : null;
    return this.stripeCall(BillingMessages.checkoutFailed, async () => {
      const customerId = await this.customerFor(user);
      const price = await this.prices.price(plan);
      const session = await this.gateway.createCheckoutSession({
        kind: 'subscription',
        plan,
        price,
        customerId,
        userId: user.id,
        successUrl: `${origin}/billing/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}/billing/cancel`,
        // A running gift is not cut short: billing starts when it ends.
        trialEnd: giftEnd && giftEnd.getTime() - now.getTime() > MIN_TRIAL_MS ? giftEnd : null,
      });
      const replaced = await this.billing.replaceOpenCheckout(user.id, session.id);
      // Two open checkouts could buy two subscriptions: the older one is closed.
      if (replaced && replaced !== session.id) {
        await this.gateway
          .expireCheckoutSession(replaced)
          .catch((error: Error) =>
            this.logger.warn({ msg: 'Could not expire the previous checkout session', err: error }),
          );
      }
      this.logger.log({ msg: 'Checkout started', userId: user.id, plan, session: session.id });
      return { url: session.url };
    });
  }

  /** What switching the live subscription to `plan` would charge now, as Stripe previews it; nothing changes. */
  async previewSwitch(user: AuthUser, plan: PaidPlan): Promise<PlanSwitchPreview> {
    this.refuseWhenOff();
    const live = await this.liveSubscription(user.id);
    if (!live) throw ApiErrors.conflict(BillingMessages.noSubscription, 'NO_SUBSCRIPTION');
    if (live.plan === plan) throw ApiErrors.conflict(BillingMessages.alreadyOnPlan(plan), 'ALREADY_ON_PLAN');
    return this.stripeCall(BillingMessages.switchPreviewFailed, async () => {
      const preview = await this.gateway.previewPriceChange(this.itemOf(live), await this.prices.price(plan));
      return {
        plan,
        amount_due_cents: preview.amountDueCents,
        total_cents: preview.totalCents,
        currency: preview.currency,
      };
    });
  }

  /** Cancel at the period's end (DECISIONS 3): access stays until then, and it can be undone until then. */
  async cancel(user: AuthUser): Promise<BillingOverview> {
    this.refuseWhenOff();
    const live = await this.liveSubscription(user.id);
    if (!live) throw ApiErrors.conflict(BillingMessages.noSubscription, 'NO_SUBSCRIPTION');
    if (!live.cancel_at_period_end)
      await this.stripeCall(BillingMessages.cancelFailed, () => this.setCancel(live, true));
    this.logger.log({
      msg: 'Subscription set to cancel at period end',
      userId: user.id,
      subscription: live.stripe_subscription_id,
    });
    return this.overview(user.id);
  }

  /**
   * A closing account's live subscription is set to cancel at its period's end (DECISIONS 3, the Terms' "cancel at any
   * time"): it is never charged again, and nothing is refunded. The period's end, or null when nothing is live. Without
   * Stripe a live subscription cannot be stopped, so the account is not closed (503).
   */
  async cancelForClosing(userId: string): Promise<Date | null> {
    const live = await this.liveSubscription(userId);
    if (!live) return null;
    this.refuseWhenOff();
    if (!live.cancel_at_period_end)
      await this.stripeCall(BillingMessages.cancelFailed, () => this.setCancel(live, true));
    this.logger.log({
      msg: 'Subscription of a closing account set to cancel at period end',
      userId,
      subscription: live.stripe_subscription_id,
    });
    return live.current_period_end;
  }

  /** "Keep my subscription": undoes a cancellation before the period ends. */
  async resume(user: AuthUser): Promise<BillingOverview> {
    this.refuseWhenOff();
    const live = await this.liveSubscription(user.id);
    if (!live) throw ApiErrors.conflict(BillingMessages.alreadyEnded, 'SUBSCRIPTION_ENDED');
    if (live.cancel_at_period_end)
      await this.stripeCall(BillingMessages.resumeFailed, () => this.setCancel(live, false));
    this.logger.log({ msg: 'Subscription resumed', userId: user.id, subscription: live.stripe_subscription_id });
    return this.overview(user.id);
  }

  /** "Manage billing": the customer portal (card, invoices, receipts), back to /usage-plan. */
  async portal(user: AuthUser, origin: string): Promise<{ url: string }> {
    this.refuseWhenOff();
    const customer = await this.billing.findCustomer(user.id);
    if (!customer) throw ApiErrors.conflict(BillingMessages.noBillingAccount, 'NO_BILLING_ACCOUNT');
    const url = await this.stripeCall(BillingMessages.portalFailed, () =>
      this.gateway.createPortalSession(customer.stripe_customer_id, `${origin}/usage-plan`),
    );
    return { url };
  }

  /** One month of Platinum for an address (DECISIONS 4), paid by a one-time checkout of the signed-in buyer. */
  async startGiftCheckout(user: AuthUser, recipientEmail: string, origin: string): Promise<{ url: string }> {
    this.refuseWhenOff();
    return this.stripeCall(BillingMessages.giftFailed, async () => {
      const customerId = await this.customerFor(user);
      const price = await this.prices.price('gift');
      const gift = await this.billing.createGift({
        recipient_email: recipientEmail,
        purchaser_user_id: user.id,
        source: 'checkout',
        status: 'pending_payment',
      });
      const session = await this.gateway.createCheckoutSession({
        kind: 'gift',
        price,
        giftId: gift.id,
        recipientEmail,
        customerId,
        userId: user.id,
        successUrl: `${origin}/billing/success?session_id={CHECKOUT_SESSION_ID}&gift=${encodeURIComponent(recipientEmail)}`,
        cancelUrl: `${origin}/billing/cancel`,
      });
      await this.billing.setGiftCheckout(gift.id, session.id);
      this.logger.log({ msg: 'Gift checkout started', userId: user.id, giftId: gift.id, session: session.id });
      return { url: session.url };
    });
  }

  /** GET /api/billing/subscription: what /subscribe and /usage-plan show, from the subscription itself (DECISIONS 3). */
  async overview(userId: string): Promise<BillingOverview> {
    const now = new Date();
    const [state, rows, customer] = await Promise.all([
      this.plans.find(userId),
      this.billing.subscriptionsOf(userId),
      this.billing.findCustomer(userId),
    ]);
    const governing = governingSubscription(rows.map(toSnapshot), now);
    const row = governing ? rows.find((r) => r.stripe_subscription_id === governing.id)! : null;
    const live = governing ? isLiveSubscription(governing, now) : false;
    return {
      mode: this.gateway.mode,
      plan: currentAccess(state, now).access.plan,
      subscription: row && {
        id: row.stripe_subscription_id,
        plan: row.plan,
        status: row.status,
        active: live && (row.status === 'active' || row.status === 'trialing'),
        amount_cents: row.amount_cents,
        currency: row.currency,
        interval: 'month',
        current_period_end: (row.ended_at ?? row.current_period_end)?.toISOString() ?? null,
        cancel_at_period_end: live && row.cancel_at_period_end,
        payment_failed: live && row.payment_failed_at !== null,
      },
      gift: isRunningGift(state, now)
        ? { plan: state!.plan as PaidPlan, until: state!.current_period_end!.toISOString() }
        : null,
      can_manage_billing: Boolean(customer) && this.gateway.mode !== 'off',
    };
  }

  /** The subscription and its one item, as a price change names them. */
  private itemOf(live: BillingSubscriptionRow): { id: string; itemId: string; customerId: string } {
    if (!live.item_id)
      throw new StripeUnavailableError(
        `Subscription ${live.stripe_subscription_id} has no recorded item`,
        'invalid_request_error',
      );
    return { id: live.stripe_subscription_id, itemId: live.item_id, customerId: live.stripe_customer_id };
  }

  private async switchPlan(
    user: AuthUser,
    live: BillingSubscriptionRow,
    plan: PaidPlan,
    origin: string,
  ): Promise<{ url: string }> {
    const price = await this.prices.price(plan);
    const observedAt = observedNow();
    const updated = await this.gateway.changePrice(this.itemOf(live), price);
    await this.sync.syncSubscription(updated, observedAt);
    this.logger.log({
      msg: 'Subscription switched',
      userId: user.id,
      from: live.plan,
      to: plan,
      pending: updated.pendingUpdate,
    });
    // The prorated invoice needs the customer (a declined card, 3-D Secure): the switch waits for it.
    if (updated.pendingUpdate) {
      return {
        url:
          updated.latestInvoiceUrl ??
          (await this.gateway.createPortalSession(live.stripe_customer_id, `${origin}/usage-plan`)),
      };
    }
    return { url: `${origin}/billing/success?plan=${plan}` };
  }

  private async setCancel(live: BillingSubscriptionRow, cancel: boolean): Promise<void> {
    const observedAt = observedNow();
    const updated = await this.gateway.setCancelAtPeriodEnd(live.stripe_subscription_id, cancel);
    await this.sync.syncSubscription(updated, observedAt);
  }

  private async liveSubscription(userId: string): Promise<BillingSubscriptionRow | null> {
    const rows = await this.billing.subscriptionsOf(userId);
    const governing = governingSubscription(rows.map(toSnapshot), new Date());
    return governing && isLiveSubscription(governing, new Date())
      ? rows.find((r) => r.stripe_subscription_id === governing.id)!
      : null;
  }

  /**
   * The live subscription Stripe holds for the user's customer, applied as the webhooks would: one paid for whose
   * webhooks have not come yet (Stripe retries them for hours) is not recorded, and a user who checks out again because
   * the plan does not show would pay for a second one ("nothing paid for is applied twice").
   */
  private async liveAtStripe(userId: string): Promise<BillingSubscriptionRow | null> {
    const customer = await this.billing.findCustomer(userId);
    if (!customer) return null;
    const observedAt = observedNow();
    for (const subscription of await this.gateway.listSubscriptions(customer.stripe_customer_id))
      await this.sync.syncSubscription(subscription, observedAt);
    return this.liveSubscription(userId);
  }

  /** The user's one Stripe customer, created on the first checkout with the user id in its metadata. */
  private async customerFor(user: AuthUser): Promise<string> {
    const existing = await this.billing.findCustomer(user.id);
    if (existing) return existing.stripe_customer_id;
    const created = await this.gateway.createCustomer({ id: user.id, email: user.email });
    return this.billing.saveCustomer(user.id, created);
  }

  /** Production without Stripe keys takes no payments (never the local checkout). */
  private refuseWhenOff(): void {
    if (this.gateway.mode === 'off') {
      this.logger.warn({ msg: 'A billing call on a server without Stripe keys (production): refused' });
      throw ApiErrors.unavailable(BillingMessages.billingOff, 'BILLING_OFF');
    }
  }

  /** Stripe down, failing, or a price that does not match the product's: a quick 503 with the page's message. */
  private async stripeCall<T>(message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof StripeUnavailableError || error instanceof StripeNotFoundError) {
        // Stripe away is an outside failure: a warning with its reason; a call it refuses keeps its stack.
        if (error instanceof StripeUnavailableError && error.stripeAway)
          this.logger.warn({ msg: 'Stripe call failed', reason: error.message });
        else this.logger.error({ msg: 'Stripe call failed', err: error });
        throw ApiErrors.unavailable(message, 'BILLING_UNAVAILABLE');
      }
      throw error;
    }
  }
}
