import type { PlanInfo } from '../../state/session-api';
import { subscribedPlan } from './plans';

// spec 000 §2, §4: a subscriber's upgrade changes the subscription; anyone else buys one
describe('subscribedPlan', () => {
  const info = (over: Partial<PlanInfo>): PlanInfo => ({
    plan: 'free',
    remaining: null,
    limit: null,
    used: 0,
    unlimited: false,
    is_gifted: false,
    subscription_end_date: null,
    cancel_at_period_end: false,
    ...over,
  });

  it('is the paid plan of a subscription', () => {
    expect(subscribedPlan(info({ plan: 'gold' }))).toBe('gold');
    expect(subscribedPlan(info({ plan: 'platinum' }))).toBe('platinum');
  });

  it('is null for a free account, which has no subscription to change', () => {
    expect(subscribedPlan(info({ plan: 'free', limit: 250, remaining: 250 }))).toBeNull();
  });

  it('is null for a gift, which is no subscription', () => {
    expect(subscribedPlan(info({ plan: 'platinum', is_gifted: true }))).toBeNull();
  });
});
