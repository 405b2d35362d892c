import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { Transaction } from 'kysely';
import { planChangeAuditEntry, planChangedMessage, type PlanAccess, type PlanChangedMessage } from '@oddspulse/shared';
import type { DB } from '../database/schema';
import { RealtimeBus } from '../realtime/realtime-bus';
import { RedisKeys } from '../redis/redis-keys';
import { AuditLogRepository } from './audit-log.repository';
import { PlanRepository, type PlanStatePatch, type PlanStateRow } from './plan.repository';
import { PrincipalChanges } from './principal-changes';

/** Who changed a plan when it was not the user or Stripe (an operator), and why. */
export interface PlanChangeAuthor {
  actorId?: string;
  reason?: string;
}

/** A plan state as written, and as it stood before (none for a user who never had one): the audit log tells them apart. */
export interface WrittenPlanState {
  before: PlanStateRow | undefined;
  after: PlanStateRow;
}

/**
 * Every plan change, in either process: the plan state is written, then announced: to the servers' principal caches
 * (PrincipalChanges), on the `accounts:plan-changed` control topic so every socket gateway re-checks the user's rooms
 * (a downgrade evicts), and in the user's audit log. The API reaches it
 * through PlanService.changePlan; the workers (billing reconciliation) and the billing webhook handler, which
 * write inside a transaction, call `write` in it and `announce` once it has committed.
 */
@Injectable()
export class PlanChanges {
  private readonly logger = new Logger(PlanChanges.name);

  constructor(
    private readonly plans: PlanRepository,
    private readonly bus: RealtimeBus,
    private readonly audit: AuditLogRepository,
    private readonly principals: PrincipalChanges,
  ) {}

  async apply(userId: string, patch: PlanStatePatch, by: PlanChangeAuthor = {}): Promise<PlanAccess> {
    return this.announce(await this.write(userId, patch), by);
  }

  async write(userId: string, patch: PlanStatePatch, trx?: Transaction<DB>): Promise<WrittenPlanState> {
    const before = await this.plans.find(userId, trx);
    return { before, after: await this.plans.upsert(userId, patch, trx) };
  }

  async announce({ before, after: row }: WrittenPlanState, by: PlanChangeAuthor = {}): Promise<PlanAccess> {
    const message: PlanChangedMessage = planChangedMessage(randomUUID(), row.user_id, row, new Date());
    await this.principals.announce(row.user_id);
    await this.bus.publishControl(RedisKeys.planChanged, JSON.stringify(message));
    this.logger.log({ msg: 'Plan changed', userId: row.user_id, plan: row.plan, effective: message.effective.plan });
    const { action, details } = planChangeAuditEntry(before, row, message.effective.plan);
    await this.audit.insert({
      userId: row.user_id,
      actorId: by.actorId ?? null,
      action,
      details: { ...details, ...(by.reason ? { reason: by.reason } : {}) },
    });
    return message.effective;
  }
}
