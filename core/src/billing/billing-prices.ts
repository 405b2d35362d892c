import { Inject, Injectable } from '@nestjs/common';
import { GIFT_PRICE_CENTS, PLAN_PRICE_CENTS, type PaidPlan } from '@oddspulse/shared';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { StripeGateway, StripeUnavailableError } from './stripe.gateway';
import type { StripePrice } from './stripe-objects';

export type PriceKind = PaidPlan | 'gift';

/** A resolved price is trusted this long; a price edited at Stripe is seen again after it. */
const PRICE_CACHE_MS = 10 * 60_000;

/**
 * The configured Stripe prices (STRIPE_PRICE_GOLD, _PLATINUM, _PLATINUM_GIFT: ids or lookup keys), checked against
 * the one price source of DECISIONS 1 (PLAN_PRICE_CENTS): a Stripe price that charges another amount, currency or
 * interval than the screens show is refused, so nobody is charged what they were not shown.
 */
@Injectable()
export class BillingPrices {
  private readonly cache = new Map<PriceKind, { price: StripePrice; at: number }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly gateway: StripeGateway,
  ) {}

  reference(kind: PriceKind): string {
    return kind === 'gold'
      ? this.config.STRIPE_PRICE_GOLD
      : kind === 'platinum'
        ? this.config.STRIPE_PRICE_PLATINUM
        : this.config.STRIPE_PRICE_PLATINUM_GIFT;
  }

  /** The price to charge; StripeUnavailableError when Stripe is down or the price is missing or does not match the product's. */
  async price(kind: PriceKind): Promise<StripePrice> {
    const cached = this.cache.get(kind);
    if (cached && Date.now() - cached.at < PRICE_CACHE_MS) return cached.price;
    const reference = this.reference(kind);
    const price = await this.gateway.findPrice(reference);
    if (!price)
      throw new StripeUnavailableError(
        `Stripe has no active price "${reference}" for ${kind}: create it (docs/api.md, Billing)`,
        'price_missing',
      );
    const expected = kind === 'gift' ? GIFT_PRICE_CENTS : PLAN_PRICE_CENTS[kind];
    const interval = kind === 'gift' ? null : 'month';
    if (price.unitAmount !== expected || price.currency !== 'usd' || price.interval !== interval) {
      throw new StripeUnavailableError(
        `Stripe price "${reference}" is ${price.unitAmount} ${price.currency} per ${price.interval ?? 'payment'}; ${kind} sells at ${expected} usd per ${interval ?? 'payment'} (DECISIONS 1)`,
        'price_mismatch',
      );
    }
    this.cache.set(kind, { price, at: Date.now() });
    return price;
  }

  /** The plan a subscription's price sells, by the configured id or lookup key; null for a price this product does not sell. */
  planOf(price: Pick<StripePrice, 'id' | 'lookupKey'> | null): PaidPlan | null {
    if (!price) return null;
    for (const plan of ['gold', 'platinum'] as const) {
      const reference = this.reference(plan);
      if (price.id === reference || price.lookupKey === reference || this.cache.get(plan)?.price.id === price.id)
        return plan;
    }
    return null;
  }
}
