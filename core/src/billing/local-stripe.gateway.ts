import { Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import {
  addMonths,
  GIFT_PRICE_CENTS,
  PLAN_PRICE_CENTS,
  type LocalCheckoutView,
  type LocalInvoiceView,
  type PaidPlan,
} from '@oddspulse/shared';
import type { AppConfig } from '../config/config.schema';
import type { Transaction } from 'kysely';
import type { DB } from '../database/schema';
import type { LocalObject, LocalStripeRepository } from './local-stripe.repository';
import {
  checkoutMetadata,
  type CheckoutSessionRef,
  giftReceiptLine,
  type GiftCheckoutRequest,
  StripeGateway,
  StripeNotFoundError,
  StripeUnavailableError,
  type SubscriptionCheckoutRequest,
} from './stripe.gateway';
import {
  readCheckoutSession,
  readSubscription,
  type StripeCheckoutSessionData,
  type StripeEventData,
  type StripeInvoicePreview,
  type StripePrice,
  type StripeSubscriptionData,
} from './stripe-objects';
import { signStripePayload, verifyStripeEvent } from './webhook-events';

/** Where the local checkout delivers its signed events: the webhook handler, the same one Stripe's events reach. */
export type LocalWebhookSink = (payload: string, signature: string) => Promise<void>;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const localId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;
const LIVE = ['active', 'trialing', 'past_due'];

/** The local price of a configured price reference: the plan's price of DECISIONS 1, with the reference as lookup key. */
function localPrice(kind: 'gold' | 'platinum' | 'gift', lookupKey: string): StripePrice {
  const gift = kind === 'gift';
  return {
    id: `price_local_${kind}`,
    lookupKey,
    unitAmount: gift ? GIFT_PRICE_CENTS : PLAN_PRICE_CENTS[kind],
    currency: 'usd',
    interval: gift ? null : 'month',
  };
}

function priceObject(price: StripePrice) {
  return {
    id: price.id,
    object: 'price',
    active: true,
    currency: price.currency,
    lookup_key: price.lookupKey,
    unit_amount: price.unitAmount,
    recurring: price.interval ? { interval: price.interval, interval_count: 1 } : null,
    type: price.interval ? 'recurring' : 'one_time',
  };
}

/** Half-up rounding of an amount in cents, away from zero (house rule: round once, at the end). */
const roundHalfUp = (cents: number) => Math.sign(cents) * Math.floor(Math.abs(cents) + 0.5);

/**
 * The local checkout (no STRIPE_SECRET_KEY, outside production: spec DESIGN "payments"). It keeps customers,
 * checkout sessions, subscriptions and invoices as the JSON objects Stripe would answer with, and every change
 * it makes is delivered as a Stripe event signed with a secret of this process (the SDK's
 * generateTestHeaderString) to the same webhook handler Stripe's events go through, so the demo and the
 * end-to-end suite run the real code path. Time passes as at Stripe: a subscription read after its period
 * ended has renewed (an invoice paid) or, when set to cancel, ended.
 */
export class LocalStripeGateway extends StripeGateway {
  readonly mode = 'local' as const;
  private readonly logger = new Logger(LocalStripeGateway.name);
  private readonly secret = `whsec_local${randomBytes(24).toString('hex')}`;
  private sink: LocalWebhookSink | null = null;
  private readonly prices: StripePrice[];

  constructor(
    private readonly objects: LocalStripeRepository,
    config: Pick<AppConfig, 'STRIPE_PRICE_GOLD' | 'STRIPE_PRICE_PLATINUM' | 'STRIPE_PRICE_PLATINUM_GIFT'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
    this.prices = [
      localPrice('gold', config.STRIPE_PRICE_GOLD),
      localPrice('platinum', config.STRIPE_PRICE_PLATINUM),
      localPrice('gift', config.STRIPE_PRICE_PLATINUM_GIFT),
    ];
  }

  /** The server's webhook handler registers here; the workers process has none and never changes anything. */
  deliverTo(sink: LocalWebhookSink): void {
    this.sink = sink;
  }

  async createCustomer(user: { id: string; email: string }): Promise<string> {
    // One customer per user by construction, as Stripe's idempotency key makes it.
    const id = `cus_local_${createHash('sha256').update(user.id).digest('hex').slice(0, 24)}`;
    const customer = {
      id,
      object: 'customer',
      email: user.email,
      metadata: { user_id: user.id },
      balance: 0,
      created: seconds(this.now()),
      credits: [],
    };
    await this.objects.saveIfMissing('customer', customer, id);
    return id;
  }

  /** The local checkout is this process: it answers whenever the server does. */
  async check(): Promise<void> {}

  async findPrice(reference: string): Promise<StripePrice | null> {
    return this.prices.find((p) => p.lookupKey === reference || p.id === reference) ?? null;
  }

  async createCheckoutSession(request: SubscriptionCheckoutRequest | GiftCheckoutRequest): Promise<CheckoutSessionRef> {
    const id = localId('cs');
    const created = this.now();
    const url = `${new URL(request.successUrl).origin}/billing/local-checkout/${id}`;
    // No subscription_data here: the trial's end waits in the session's metadata until the checkout completes.
    const trialEnd = request.kind === 'subscription' ? request.trialEnd : null;
    const metadata = {
      ...checkoutMetadata(request),
      ...(trialEnd ? { trial_end: String(seconds(trialEnd)) } : {}),
    };
    const session = {
      id,
      object: 'checkout.session',
      mode: request.kind === 'subscription' ? 'subscription' : 'payment',
      status: 'open',
      payment_status: 'unpaid',
      customer: request.customerId,
      client_reference_id: request.userId,
      metadata,
      amount_total: request.price.unitAmount,
      currency: request.price.currency,
      line_items: { object: 'list', data: [{ price: priceObject(request.price), quantity: 1 }] },
      subscription: null,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      url,
      created: seconds(created),
      expires_at: seconds(created) + 24 * 3600,
    };
    await this.objects.save('checkout.session', session, request.customerId);
    return { id, url };
  }

  async expireCheckoutSession(id: string): Promise<void> {
    const session = await this.objects.find('checkout.session', id);
    if (!session || session.status !== 'open') return;
    await this.objects.save(
      'checkout.session',
      { ...session, status: 'expired', url: null },
      session.customer as string,
    );
  }

  async retrieveCheckoutSession(id: string): Promise<StripeCheckoutSessionData> {
    return readCheckoutSession(await this.require('checkout.session', id));
  }

  /** The local checkout page's view of a session, for its own user only. */
  async checkoutView(id: string, userId: string): Promise<LocalCheckoutView | null> {
    const session = await this.objects.find('checkout.session', id);
    if (!session || session.client_reference_id !== userId) return null;
    const metadata = session.metadata as Record<string, string>;
    return {
      id,
      kind: metadata.kind === 'gift' ? 'gift' : 'subscription',
      plan: metadata.kind === 'gift' ? 'platinum' : (metadata.plan as PaidPlan),
      amount_cents: session.amount_total as number,
      currency: session.currency as string,
      recipient_email: metadata.recipient_email ?? null,
      status: session.status as LocalCheckoutView['status'],
      cancel_url: session.cancel_url as string,
    };
  }

  /**
   * The local checkout's Pay button: the session completes as Stripe completes it (a subscription with its first
   * invoice paid, or a one-time payment), and its events go to the webhook handler before this returns. Returns
   * where the payer goes next (the success URL).
   */
  async completeCheckout(id: string, userId: string): Promise<string> {
    // Read under the session's lock and completed in the same transaction: of two presses of Pay at once, the second
    // finds the session complete, as Stripe's second payment of one session fails, instead of a second subscription.
    const { completed, events } = await this.objects.transaction((trx) => this.complete(id, userId, trx));
    for (const [type, object, previous] of events) await this.emit(type, object, previous);
    return (completed.success_url as string).replace('{CHECKOUT_SESSION_ID}', id);
  }

  private async complete(
    id: string,
    userId: string,
    trx: Transaction<DB>,
  ): Promise<{ completed: LocalObject; events: Array<[string, LocalObject, Record<string, unknown>?]> }> {
    const session = await this.objects.findForUpdate('checkout.session', id, trx);
    if (!session || session.client_reference_id !== userId)
      throw new StripeNotFoundError('No such local checkout session');
    if (session.status !== 'open')
      throw new StripeUnavailableError('The local checkout session is not open', 'invalid_request_error');
    const now = this.now();
    const customerId = session.customer as string;
    const metadata = session.metadata as Record<string, string>;
    const price = (session.line_items as { data: Array<{ price: { id: string } }> }).data[0].price;
    const stripePrice = this.prices.find((p) => p.id === price.id)!;
    const events: Array<[string, LocalObject, Record<string, unknown>?]> = [];
    let completed: LocalObject;
    if (session.mode === 'subscription') {
      const trialEnd = metadata.trial_end ? new Date(Number(metadata.trial_end) * 1000) : null;
      const subscription = this.newSubscription(
        customerId,
        stripePrice,
        { user_id: userId, plan: metadata.plan },
        now,
        trialEnd,
      );
      const invoice = this.invoice(
        customerId,
        subscription.id,
        trialEnd ? 0 : stripePrice.unitAmount!,
        'subscription_create',
        `1 × ${metadata.plan} (at $${(stripePrice.unitAmount! / 100).toFixed(2)} / month)`,
        now,
      );
      subscription.latest_invoice = invoice.id;
      completed = { ...session, status: 'complete', payment_status: 'paid', subscription: subscription.id, url: null };
      await this.objects.save('subscription', subscription, customerId, trx);
      await this.objects.save('invoice', invoice, customerId, trx);
      events.push(['customer.subscription.created', subscription], ['invoice.paid', invoice]);
    } else {
      const invoice = this.invoice(
        customerId,
        null,
        stripePrice.unitAmount!,
        'manual',
        giftReceiptLine(metadata.recipient_email),
        now,
      );
      completed = { ...session, status: 'complete', payment_status: 'paid', invoice: invoice.id, url: null };
      await this.objects.save('invoice', invoice, customerId, trx);
    }
    await this.objects.save('checkout.session', completed, customerId, trx);
    events.push(['checkout.session.completed', completed]);
    return { completed, events };
  }

  async retrieveSubscription(id: string): Promise<StripeSubscriptionData> {
    return readSubscription(await this.current(await this.require('subscription', id)));
  }

  async listSubscriptions(customerId: string): Promise<StripeSubscriptionData[]> {
    const subscriptions = await this.objects.listOf('subscription', customerId);
    return Promise.all(subscriptions.map(async (s) => readSubscription(await this.current(s))));
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<StripeSubscriptionData> {
    const subscription = await this.current(await this.require('subscription', subscriptionId));
    if (!LIVE.includes(subscription.status as string))
      throw new StripeUnavailableError('A canceled subscription cannot be updated', 'invalid_request_error');
    const now = seconds(this.now());
    const item = this.item(subscription);
    const previous = {
      cancel_at_period_end: subscription.cancel_at_period_end,
      cancel_at: subscription.cancel_at,
      canceled_at: subscription.canceled_at,
    };
    const updated: LocalObject = {
      ...subscription,
      cancel_at_period_end: cancel,
      cancel_at: cancel ? item.current_period_end : null,
      canceled_at: cancel ? now : null,
    };
    await this.objects.save('subscription', updated, updated.customer as string);
    await this.emit('customer.subscription.updated', updated, previous);
    return readSubscription(updated);
  }

  async changePrice(subscription: { id: string; itemId: string }, price: StripePrice): Promise<StripeSubscriptionData> {
    const current = await this.liveSubscription(subscription.id);
    const item = this.item(current);
    const now = this.now();
    const difference = this.proration(item, price, now);
    const customerId = current.customer as string;
    const previous = { items: current.items };
    const updated: LocalObject = {
      ...current,
      items: { ...(current.items as object), data: [{ ...item, price: priceObject(price) }] },
    };
    if (difference > 0) {
      const invoice = this.invoice(
        customerId,
        current.id,
        difference,
        'subscription_update',
        'Remaining time on the new plan, less unused time on the old one',
        now,
      );
      updated.latest_invoice = invoice.id;
      await this.objects.save('invoice', invoice, customerId);
      await this.objects.save('subscription', updated, customerId);
      await this.emit('invoice.paid', invoice);
    } else {
      if (difference < 0)
        await this.adjustBalance(
          customerId,
          difference,
          `Unused time on the old plan (${current.id})`,
          `proration-${current.id}-${seconds(now)}`,
        );
      await this.objects.save('subscription', updated, customerId);
    }
    await this.emit('customer.subscription.updated', updated, previous);
    return readSubscription(updated);
  }

  async previewPriceChange(
    subscription: { id: string; itemId: string; customerId: string },
    price: StripePrice,
  ): Promise<StripeInvoicePreview> {
    const current = await this.liveSubscription(subscription.id);
    const difference = this.proration(this.item(current), price, this.now());
    // changePrice invoices a positive difference now and credits a negative one to the balance.
    return { amountDueCents: Math.max(0, difference), totalCents: difference, currency: 'usd' };
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    await this.require('customer', customerId);
    const back = new URL(returnUrl);
    return `${back.origin}/billing/local-portal?return_to=${encodeURIComponent(back.pathname + back.search)}`;
  }

  async creditCustomer(
    customerId: string,
    amountCents: number,
    description: string,
    idempotencyKey: string,
  ): Promise<void> {
    await this.adjustBalance(customerId, -amountCents, description, idempotencyKey);
  }

  /** The local portal's list: the customer's invoices, newest first, and the balance credited to it. */
  async invoicesOf(customerId: string): Promise<{ invoices: LocalInvoiceView[]; balance_cents: number }> {
    const customer = await this.objects.find('customer', customerId);
    const invoices = await this.objects.listOf('invoice', customerId);
    return {
      balance_cents: (customer?.balance as number | undefined) ?? 0,
      invoices: invoices.map((invoice) => ({
        id: invoice.id,
        created: new Date((invoice.created as number) * 1000).toISOString(),
        description: invoice.description as string,
        amount_cents: invoice.amount_paid as number,
        currency: invoice.currency as string,
        status: invoice.status as string,
      })),
    };
  }

  constructEvent(payload: Buffer, signature: string): StripeEventData {
    return verifyStripeEvent(payload, signature, this.secret);
  }

  private async require(kind: 'customer' | 'checkout.session' | 'subscription', id: string): Promise<LocalObject> {
    const object = await this.objects.find(kind, id);
    if (!object) throw new StripeNotFoundError(`No such local ${kind}: ${id}`);
    return object;
  }

  private async liveSubscription(id: string): Promise<LocalObject> {
    const current = await this.current(await this.require('subscription', id));
    if (!LIVE.includes(current.status as string))
      throw new StripeUnavailableError('A canceled subscription cannot be updated', 'invalid_request_error');
    return current;
  }

  /** Proration as Stripe does it: the price difference for the part of the item's period still to run, in cents. */
  private proration(item: Record<string, unknown>, price: StripePrice, now: Date): number {
    const oldAmount = (item.price as { unit_amount: number }).unit_amount;
    const start = item.current_period_start as number;
    const end = item.current_period_end as number;
    const remaining = Math.max(0, Math.min(1, (end - seconds(now)) / Math.max(1, end - start)));
    return roundHalfUp((price.unitAmount! - oldAmount) * remaining);
  }

  private item(subscription: LocalObject): Record<string, unknown> {
    return (subscription.items as { data: Array<Record<string, unknown>> }).data[0];
  }

  private newSubscription(
    customerId: string,
    price: StripePrice,
    metadata: Record<string, string>,
    now: Date,
    trialEnd: Date | null,
  ): LocalObject {
    const id = localId('sub');
    const periodEnd = trialEnd ?? addMonths(now, 1);
    return {
      id,
      object: 'subscription',
      customer: customerId,
      status: trialEnd ? 'trialing' : 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: seconds(now),
      start_date: seconds(now),
      trial_end: trialEnd ? seconds(trialEnd) : null,
      metadata,
      pending_update: null,
      latest_invoice: null,
      items: {
        object: 'list',
        data: [
          {
            id: localId('si'),
            object: 'subscription_item',
            price: priceObject(price),
            quantity: 1,
            current_period_start: seconds(now),
            current_period_end: seconds(periodEnd),
          },
        ],
      },
    };
  }

  private invoice(
    customerId: string,
    subscriptionId: string | null,
    amount: number,
    reason: string,
    description: string,
    at: Date,
  ): LocalObject {
    return {
      id: localId('in'),
      object: 'invoice',
      customer: customerId,
      status: 'paid',
      billing_reason: reason,
      description,
      amount_due: amount,
      amount_paid: amount,
      currency: 'usd',
      created: seconds(at),
      parent: subscriptionId
        ? { type: 'subscription_details', subscription_details: { subscription: subscriptionId } }
        : null,
      status_transitions: { paid_at: seconds(at) },
    };
  }

  /**
   * The subscription as it stands now: each period that ended renews it (an invoice paid), unless it was set to
   * cancel, in which case it ended with the period.
   */
  private async current(subscription: LocalObject): Promise<LocalObject> {
    const now = seconds(this.now());
    let updated = subscription;
    while (LIVE.includes(updated.status as string) && (this.item(updated).current_period_end as number) <= now) {
      const item = this.item(updated);
      const end = item.current_period_end as number;
      if (updated.cancel_at_period_end) {
        updated = { ...updated, status: 'canceled', ended_at: end, cancel_at: null };
        break;
      }
      const next = seconds(addMonths(new Date(end * 1000), 1));
      const price = item.price as { unit_amount: number; id: string };
      const invoice = this.invoice(
        updated.customer as string,
        updated.id,
        price.unit_amount,
        'subscription_cycle',
        'Monthly renewal',
        new Date(end * 1000),
      );
      await this.objects.save('invoice', invoice, updated.customer as string);
      updated = {
        ...updated,
        status: 'active',
        latest_invoice: invoice.id,
        items: {
          ...(updated.items as object),
          data: [{ ...item, current_period_start: end, current_period_end: next }],
        },
      };
    }
    if (updated !== subscription) await this.objects.save('subscription', updated, updated.customer as string);
    return updated;
  }

  private async adjustBalance(customerId: string, amount: number, description: string, key: string): Promise<void> {
    const customer = await this.require('customer', customerId);
    const credits = (customer.credits as Array<{ key: string }> | undefined) ?? [];
    if (credits.some((c) => c.key === key)) return;
    await this.objects.save(
      'customer',
      {
        ...customer,
        balance: ((customer.balance as number) ?? 0) + amount,
        credits: [...credits, { key, amount, description, created: seconds(this.now()) }],
      },
      customerId,
    );
  }

  private async emit(type: string, object: LocalObject, previous?: Record<string, unknown>): Promise<void> {
    const created = this.now();
    const event = {
      id: localId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: seconds(created),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object, ...(previous ? { previous_attributes: previous } : {}) },
    };
    if (!this.sink) {
      this.logger.warn({ msg: 'Local billing event not delivered: no webhook handler in this process', type });
      return;
    }
    const payload = JSON.stringify(event);
    // Signed at delivery, as Stripe signs each delivery (the signature's 5-minute tolerance is about the delivery).
    await this.sink(payload, signStripePayload(payload, this.secret));
  }
}
