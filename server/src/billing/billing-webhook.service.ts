import { HttpException, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ZodError } from 'zod';
import { BillingMessages } from '@oddspulse/shared';
import {
  BillingRepository,
  BillingSyncService,
  type EventRef,
  InvalidWebhookError,
  isDependencyDown,
  LocalStripeGateway,
  observedNow,
  readCheckoutSession,
  readInvoice,
  readSubscription,
  StripeGateway,
  StripeNotFoundError,
  StripeUnavailableError,
  type StripeEventData,
  type SyncResult,
} from '@oddspulse/core';
import { ApiErrors } from '../errors/api-errors';

export interface WebhookAnswer {
  received: true;
  outcome: SyncResult['outcome'] | 'unhandled';
}

const SUBSCRIPTION_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
];

/**
 * POST /api/billing/webhook. Stripe's events (and the local checkout's, signed the same way) are verified over
 * the raw body with the SDK, then applied through BillingSyncService: once per event id, and by the subscription's
 * own state and timestamps, so a late or repeated delivery changes nothing. A bad or missing signature, or a body
 * that is not an event, is a 400 that changes nothing; a customer, price or gift the product does not know is
 * logged and answered 200; a failure to apply (Stripe or PostgreSQL down) is a 503, and Stripe delivers again.
 */
@Injectable()
export class BillingWebhookService implements OnModuleInit {
  private readonly logger = new Logger(BillingWebhookService.name);

  constructor(
    private readonly gateway: StripeGateway,
    private readonly billing: BillingRepository,
    private readonly sync: BillingSyncService,
  ) {}

  onModuleInit(): void {
    // The local checkout's events go through this same handler, in this process.
    if (this.gateway instanceof LocalStripeGateway) {
      this.gateway.deliverTo(async (payload, signature) => {
        await this.receive(Buffer.from(payload, 'utf8'), signature);
      });
    }
  }

  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<WebhookAnswer> {
    if (!signature) throw ApiErrors.validation(BillingMessages.missingSignature, 'WEBHOOK_SIGNATURE');
    if (!rawBody?.length) throw ApiErrors.validation('The webhook body is empty', 'WEBHOOK_PAYLOAD');
    let event: StripeEventData;
    try {
      event = this.gateway.constructEvent(rawBody, signature);
    } catch (error) {
      if (error instanceof InvalidWebhookError) {
        this.logger.warn({ msg: 'Webhook refused', reason: error.reason, detail: error.message });
        throw error.reason === 'signature'
          ? ApiErrors.validation(BillingMessages.invalidSignature, 'WEBHOOK_SIGNATURE')
          : ApiErrors.validation(error.message, 'WEBHOOK_PAYLOAD');
      }
      throw error;
    }
    try {
      const outcome = await this.apply(event);
      this.logger.log({ msg: 'Stripe event', event: event.id, type: event.type, outcome });
      return { received: true, outcome };
    } catch (error) {
      if (error instanceof HttpException) throw error;
      // Stripe, PostgreSQL or Redis away is an outside failure: a warning with its reason; a bug keeps its stack.
      const outside = (error instanceof StripeUnavailableError && error.stripeAway) || isDependencyDown(error);
      this.logger[outside ? 'warn' : 'error']({
        msg: 'Stripe event not applied; Stripe will deliver it again',
        event: event.id,
        type: event.type,
        ...(outside ? { reason: (error as Error).message } : { err: error }),
      });
      throw ApiErrors.unavailable('The event could not be applied now; deliver it again', 'WEBHOOK_RETRY');
    }
  }

  private async apply(event: StripeEventData): Promise<WebhookAnswer['outcome']> {
    if (await this.billing.eventSeen(event.id)) return 'duplicate';
    const ref: EventRef = { id: event.id, type: event.type };
    try {
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
        return await this.checkoutCompleted(event, ref);
      }
      if (SUBSCRIPTION_EVENTS.includes(event.type)) {
        return (await this.sync.syncSubscription(readSubscription(event.object), event.created, { event: ref }))
          .outcome;
      }
      if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
        const invoice = readInvoice(event.object);
        // A one-time invoice (a gift's receipt) belongs to no subscription.
        if (!invoice.subscriptionId) return 'unhandled';
        const observedAt = observedNow();
        const subscription = await this.gateway.retrieveSubscription(invoice.subscriptionId);
        return (
          await this.sync.syncSubscription(subscription, observedAt, {
            event: ref,
            invoice: { created: invoice.created, paid: event.type === 'invoice.paid' },
          })
        ).outcome;
      }
      return 'unhandled';
    } catch (error) {
      // A signed event whose object cannot be read will not read better on a retry.
      if (error instanceof ZodError) {
        this.logger.error({
          msg: 'Stripe event with an object billing cannot read; left alone',
          event: event.id,
          type: event.type,
          issues: error.issues.slice(0, 3),
        });
        return 'ignored';
      }
      if (error instanceof StripeNotFoundError) {
        this.logger.warn({
          msg: 'Stripe event about an object Stripe no longer has; left alone',
          event: event.id,
          type: event.type,
        });
        return 'ignored';
      }
      throw error;
    }
  }

  private async checkoutCompleted(event: StripeEventData, ref: EventRef): Promise<WebhookAnswer['outcome']> {
    const session = readCheckoutSession(event.object);
    // A delayed payment method completes the session first; checkout.session.async_payment_succeeded follows.
    if (!session.paid) return 'ignored';
    if (session.kind === 'gift' && session.giftId)
      return (await this.sync.giftPaid(session.giftId, ref)).result.outcome;
    if (session.mode !== 'subscription' || !session.subscriptionId) return 'unhandled';
    if (session.customerId) await this.sync.userOfCustomer(session.customerId, session.userId);
    const observedAt = observedNow();
    const subscription = await this.gateway.retrieveSubscription(session.subscriptionId);
    return (await this.sync.syncSubscription(subscription, observedAt, { event: ref })).outcome;
  }
}
