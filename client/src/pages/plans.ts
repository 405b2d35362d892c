import { PLAN_PRICE_CENTS, type Plan } from '@oddspulse/shared';

/** Plan cards' copy (spec 000 §1) with the one price source (DECISIONS 1). */
export interface PlanCard {
  plan: Plan;
  name: string;
  price: string;
  features: string[];
}

export function monthlyPrice(plan: Plan): string {
  const cents = PLAN_PRICE_CENTS[plan];
  return cents === 0 ? '$0' : `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
}

/** The cards, with the free plan's quota as the server is configured (DECISIONS 2). */
export const planCards = (freeMonthlyQuota: number): PlanCard[] => [
  { plan: 'free', name: 'Free', price: monthlyPrice('free'), features: [`${freeMonthlyQuota.toLocaleString('en-US')} API calls per month`, 'Basic odds data', 'Popular sportsbooks'] },
  { plan: 'gold', name: 'Gold', price: monthlyPrice('gold'), features: ['25+ sportsbooks', '+EV finder', 'Player props', 'Game lines and spreads', 'Real-time odds'] },
  {
    plan: 'platinum',
    name: 'Platinum',
    price: monthlyPrice('platinum'),
    features: ['Everything in Gold', 'Arbitrage scanner', 'Middles finder', 'Live betting markets', 'Advanced analytics', 'Unlimited API calls with personal API keys', 'Premium support'],
  },
];
