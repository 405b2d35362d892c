import type { BillingMode } from '../config/config.schema';
import type {
  StripeCheckoutSessionData,
  StripeEventData,
  StripeInvoicePreview,
  StripePrice,
  StripeSubscriptionData,
} from './stripe-objects';

/** Stripe's error types that say Stripe itself is away (unreachable, failing or throttling), whoever asks. */
const STRIPE_AWAY_TYPES = new Set(['connection', 'api_error', 'rate_limit_error']);

/** Stripe could not be reached or refused the call: the caller answers 503 and the user may try again. */
export class StripeUnavailableError extends Error {
  constructor(
    message: string,
    /** Stripe's own error type (api_error, invalid_request_error…), or `connection`. */
    readonly type: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'StripeUnavailableError';
  }

  /**
   * Stripe itself is away, an outside failure logged as a warning, rather than refusing this call (a request or a
   * configuration of ours it cannot take, which keeps its stack as an error).
   */
  get stripeAway(): boolean {
    return STRIPE_AWAY_TYPES.has(this.type);
  }

  /**
   * Stripe refused this service's own secret key (`authentication`: an HTTP 401, whatever its body's type): every call
   * fails the same way until the key is set right.
   */
  get keyRefused(): boolean {
    return this.type === 'authentication';
  }
}

/** The object asked for does not exist at Stripe (a deleted customer, an unknown session). */
export class StripeNotFoundError extends Error {
  override name = 'StripeNotFoundError';
}

/** A webhook whose signature does not verify (or is missing), or whose verified body is not an event: answered 400. */
export class InvalidWebhookError extends Error {
  constructor(
    message: string,
    readonly reason: 'signature' | 'payload',
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'InvalidWebhookError';
  }
}

export interface CheckoutRequest {
  customerId: string;
  userId: string;
  /** Where Stripe sends the payer back; `{CHECKOUT_SESSION_ID}` is replaced by the session's id. */
  successUrl: string;
  cancelUrl: string;
}

export interface SubscriptionCheckoutRequest extends CheckoutRequest {
  kind: 'subscription';
  plan: 'gold' | 'platinum';
  price: StripePrice;
  /** Billing starts then (a running gift's end), not now. */
  trialEnd: Date | null;
}

export interface GiftCheckoutRequest extends CheckoutRequest {
  kind: 'gift';
  price: StripePrice;
  giftId: string;
  recipientEmail: string;
}

/** The metadata of a checkout session, read back by the webhook: whose checkout it is and what it buys. */
export function checkoutMetadata(request: SubscriptionCheckoutRequest | GiftCheckoutRequest): Record<string, string> {
  return request.kind === 'subscription'
    ? { user_id: request.userId, kind: 'subscription', plan: request.plan }
    : { user_id: request.userId, kind: 'gift', gift_id: request.giftId, recipient_email: request.recipientEmail };
}

/** The line of a gift's receipt in the buyer's invoices. */
export const giftReceiptLine = (recipientEmail: string) => `Gift: one month of Platinum for ${recipientEmail}`;

export interface CheckoutSessionRef {
  id: string;
  url: string;
}

/**
 * Stripe behind one injectable (immich's rule: every external system behind a repository). `StripeApiGateway`
 * drives the official SDK (Stripe itself, or a stand-in at STRIPE_API_BASE_URL); `LocalStripeGateway` is the
 * local checkout used without a key; `DisabledStripeGateway` refuses everything (production without Stripe).
 * Answers are read into the small shapes of stripe-objects.ts; failures are StripeUnavailableError.
 */
export abstract class StripeGateway {
  abstract readonly mode: BillingMode;

  /** One light read (a price): resolves when Stripe answers and takes the key, throws StripeUnavailableError if not. */
  abstract check(): Promise<void>;

  /** One customer per user, with the user id in its metadata; idempotent per user. */
  abstract createCustomer(user: { id: string; email: string }): Promise<string>;

  /** A configured price by id (price_…) or lookup key. */
  abstract findPrice(reference: string): Promise<StripePrice | null>;

  abstract createCheckoutSession(
    request: SubscriptionCheckoutRequest | GiftCheckoutRequest,
  ): Promise<CheckoutSessionRef>;

  /** Expires an open session (a newer one replaces it); a session no longer open is left as it is. */
  abstract expireCheckoutSession(id: string): Promise<void>;

  abstract retrieveCheckoutSession(id: string): Promise<StripeCheckoutSessionData>;

  abstract retrieveSubscription(id: string): Promise<StripeSubscriptionData>;

  /** Every subscription of a customer, whatever its status. */
  abstract listSubscriptions(customerId: string): Promise<StripeSubscriptionData[]>;

  /** Cancel at the period's end (access stays until then), or undo that before the end. */
  abstract setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<StripeSubscriptionData>;

  /**
   * Moves the subscription to another price, prorated and invoiced now; the switch waits for that payment
   * (pending_if_incomplete), so nobody gets the better plan with a failed card.
   */
  abstract changePrice(
    subscription: { id: string; itemId: string },
    price: StripePrice,
  ): Promise<StripeSubscriptionData>;

  /** What changePrice would invoice now, from Stripe's invoice preview of the same change; nothing is changed. */
  abstract previewPriceChange(
    subscription: { id: string; itemId: string; customerId: string },
    price: StripePrice,
  ): Promise<StripeInvoicePreview>;

  /** The customer portal (card, invoices, receipts); `returnUrl` is where its "back" link goes. */
  abstract createPortalSession(customerId: string, returnUrl: string): Promise<string>;

  /** A credit on the customer's balance: their next invoices are paid from it first. */
  abstract creditCustomer(
    customerId: string,
    amountCents: number,
    description: string,
    idempotencyKey: string,
  ): Promise<void>;

  /** Verifies a webhook's signature over the raw body (stripe.webhooks.constructEvent); InvalidWebhookError otherwise. */
  abstract constructEvent(payload: Buffer, signature: string): StripeEventData;
}
