import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import {
  alertRuleCriteria,
  AlertsRepository,
  APP_CONFIG,
  type AlertRuleWithPlan,
  type AppConfig,
  JobQueueService,
  type NewDelivery,
} from '@oddspulse/core';
import {
  alertSummary,
  currentAccess,
  evaluateAlertRule,
  JobName,
  opportunityAtRates,
  type AlertChannel,
  type AlertRuleCriteria,
  type JobPayload,
} from '@oddspulse/shared';
import { OnJob } from '../jobs/on-job.decorator';

export function criteriaOf(rule: AlertRuleWithPlan): AlertRuleCriteria {
  return { ...alertRuleCriteria(rule), commission: rule.commissions ?? undefined };
}

function channelsOf(rule: AlertRuleWithPlan): AlertChannel[] {
  const channels: AlertChannel[] = [];
  if (rule.webhook_url && !rule.webhook_disabled_at) channels.push('webhook');
  if (rule.push) channels.push('push');
  if (rule.email) channels.push('email');
  return channels;
}

/** One webhook or push delivery on the queue, retried with exponential backoff. */
export function queueDelivery(jobs: JobQueueService, config: AppConfig, deliveryId: number, jobId: string) {
  return jobs.add(
    JobName.AlertsDeliver,
    { deliveryId },
    {
      jobId,
      attempts: config.ALERT_DELIVERY_ATTEMPTS,
      backoff: { type: 'exponential', delay: config.ALERT_RETRY_BASE_MS },
    },
  );
}

export interface EvaluationResult {
  /** Rule × opportunity pairs that fired and were claimed now (not alerted before). */
  alerted: number;
  /** Of those, pairs over the user's hourly cap, recorded as skipped. */
  capped: number;
}

/**
 * Evaluates the alert rules on one detection batch: each rule of the batch's kind against each
 * opportunity with the shared rule evaluation, then claims the deliveries (the unique key makes an opportunity
 * alert at most once per rule), applies the per-user hourly cap, and queues webhook and push deliveries. E-mail
 * deliveries wait for the digest.
 */
@Injectable()
export class AlertEvaluationService {
  constructor(
    private readonly alerts: AlertsRepository,
    private readonly jobs: JobQueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnJob(JobName.AlertsEvaluate)
  async evaluate(
    batch: JobPayload<typeof JobName.AlertsEvaluate>,
    _job?: Job,
    now = Date.now(),
  ): Promise<EvaluationResult> {
    const result: EvaluationResult = { alerted: 0, capped: 0 };
    const rules = await this.alerts.rulesOfKind(batch.kind);
    for (const rule of rules) {
      const channels = channelsOf(rule);
      if (!channels.length) continue;
      const access = currentAccess(rule, new Date(now)).access;
      const criteria = criteriaOf(rule);
      // each user's own exchange commission: an opportunity is judged, and summed up, at their rates
      const firing = batch.opportunities.flatMap((o) => {
        const priced = opportunityAtRates(o, criteria.commission);
        return priced && evaluateAlertRule(criteria, priced, access, now).fires ? [priced] : [];
      });
      for (const opportunity of firing) {
        const summary = alertSummary(opportunity);
        const rows: NewDelivery[] = channels.map((channel) => ({
          rule_id: rule.id,
          user_id: rule.user_id,
          opportunity_id: opportunity.id,
          channel,
          summary,
        }));
        const claimed = await this.alerts.claim(rows);
        if (!claimed.length) continue;
        result.alerted += 1;
        const count = await this.alerts.countAlertThisHour(rule.user_id, now);
        if (count > this.config.ALERT_RATE_CAP_PER_HOUR) {
          result.capped += 1;
          const reason = `Rate cap: at most ${this.config.ALERT_RATE_CAP_PER_HOUR} alerts an hour`;
          await this.alerts.finishDeliveries(
            claimed.map((d) => d.id),
            'skipped',
            reason,
          );
          continue;
        }
        for (const delivery of claimed.filter((d) => d.channel !== 'email'))
          await queueDelivery(this.jobs, this.config, delivery.id, `alert-delivery-${delivery.id}`);
      }
    }
    return result;
  }
}
