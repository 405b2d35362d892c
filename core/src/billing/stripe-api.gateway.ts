import Stripe from 'stripe';
import type { AppConfig } from '../config/config.schema';
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
import { verifyStripeEvent } from './webhook-events';
import {
  readCheckoutSession,
  readInvoicePreview,
  readPriceObject,
  readSubscription,
  type StripeCheckoutSessionData,
  type StripeEventData,
  type StripeInvoicePreview,
  type StripePrice,
  type StripeSubscriptionData,
} from './stripe-objects';

/** A switch is prorated and invoiced at once, and its preview is priced the same way. */
const PRICE_CHANGE_PRORATION = 'always_invoice';

/** SDK options for a base URL other than Stripe's (the integration tests' stand-in, stripe-mock). */
export function stripeHostOptions(
  baseUrl: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!baseUrl) return {};
  const url = new URL(baseUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { host: url.hostname, port: url.port || (protocol === 'https' ? 443 : 80), protocol };
}

/** The official SDK, configured from the environment. Secrets never reach a log line or an error message. */
export class StripeApiGateway extends StripeGateway {
  readonly mode = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    private readonly config: Pick<
      AppConfig,
      'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE_URL' | 'STRIPE_TIMEOUT_MS'
    >,
  ) {
    super();
    if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET)
      throw new Error('StripeApiGateway needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY, {
      // One quick retry (the SDK sends an idempotency key with it); a user waiting on checkout gets a 503 soon after.
      maxNetworkRetries: 1,
      timeout: config.STRIPE_TIMEOUT_MS,
      telemetry: false,
      appInfo: { name: 'OddsPulse' },
      ...stripeHostOptions(config.STRIPE_API_BASE_URL),
    });
  }

  private async call<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
        throw new StripeNotFoundError(`Stripe has no such object (${what})`, { cause: error });
      }
      if (error instanceof Stripe.errors.StripeError) {
        // the SDK's `type` is its class's name (StripeAPIError); Stripe's own type (api_error…) is `rawType`. A key
        // Stripe refuses answers 401 with an invalid_request_error, as a bad request does: the SDK tells them apart.
        const type =
          error instanceof Stripe.errors.StripeConnectionError
            ? 'connection'
            : error instanceof Stripe.errors.StripeAuthenticationError
              ? 'authentication'
              : (error.rawType ?? error.type);
        throw new StripeUnavailableError(
          `Stripe ${what} failed: ${type}${error.code ? ` (${error.code})` : ''}`,
          type,
          { cause: error },
        );
      }
      throw error;
    }
  }

  createCustomer(user: { id: string; email: string }): Promise<string> {
    return this.call('customer create', async () => {
      const customer = await this.stripe.customers.create(
        { email: user.email, metadata: { user_id: user.id } },
        // A double click creates one customer, not two.
        { idempotencyKey: `oddspulse-customer-${user.id}` },
      );
      return customer.id;
    });
  }

  check(): Promise<void> {
    return this.call('check', async () => {
      await this.stripe.prices.list({ limit: 1 });
    });
  }

  findPrice(reference: string): Promise<StripePrice | null> {
    return this.call('price lookup', async () => {
      if (reference.startsWith('price_')) {
        try {
          return readPriceObject(await this.stripe.prices.retrieve(reference));
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
            return null;
          throw error;
        }
      }
      const found = await this.stripe.prices.list({ lookup_keys: [reference], active: true, limit: 1 });
      return found.data[0] ? readPriceObject(found.data[0]) : null;
    });
  }

  createCheckoutSession(request: SubscriptionCheckoutRequest | GiftCheckoutRequest): Promise<CheckoutSessionRef> {
    return this.call('checkout session create', async () => {
      const common = {
        customer: request.customerId,
        client_reference_id: request.userId,
        line_items: [{ price: request.price.id, quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      };
      const session =
        request.kind === 'subscription'
          ? await this.stripe.checkout.sessions.create({
              ...common,
              mode: 'subscription',
              metadata: checkoutMetadata(request),
              subscription_data: {
                metadata: { user_id: request.userId, plan: request.plan },
                ...(request.trialEnd ? { trial_end: Math.floor(request.trialEnd.getTime() / 1000) } : {}),
              },
            })
          : await this.stripe.checkout.sessions.create({
              ...common,
              mode: 'payment',
              metadata: checkoutMetadata(request),
              payment_intent_data: { metadata: { kind: 'gift', gift_id: request.giftId } },
              // A receipt in the buyer's invoices, as for their subscription.
              invoice_creation: {
                enabled: true,
                invoice_data: { description: giftReceiptLine(request.recipientEmail) },
              },
            });
      if (!session.url)
        throw new StripeUnavailableError('Stripe returned a checkout session without a URL', 'api_error');
      return { id: session.id, url: session.url };
    });
  }

  expireCheckoutSession(id: string): Promise<void> {
    return this.call('checkout session expire', async () => {
      const session = await this.stripe.checkout.sessions.retrieve(id);
      if (session.status === 'open') await this.stripe.checkout.sessions.expire(id);
    });
  }

  retrieveCheckoutSession(id: string): Promise<StripeCheckoutSessionData> {
    return this.call('checkout session read', async () =>
      readCheckoutSession(await this.stripe.checkout.sessions.retrieve(id)),
    );
  }

  retrieveSubscription(id: string): Promise<StripeSubscriptionData> {
    return this.call('subscription read', async () => readSubscription(await this.stripe.subscriptions.retrieve(id)));
  }

  listSubscriptions(customerId: string): Promise<StripeSubscriptionData[]> {
    return this.call('subscription list', async () => {
      const subscriptions: StripeSubscriptionData[] = [];
      for await (const subscription of this.stripe.subscriptions.list({
        customer: customerId,
        status: 'all',
        limit: 100,
      })) {
        subscriptions.push(readSubscription(subscription));
      }
      return subscriptions;
    });
  }

  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<StripeSubscriptionData> {
    return this.call('subscription update', async () =>
      readSubscription(await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel })),
    );
  }

  changePrice(subscription: { id: string; itemId: string }, price: StripePrice): Promise<StripeSubscriptionData> {
    return this.call('subscription price change', async () =>
      readSubscription(
        await this.stripe.subscriptions.update(subscription.id, {
          items: [{ id: subscription.itemId, price: price.id }],
          proration_behavior: PRICE_CHANGE_PRORATION,
          payment_behavior: 'pending_if_incomplete',
          expand: ['latest_invoice'],
        }),
      ),
    );
  }

  previewPriceChange(
    subscription: { id: string; itemId: string; customerId: string },
    price: StripePrice,
  ): Promise<StripeInvoicePreview> {
    return this.call('invoice preview', async () =>
      readInvoicePreview(
        await this.stripe.invoices.createPreview({
          customer: subscription.customerId,
          subscription: subscription.id,
          // The same change as changePrice: with always_invoice the preview is the invoice the switch charges now.
          subscription_details: {
            items: [{ id: subscription.itemId, price: price.id }],
            proration_behavior: PRICE_CHANGE_PRORATION,
          },
        }),
      ),
    );
  }

  createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    return this.call(
      'portal session create',
      async () =>
        (await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url,
    );
  }

  creditCustomer(customerId: string, amountCents: number, description: string, idempotencyKey: string): Promise<void> {
    return this.call('customer credit', async () => {
      await this.stripe.customers.createBalanceTransaction(
        customerId,
        { amount: -amountCents, currency: 'usd', description },
        { idempotencyKey },
      );
    });
  }

  constructEvent(payload: Buffer, signature: string): StripeEventData {
    return verifyStripeEvent(payload, signature, this.config.STRIPE_WEBHOOK_SECRET!);
  }
}
