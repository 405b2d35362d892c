import { Inject, Injectable } from '@nestjs/common';
import {
  currentAccess,
  hasPlatinum,
  isMetered,
  type CurrentAccess,
  type OpsRole,
  type Plan,
  type PlanAccess,
} from '@oddspulse/shared';
import {
  APP_CONFIG,
  type AppConfig,
  PlanChanges,
  PlanRepository,
  type PlanChangeAuthor,
  type PlanStatePatch,
  UsageRepository,
} from '@oddspulse/core';

/** The message published on `RedisKeys.planChanged` (it lives in shared; PlanChanges in core publishes it). */
export type { PlanChangedMessage } from '@oddspulse/shared';

/** The body of GET /api/me (spec 000 §3, DECISIONS 2). `limit`/`remaining` are null for unmetered plans. */
export interface MeResponse {
  id: string;
  email: string;
  plan: Plan;
  unlimited: boolean;
  metered: boolean;
  limit: number | null;
  used: number;
  remaining: number | null;
  is_gifted: boolean;
  subscription_end_date: string | null;
  status: string;
  cancel_at_period_end: boolean;
  /** The operations role: the client links the operations page for it. */
  role: OpsRole | null;
}

/** First day of the current calendar month, UTC, as YYYY-MM-DD: the metering period (DECISIONS 2). */
export function usagePeriod(now: Date = new Date()): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

@Injectable()
export class PlanService {
  constructor(
    private readonly plans: PlanRepository,
    private readonly usage: UsageRepository,
    private readonly changes: PlanChanges,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get freeQuota(): number {
    return this.config.FREE_MONTHLY_QUOTA;
  }

  async access(userId: string): Promise<PlanAccess> {
    return (await this.current(userId)).access;
  }

  async current(userId: string, now: Date = new Date()): Promise<CurrentAccess> {
    return currentAccess(await this.plans.find(userId), now);
  }

  /**
   * Every plan change goes through here (billing webhooks, gifts, admin), and each one is published on the
   * `accounts:plan-changed` channel so socket gateways can re-check the user's rooms (a downgrade evicts), and
   * written to the user's audit log; `by` names the operator when one made the change. The writing, announcing and
   * auditing is PlanChanges (core), which billing's webhooks and the workers' reconciliation use too.
   */
  changePlan(userId: string, patch: PlanStatePatch, by: PlanChangeAuthor = {}): Promise<PlanAccess> {
    return this.changes.apply(userId, patch, by);
  }

  /** Counts one metered odds-data call; `allowed` false once the month's quota is used up. */
  /**
   * Counts one odds-data call if the quota allows it. The call is counted before it runs (so parallel calls can never
   * pass the quota) and given back with `unmeter` when it does not succeed.
   */
  async meter(userId: string): Promise<{ allowed: boolean; used: number; quota: number; period: string }> {
    const quota = this.freeQuota;
    const period = usagePeriod();
    const counted = await this.usage.incrementBelow(userId, period, quota);
    if (counted !== null) return { allowed: true, used: counted, quota, period };
    return { allowed: false, used: await this.usage.calls(userId, period), quota, period };
  }

  /** A metered call that failed (4xx or 5xx) is not charged. */
  unmeter(userId: string, period: string): Promise<void> {
    return this.usage.decrement(userId, period);
  }

  async me(user: { id: string; email: string; role: OpsRole | null }): Promise<MeResponse> {
    const [state, used] = await Promise.all([this.plans.find(user.id), this.usage.calls(user.id, usagePeriod())]);
    const { access } = currentAccess(state);
    const metered = isMetered(access);
    const limit = metered ? this.freeQuota : null;
    return {
      id: user.id,
      email: user.email,
      plan: access.plan,
      unlimited: hasPlatinum(access),
      metered,
      limit,
      used,
      remaining: limit === null ? null : Math.max(0, limit - used),
      is_gifted: access.plan !== 'free' && (state?.is_gifted ?? false),
      subscription_end_date: state?.current_period_end?.toISOString() ?? null,
      status: state?.status ?? 'active',
      cancel_at_period_end: state?.cancel_at_period_end ?? false,
      role: user.role,
    };
  }
}
