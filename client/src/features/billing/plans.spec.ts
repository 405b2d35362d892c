import type { BillingOverview } from '@oddspulse/shared';
import { liveSubscription, type Subscription } from './plans';

// spec 000 §1, §4: a subscriber's other plan changes the subscription and a cancel ends it; a paid plan held without a
// live one (a gift, an admin grant, a demo account) has nothing to switch or cancel, as the server's NO_SUBSCRIPTION says
describe('liveSubscription', () => {
  const subscription = (over: Partial<Subscription>): Subscription => ({
    id: 'sub_1',
    plan: 'gold',
    status: 'active',
    active: true,
    amount_cents: 1000,
    currency: 'usd',
    interval: 'month',
    current_period_end: '2030-03-01T00:00:00.000Z',
    cancel_at_period_end: false,
    payment_failed: false,
    ...over,
  });
  const overview = (sub: Subscription | null): BillingOverview => ({
    mode: 'stripe',
    plan: sub?.plan ?? 'gold',
    subscription: sub,
    gift: null,
    can_manage_billing: sub !== null,
  });

  it('is the subscription while it is active, trialing or past due', () => {
    for (const sub of [
      subscription({}),
      subscription({ status: 'trialing' }),
      subscription({ status: 'past_due', active: false, payment_failed: true }),
    ])
      expect(liveSubscription(overview(sub))).toBe(sub);
  });

  it('is null for a paid plan held without a subscription, or one that ended', () => {
    expect(liveSubscription(overview(null))).toBeNull();
    expect(liveSubscription(null)).toBeNull();
    expect(liveSubscription(overview(subscription({ status: 'canceled', active: false })))).toBeNull();
  });
});
