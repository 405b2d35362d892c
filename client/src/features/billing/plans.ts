import { PLAN_PRICE_CENTS, planBooksCopy, wholeNumber, type PaidPlan, type Plan } from '@oddspulse/shared';
import { isPlatinum, type PlanInfo } from '../../state/session-api';

/** Plan cards' copy (spec 000 §1) with the one price source (DECISIONS 1) and the one book rule (DECISIONS 27). */
export interface PlanCard {
  plan: Plan;
  name: string;
  price: string;
  features: string[];
}

/**
 * The paid plan the user's subscription is on, or null: another paid plan changes that subscription (prorated,
 * after a confirmation) rather than opening a second checkout. A gift is no subscription, so it buys one.
 */
export function subscribedPlan(info: PlanInfo): PaidPlan | null {
  const current = isPlatinum(info) ? 'platinum' : info.plan;
  return current === 'free' || info.is_gifted ? null : current;
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
