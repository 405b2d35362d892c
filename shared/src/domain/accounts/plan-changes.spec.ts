import type { PlanStateLike } from './entitlements';
import { planChangeAuditEntry } from './plan-changes';
import { AuditActions } from './security';

const end = new Date('2026-12-26T09:00:00Z');
const state = (over: Partial<PlanStateLike>): PlanStateLike => ({
  plan: 'gold',
  status: 'active',
  current_period_end: end,
  unlimited: false,
  cancel_at_period_end: false,
  is_gifted: false,
  ...over,
});

// Issue wording §5: the security log records a cancellation as "Subscription cancelled (access until …)", not a plan change.
describe('planChangeAuditEntry', () => {
  it('records a subscription newly set to end as a cancellation, with the access it keeps', () => {
    expect(planChangeAuditEntry(state({}), state({ cancel_at_period_end: true }), 'gold')).toEqual({
      action: AuditActions.subscriptionCancelled,
      details: { plan: 'gold', effective: 'gold', access_until: '2026-12-26T09:00:00.000Z' },
    });
  });

  it('records taking the cancellation back as a resume', () => {
    expect(planChangeAuditEntry(state({ cancel_at_period_end: true }), state({}), 'gold')).toEqual({
      action: AuditActions.subscriptionResumed,
      details: { plan: 'gold', effective: 'gold' },
    });
  });

  it('records the end of a cancelled subscription, a switch while cancelling and a first plan as plan changes', () => {
    const ended = planChangeAuditEntry(state({ cancel_at_period_end: true }), state({ status: 'canceled' }), 'free');
    expect(ended).toEqual({
      action: AuditActions.planChanged,
      details: { plan: 'gold', status: 'canceled', effective: 'free' },
    });
    const switched = planChangeAuditEntry(
      state({ cancel_at_period_end: true }),
      state({ plan: 'platinum' }),
      'platinum',
    );
    expect(switched.action).toBe(AuditActions.planChanged);
    expect(planChangeAuditEntry(undefined, state({}), 'gold').action).toBe(AuditActions.planChanged);
  });

  it('does not record a cancellation twice when a later report keeps it set', () => {
    const renewedDate = state({ cancel_at_period_end: true, current_period_end: new Date('2027-01-26T09:00:00Z') });
    expect(planChangeAuditEntry(state({ cancel_at_period_end: true }), renewedDate, 'gold').action).toBe(
      AuditActions.planChanged,
    );
  });
});
