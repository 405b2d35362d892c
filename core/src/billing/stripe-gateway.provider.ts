import type { FactoryProvider } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { billingMode, type AppConfig } from '../config/config.schema';
import { LocalStripeGateway } from './local-stripe.gateway';
import { LocalStripeRepository } from './local-stripe.repository';
import { StripeApiGateway } from './stripe-api.gateway';
import { InvalidWebhookError, StripeGateway, StripeUnavailableError } from './stripe.gateway';

/**
 * Production without Stripe keys: payments are off (checkout answers 503), never the local checkout. Every call throws,
 * so each method's type is `never`.
 */
export class DisabledStripeGateway extends StripeGateway {
  readonly mode = 'off' as const;

  private refuse(): never {
    throw new StripeUnavailableError('Payments are not set up (no STRIPE_SECRET_KEY)', 'billing_off');
  }

  check(): never {
    return this.refuse();
  }
  createCustomer(): never {
    return this.refuse();
  }
  findPrice(): never {
    return this.refuse();
  }
  createCheckoutSession(): never {
    return this.refuse();
  }
  expireCheckoutSession(): never {
    return this.refuse();
  }
  retrieveCheckoutSession(): never {
    return this.refuse();
  }
  retrieveSubscription(): never {
    return this.refuse();
  }
  listSubscriptions(): never {
    return this.refuse();
  }
  setCancelAtPeriodEnd(): never {
    return this.refuse();
  }
  changePrice(): never {
    return this.refuse();
  }
  previewPriceChange(): never {
    return this.refuse();
  }
  createPortalSession(): never {
    return this.refuse();
  }
  creditCustomer(): never {
    return this.refuse();
  }
  constructEvent(): never {
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
