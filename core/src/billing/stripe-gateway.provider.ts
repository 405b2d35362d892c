import type { FactoryProvider } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { billingMode, type AppConfig } from '../config/config.schema';
import { LocalStripeGateway } from './local-stripe.gateway';
import { LocalStripeRepository } from './local-stripe.repository';
import { StripeApiGateway } from './stripe-api.gateway';
import { type CheckoutSessionRef, InvalidWebhookError, StripeGateway, StripeUnavailableError } from './stripe.gateway';
import type {
  StripeCheckoutSessionData,
  StripeEventData,
  StripeInvoicePreview,
  StripePrice,
  StripeSubscriptionData,
} from './stripe-objects';

/** Production without Stripe keys: payments are off (checkout answers 503), never the local checkout. */
export class DisabledStripeGateway extends StripeGateway {
  readonly mode = 'off' as const;

  private refuse(): never {
    throw new StripeUnavailableError('Payments are not set up (no STRIPE_SECRET_KEY)', 'billing_off');
  }

  createCustomer(): Promise<string> {
    return this.refuse();
  }
  findPrice(): Promise<StripePrice | null> {
    return this.refuse();
  }
  createCheckoutSession(): Promise<CheckoutSessionRef> {
    return this.refuse();
  }
  expireCheckoutSession(): Promise<void> {
    return this.refuse();
  }
  retrieveCheckoutSession(): Promise<StripeCheckoutSessionData> {
    return this.refuse();
  }
  retrieveSubscription(): Promise<StripeSubscriptionData> {
    return this.refuse();
  }
  listSubscriptions(): Promise<StripeSubscriptionData[]> {
    return this.refuse();
  }
  setCancelAtPeriodEnd(): Promise<StripeSubscriptionData> {
    return this.refuse();
  }
  changePrice(): Promise<StripeSubscriptionData> {
    return this.refuse();
  }
  previewPriceChange(): Promise<StripeInvoicePreview> {
    return this.refuse();
  }
  createPortalSession(): Promise<string> {
    return this.refuse();
  }
  creditCustomer(): Promise<void> {
    return this.refuse();
  }
  constructEvent(): StripeEventData {
    throw new InvalidWebhookError('Payments are not set up: no webhook is expected', 'signature');
  }
}

/** The StripeGateway of the configuration's billing mode (core's config: billingMode). */
export const stripeGatewayProvider: FactoryProvider<StripeGateway> = {
  provide: StripeGateway,
  inject: [APP_CONFIG, LocalStripeRepository],
  useFactory: (config: AppConfig, local: LocalStripeRepository) => {
    const mode = billingMode(config);
    if (mode === 'stripe') return new StripeApiGateway(config);
    if (mode === 'local') return new LocalStripeGateway(local, config);
    return new DisabledStripeGateway();
  },
};
