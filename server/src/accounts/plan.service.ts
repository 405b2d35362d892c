import { Inject, Injectable, Logger } from '@nestjs/common';
import { accessLapsesAt, effectivePlan, hasPlatinum, isMetered, type Plan, type PlanAccess } from '@oddspulse/shared';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';
import { PlanRepository, type PlanStatePatch } from './plan.repository';
import { UsageRepository } from './usage.repository';

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

/** The plan in force now and when it lapses by itself (null: only a plan change can change it). */
export interface CurrentAccess {
  access: PlanAccess;
  until: Date | null;
}

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
}

/** First day of the current calendar month, UTC, as YYYY-MM-DD: the metering period (DECISIONS 2). */
export function usagePeriod(now: Date = new Date()): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

@Injectable()
export class PlanService {
  private readonly logger = new Logger(PlanService.name);

  constructor(
    private readonly plans: PlanRepository,
    private readonly usage: UsageRepository,
    private readonly redis: RedisService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get freeQuota(): number {
    return this.config.FREE_MONTHLY_QUOTA;
  }

  async access(userId: string): Promise<PlanAccess> {
    return effectivePlan(await this.plans.find(userId));
  }

  async current(userId: string, now: Date = new Date()): Promise<CurrentAccess> {
    const state = await this.plans.find(userId);
    return { access: effectivePlan(state, now), until: accessLapsesAt(state, now) };
  }

  /**
   * Every plan change goes through here (billing webhooks, gifts, admin), and each one is published on the
   * `accounts:plan-changed` channel so socket gateways can re-check the user's rooms (a downgrade evicts).
   */
  async changePlan(userId: string, patch: PlanStatePatch): Promise<PlanAccess> {
    const row = await this.plans.upsert(userId, patch);
    const now = new Date();
    const effective = effectivePlan(row, now);
    const until = accessLapsesAt(row, now);
    const message: PlanChangedMessage = { userId, plan: row.plan, unlimited: row.unlimited, effective, effective_until: until?.toISOString() ?? null };
    await this.redis.client.publish(this.redis.key(...RedisKeys.planChanged), JSON.stringify(message));
    this.logger.log({ msg: 'Plan changed', userId, plan: row.plan, effective: effective.plan });
    return effective;
  }

  /** Counts one metered odds-data call; `allowed` false once the month's quota is used up. */
  async meter(userId: string): Promise<{ allowed: boolean; used: number; quota: number }> {
    const quota = this.freeQuota;
    const period = usagePeriod();
    const counted = await this.usage.incrementBelow(userId, period, quota);
    if (counted !== null) return { allowed: true, used: counted, quota };
    return { allowed: false, used: await this.usage.calls(userId, period), quota };
  }

  async me(user: { id: string; email: string }): Promise<MeResponse> {
    const [state, used] = await Promise.all([this.plans.find(user.id), this.usage.calls(user.id, usagePeriod())]);
    const access = effectivePlan(state);
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
    };
  }
}
