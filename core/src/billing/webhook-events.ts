import Stripe from 'stripe';
import { InvalidWebhookError } from './stripe.gateway';
import { readStripeEvent, type StripeEventData } from './stripe-objects';

/**
 * Verifies a webhook's `Stripe-Signature` over the raw body with the SDK (stripe.webhooks.constructEvent: the
 * HMAC and the 5-minute tolerance), then reads the event. A bad or missing signature, a body that is not JSON,
 * or JSON that is not an event: InvalidWebhookError, answered 400.
 */
export function verifyStripeEvent(payload: Buffer, signature: string, secret: string): StripeEventData {
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature, secret);
  } catch (error) {
    if (error instanceof SyntaxError)
      throw new InvalidWebhookError('The webhook body is not JSON', 'payload', { cause: error });
    throw new InvalidWebhookError('Invalid Stripe signature', 'signature', { cause: error });
  }
  try {
    return readStripeEvent(event);
  } catch (error) {
    throw new InvalidWebhookError('The webhook body is not a Stripe event', 'payload', { cause: error });
  }
}

/** Signs a payload as Stripe does (stripe.webhooks.generateTestHeaderString): the local checkout's events. */
export function signStripePayload(payload: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}
