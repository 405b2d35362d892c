import { currentAccess, type PlanAccess, type PlanStateLike } from './entitlements';
import type { Plan } from './plans';
import { AuditActions } from './security';

/** The message published on `RedisKeys.planChanged` whenever a user's plan state changes. */
export interface PlanChangedMessage {
  /**
   * This change's own id. The gateways tell the user's channel once per message however many of them hear it, so two
   * changes to the same state (a switch taken back and made again within the minute) must be two messages.
   */
  id: string;
  userId: string;
  plan: Plan;
  unlimited: boolean;
  /** The plan in force after the change (a canceled or lapsed subscription is free). */
  effective: PlanAccess;
  /** When `effective` lapses by itself (ISO: the end of its paid period), or null. */
  effective_until: string | null;
}

/** The announcement of a plan state just written, under the change's own `id`. */
export function planChangedMessage(
  id: string,
  userId: string,
  state: PlanStateLike,
  now: Date = new Date(),
): PlanChangedMessage {
  const { access, until } = currentAccess(state, now);
  return {
    id,
    userId,
    plan: state.plan,
    unlimited: state.unlimited,
    effective: access,
    effective_until: until?.toISOString() ?? null,
  };
}

/**
 * The security log's entry for a plan state written over `before`: a subscription newly set to end with its period is
 * "Subscription cancelled (access until …)", not a change to the plan it keeps until then; taking that back before the
 * period ends is a resume; anything else (a new plan, a lapse, a gift) is a plan change to the plan now in force.
 */
export function planChangeAuditEntry(
  before: PlanStateLike | null | undefined,
  after: PlanStateLike,
  effective: Plan,
): { action: string; details: Record<string, unknown> } {
  if (after.cancel_at_period_end && !before?.cancel_at_period_end) {
    return {
      action: AuditActions.subscriptionCancelled,
      details: { plan: after.plan, effective, access_until: after.current_period_end?.toISOString() ?? null },
    };
  }
  if (
    before?.cancel_at_period_end &&
    !after.cancel_at_period_end &&
    after.status !== 'canceled' &&
    before.plan === after.plan
  ) {
    return { action: AuditActions.subscriptionResumed, details: { plan: after.plan, effective } };
  }
  return { action: AuditActions.planChanged, details: { plan: after.plan, status: after.status, effective } };
}
