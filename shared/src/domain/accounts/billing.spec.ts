import {
  addMonths,
  giftGrantWay,
  giftPlanState,
  governingSubscription,
  isLiveSubscription,
  planStateDiffers,
  planStateOfSubscription,
  resolveBillingPlan,
  supersedes,
  type SubscriptionSnapshot,
} from './billing';
import { effectivePlan, RENEWAL_GRACE_MS } from './entitlements';

const NOW = new Date('2026-03-10T12:00:00Z');
const at = (iso: string) => new Date(iso);

function sub(over: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot {
  return {
    id: 'sub_1',
    customerId: 'cus_1',
    status: 'active',
    plan: 'gold',
    priceId: 'price_gold',
    currentPeriodEnd: at('2026-04-01T00:00:00Z'),
    cancelAtPeriodEnd: false,
    endedAt: null,
    observedAt: at('2026-03-01T00:00:00Z'),
    ...over,
  };
}

const state = (over: object = {}) => ({
  plan: 'free' as const,
  status: 'active' as const,
  current_period_end: null as Date | null,
  unlimited: false,
  is_gifted: false,
  cancel_at_period_end: false,
  ...over,
});

// The subscription-state → plan mapping; access follows the subscription's status (000 §1).
describe('planStateOfSubscription', () => {
  it('gives the price plan while active, trialing or past due (Stripe retrying keeps access)', () => {
    for (const status of ['active', 'trialing', 'past_due'] as const) {
      const next = planStateOfSubscription(sub({ status, plan: 'platinum' }));
      expect(next).toEqual({
        plan: 'platinum',
        status,
        current_period_end: at('2026-04-01T00:00:00Z'),
        cancel_at_period_end: false,
        is_gifted: false,
      });
      expect(effectivePlan({ ...next, unlimited: false }, NOW).plan).toBe('platinum');
    }
  });

  it('ends access when Stripe gives up: canceled, unpaid, paused and expired subscriptions are canceled', () => {
    for (const status of ['canceled', 'unpaid', 'paused', 'incomplete_expired'] as const) {
      const next = planStateOfSubscription(
        sub({ status, endedAt: at('2026-03-05T00:00:00Z'), cancelAtPeriodEnd: true }),
      );
      expect(next).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
      expect(effectivePlan({ ...next, unlimited: false }, NOW).plan).toBe('free');
    }
  });

  it('gives nothing before the first payment (incomplete)', () => {
    const next = planStateOfSubscription(sub({ status: 'incomplete' }));
    expect(effectivePlan({ ...next, unlimited: false }, NOW).plan).toBe('free');
  });

  // DECISIONS 3: cancel at period end keeps access to the end of the period
  it('keeps access to the end of a period set to cancel, then lapses', () => {
    const next = planStateOfSubscription(sub({ cancelAtPeriodEnd: true }));
    expect(next.cancel_at_period_end).toBe(true);
    expect(effectivePlan({ ...next, unlimited: false }, NOW).plan).toBe('gold');
    expect(effectivePlan({ ...next, unlimited: false }, at('2026-04-01T00:00:01Z')).plan).toBe('free');
  });
});

// Stripe delivers at least once and out of order; an older report never undoes a newer one.
describe('supersedes', () => {
  it('takes the first report, and a later one of the same period', () => {
    expect(supersedes(null, sub())).toBe(true);
    expect(supersedes(sub(), sub({ cancelAtPeriodEnd: true, observedAt: at('2026-03-02T00:00:00Z') }))).toBe(true);
  });

  it('refuses an older report of the same period arriving late (cancel, then the earlier "created" event)', () => {
    const cancelled = sub({ cancelAtPeriodEnd: true, observedAt: at('2026-03-02T00:00:00Z') });
    expect(supersedes(cancelled, sub({ observedAt: at('2026-03-01T00:00:00Z') }))).toBe(false);
  });

  it('lets a tie (the same second) go to the report that arrived last', () => {
    const first = sub({ observedAt: at('2026-03-02T00:00:00Z') });
    expect(supersedes(first, sub({ cancelAtPeriodEnd: true, observedAt: at('2026-03-02T00:00:00Z') }))).toBe(true);
  });

  it('orders by the period first: a renewal is newer than anything of the period before', () => {
    const renewed = sub({ currentPeriodEnd: at('2026-05-01T00:00:00Z'), observedAt: at('2026-04-01T00:00:00Z') });
    const late = sub({
      status: 'past_due',
      currentPeriodEnd: at('2026-04-01T00:00:00Z'),
      observedAt: at('2026-04-02T00:00:00Z'),
    });
    expect(supersedes(renewed, late)).toBe(false);
    expect(supersedes(late, renewed)).toBe(true);
  });

  it('never revives an ended subscription, and an ending always applies', () => {
    const ended = sub({
      status: 'canceled',
      endedAt: at('2026-03-05T00:00:00Z'),
      observedAt: at('2026-03-05T00:00:00Z'),
    });
    expect(
      supersedes(ended, sub({ observedAt: at('2026-03-06T00:00:00Z'), currentPeriodEnd: at('2026-06-01T00:00:00Z') })),
    ).toBe(false);
    expect(
      supersedes(
        sub({ observedAt: at('2026-03-09T00:00:00Z') }),
        sub({ status: 'canceled', observedAt: at('2026-03-01T00:00:00Z') }),
      ),
    ).toBe(true);
  });
});

describe('governingSubscription and resolveBillingPlan', () => {
  it('lets a live subscription decide over an old ended one, whatever arrived last', () => {
    const old = sub({
      id: 'sub_old',
      status: 'canceled',
      plan: 'platinum',
      endedAt: at('2026-02-01T00:00:00Z'),
      observedAt: at('2026-03-09T00:00:00Z'),
    });
    const current = sub({ id: 'sub_new', observedAt: at('2026-03-01T00:00:00Z') });
    expect(governingSubscription([old, current], NOW)?.id).toBe('sub_new');
    expect(resolveBillingPlan(state(), [old, current], NOW)).toMatchObject({ plan: 'gold', status: 'active' });
  });

  it('prefers the better plan, then the longer period, among live ones', () => {
    const gold = sub({ id: 'g', currentPeriodEnd: at('2026-05-01T00:00:00Z') });
    const platinum = sub({ id: 'p', plan: 'platinum' });
    expect(governingSubscription([gold, platinum], NOW)?.id).toBe('p');
  });

  it('ends access when the last subscription is deleted', () => {
    const deleted = sub({ status: 'canceled', endedAt: at('2026-03-09T00:00:00Z') });
    const next = resolveBillingPlan(
      state({ plan: 'gold', current_period_end: at('2026-04-01T00:00:00Z') }),
      [deleted],
      NOW,
    )!;
    expect(effectivePlan({ ...next, unlimited: false }, NOW).plan).toBe('free');
  });

  it('leaves alone a user who never subscribed (a demo or admin grant) and a running gift', () => {
    expect(resolveBillingPlan(state({ plan: 'gold' }), [], NOW)).toBeNull();
    const gift = state({ plan: 'platinum', is_gifted: true, current_period_end: at('2026-04-01T00:00:00Z') });
    expect(
      resolveBillingPlan(gift, [sub({ status: 'canceled', endedAt: at('2026-03-01T00:00:00Z') })], NOW),
    ).toBeNull();
  });

  it('lets a live subscription take over a gift (the gift became its trial or a credit)', () => {
    const gift = state({ plan: 'platinum', is_gifted: true, current_period_end: at('2026-04-01T00:00:00Z') });
    expect(resolveBillingPlan(gift, [sub({ status: 'trialing', plan: 'platinum' })], NOW)).toMatchObject({
      plan: 'platinum',
      is_gifted: false,
      status: 'trialing',
    });
  });

  it('keeps a running Platinum gift over a lower plan bought to start when it ends, until it ends', () => {
    const gift = state({ plan: 'platinum', is_gifted: true, current_period_end: at('2026-04-01T00:00:00Z') });
    const gold = sub({ status: 'trialing', plan: 'gold', currentPeriodEnd: at('2026-04-01T00:00:00Z') });
    expect(resolveBillingPlan(gift, [gold], NOW)).toBeNull();
    // a trial of a lower plan does not cut the gift short; a paid one (Stripe billed it) decides, as does the gift's end
    expect(resolveBillingPlan(gift, [{ ...gold, status: 'active' }], NOW)).toMatchObject({ plan: 'gold' });
    const ended = { ...gift, current_period_end: at('2026-03-10T00:00:00Z') };
    expect(resolveBillingPlan(ended, [{ ...gold, currentPeriodEnd: at('2026-05-01T00:00:00Z') }], NOW)).toMatchObject({
      plan: 'gold',
      status: 'trialing',
      is_gifted: false,
    });
  });

  it('treats a period that ended as not live', () => {
    expect(isLiveSubscription(sub({ currentPeriodEnd: at('2026-03-01T00:00:00Z') }), NOW)).toBe(false);
  });

  // spec 000 §1: billing renews; until Stripe's renewal is recorded the subscription that renews stays live
  it('keeps a subscription that renews live past its period end for the renewal grace, and no other', () => {
    const justEnded = at('2026-03-10T11:00:00Z');
    expect(isLiveSubscription(sub({ currentPeriodEnd: justEnded }), NOW)).toBe(true);
    expect(isLiveSubscription(sub({ status: 'trialing', currentPeriodEnd: justEnded }), NOW)).toBe(true);
    expect(
      isLiveSubscription(sub({ currentPeriodEnd: justEnded }), new Date(justEnded.getTime() + RENEWAL_GRACE_MS)),
    ).toBe(false);
    for (const over of [{ cancelAtPeriodEnd: true }, { status: 'past_due' as const }])
      expect(isLiveSubscription(sub({ ...over, currentPeriodEnd: justEnded }), NOW)).toBe(false);
    const next = resolveBillingPlan(state({ plan: 'gold' }), [sub({ currentPeriodEnd: justEnded })], NOW)!;
    expect(effectivePlan({ ...next, unlimited: false }, NOW).plan).toBe('gold');
  });
});

describe('planStateDiffers', () => {
  it('is false for a replay of the same state, true for any change', () => {
    const next = planStateOfSubscription(sub());
    expect(planStateDiffers({ ...next, unlimited: false }, next)).toBe(false);
    expect(planStateDiffers({ ...next, unlimited: false, cancel_at_period_end: true }, next)).toBe(true);
    expect(planStateDiffers(null, next)).toBe(true);
  });
});

describe('giftGrantWay', () => {
  it('grants the plan when nothing is live, a credit to a subscription that will renew', () => {
    expect(giftGrantWay([], NOW)).toEqual({ as: 'plan' });
    expect(giftGrantWay([sub({ status: 'canceled', endedAt: at('2026-03-01T00:00:00Z') })], NOW)).toEqual({
      as: 'plan',
    });
    expect(giftGrantWay([sub({ status: 'past_due' })], NOW)).toEqual({ as: 'credit', customerId: 'cus_1' });
  });

  it('keeps the gift waiting while the live subscription is set to end: a credit would never be spent', () => {
    expect(giftGrantWay([sub({ cancelAtPeriodEnd: true })], NOW)).toEqual({ as: 'wait' });
    expect(giftGrantWay([sub({ cancelAtPeriodEnd: true, currentPeriodEnd: at('2026-03-10T00:00:00Z') })], NOW)).toEqual(
      { as: 'plan' },
    );
  });
});

// DECISIONS 4: a gift is one month of Platinum (is_gifted, subscription_end_date); spec 000 §9 gift default 30 days.
describe('giftPlanState', () => {
  it('is one calendar month of Platinum from now', () => {
    expect(giftPlanState(null, NOW)).toEqual({
      plan: 'platinum',
      status: 'active',
      current_period_end: at('2026-04-10T12:00:00Z'),
      cancel_at_period_end: false,
      is_gifted: true,
    });
  });

  it('adds a month to a gift still running, and starts afresh after one ended', () => {
    const running = state({ plan: 'platinum', is_gifted: true, current_period_end: at('2026-03-20T00:00:00Z') });
    expect(giftPlanState(running, NOW).current_period_end).toEqual(at('2026-04-20T00:00:00Z'));
    const ended = state({ plan: 'platinum', is_gifted: true, current_period_end: at('2026-03-01T00:00:00Z') });
    expect(giftPlanState(ended, NOW).current_period_end).toEqual(at('2026-04-10T12:00:00Z'));
  });
});

describe('addMonths', () => {
  it('clamps to the last day of a shorter month, as Stripe bills', () => {
    expect(addMonths(at('2026-01-31T08:00:00Z'), 1)).toEqual(at('2026-02-28T08:00:00Z'));
    expect(addMonths(at('2028-01-31T08:00:00Z'), 1)).toEqual(at('2028-02-29T08:00:00Z'));
    expect(addMonths(at('2026-12-15T00:00:00Z'), 1)).toEqual(at('2027-01-15T00:00:00Z'));
  });
});
