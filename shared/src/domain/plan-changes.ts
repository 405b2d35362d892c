import { currentAccess, type PlanAccess, type PlanStateLike } from './entitlements';
import type { Plan } from './plans';

/** The message published on `RedisKeys.planChanged` whenever a user's plan state changes. */
export interface PlanChangedMessage {
  userId: string;
  plan: Plan;
  unlimited: boolean;
  /** The plan in force after the change (a canceled or lapsed subscription is free). */
  effective: PlanAccess;
  /** When `effective` lapses by itself (ISO: the end of its paid period), or null. */
  effective_until: string | null;
}

/** The announcement of a plan state just written. */
export function planChangedMessage(userId: string, state: PlanStateLike, now: Date = new Date()): PlanChangedMessage {
  const { access, until } = currentAccess(state, now);
  return { userId, plan: state.plan, unlimited: state.unlimited, effective: access, effective_until: until?.toISOString() ?? null };
}
