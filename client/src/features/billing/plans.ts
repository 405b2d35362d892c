import { PLAN_PRICE_CENTS, planBooksCopy, wholeNumber, type BillingOverview, type Plan } from '@oddspulse/shared';

/** Plan cards' copy (spec 000 §1) with the one price source (DECISIONS 1) and the one book rule (DECISIONS 27). */
export interface PlanCard {
  plan: Plan;
  name: string;
  price: string;
  features: string[];
}

export type Subscription = NonNullable<BillingOverview['subscription']>;

/**
 * The subscription that still gives access: active, or past due while Stripe retries the card; the one the server's
 * switch, switch preview and cancel act on. A paid plan held without one (a gift, an admin grant, a demo account) has
 * none: it has nothing to switch or cancel.
 */
export function liveSubscription(overview: BillingOverview | null): Subscription | null {
  const sub = overview?.subscription;
  return sub && (sub.active || sub.status === 'past_due') ? sub : null;
}

export function monthlyPrice(plan: Plan): string {
  const cents = PLAN_PRICE_CENTS[plan];
  return cents === 0 ? '$0' : `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
}

/** The cards, with the free plan's quota as the server is configured (DECISIONS 2). */
export const planCards = (freeMonthlyQuota: number): PlanCard[] => [
  {
    plan: 'free',
    name: 'Free',
    price: monthlyPrice('free'),
    features: [
      `${wholeNumber(freeMonthlyQuota)} API calls per month`,
      'Basic odds data',
      planBooksCopy({ plan: 'free', unlimited: false }),
    ],
  },
  {
    plan: 'gold',
    name: 'Gold',
    price: monthlyPrice('gold'),
    features: [
      planBooksCopy({ plan: 'gold', unlimited: false }),
      '+EV finder',
      'Player props',
      'Game lines and spreads',
      'Real-time odds',
    ],
  },
  {
    plan: 'platinum',
    name: 'Platinum',
    price: monthlyPrice('platinum'),
    features: [
      'Everything in Gold',
      'Arbitrage scanner',
      'Middles finder',
      'Live betting markets',
      'Advanced analytics',
      'Unlimited API calls with personal API keys',
      'Premium support',
    ],
  },
];

/** An amount Stripe charges, in the plans' style: "$10", "$7.50". */
export function formatAmount(cents: number, currency = 'usd'): string {
  const symbol = currency.toLowerCase() === 'usd' ? '$' : `${currency.toUpperCase()} `;
  return `${cents < 0 ? '-' : ''}${symbol}${(Math.abs(cents) / 100).toFixed(Math.abs(cents) % 100 === 0 ? 0 : 2)}`;
}

/** "March 15, 2030", as the pages show renewal and end dates. */
export function formatBillingDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
