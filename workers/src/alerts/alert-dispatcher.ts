import { Inject, Injectable } from '@nestjs/common';
import {
  AlertsRepository,
  APP_CONFIG,
  type AlertRuleWithPlan,
  type AlertDeliveryRow,
  type AppConfig,
  type Executor,
  JobQueueService,
  type NewDelivery,
} from '@oddspulse/core';
import { JobName, type AlertChannel, type AlertSummary } from '@oddspulse/shared';

/** The channels a rule delivers on: its webhook while enabled, push, e-mail. */
export function channelsOf(rule: AlertRuleWithPlan): AlertChannel[] {
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

/**
 * Sends what fired a rule on its channels: claims the deliveries (the unique key makes an opportunity, or a price
 * target's crossing, alert at most once per rule), applies the per-user hourly cap, and queues the webhook and push
 * deliveries; e-mail ones wait for the digest. Answers `sent`, `capped` (recorded as skipped, and an e-mail one held for
 * the digest's count of them), or null when an earlier
 * evaluation had claimed them. A price target claims in the transaction that crosses it (`claim`, then `send` after the
 * commit).
 */
@Injectable()
export class AlertDispatcher {
  constructor(
    private readonly alerts: AlertsRepository,
    private readonly jobs: JobQueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async dispatch(
    rule: AlertRuleWithPlan,
    channels: readonly AlertChannel[],
    summary: AlertSummary,
    now: number,
  ): Promise<'sent' | 'capped' | null> {
    return this.send(rule, await this.claim(rule, channels, summary), now);
  }

  /** The rule's deliveries on its channels, pending; only those this call inserted (with `db`, in its transaction). */
  claim(
    rule: AlertRuleWithPlan,
    channels: readonly AlertChannel[],
    summary: AlertSummary,
    db?: Executor,
  ): Promise<AlertDeliveryRow[]> {
    const rows: NewDelivery[] = channels.map((channel) => ({
      rule_id: rule.id,
      user_id: rule.user_id,
      opportunity_id: summary.opportunityId,
      channel,
      summary,
    }));
    return this.alerts.claim(rows, db);
  }

  /**
   * Caps and queues claimed deliveries, once they are committed. A worker stopped in here leaves them pending: the
   * requeue sweep queues the webhook and push ones (AlertRequeueService), the digest sends the e-mail ones.
   */
  async send(rule: AlertRuleWithPlan, claimed: AlertDeliveryRow[], now: number): Promise<'sent' | 'capped' | null> {
    if (!claimed.length) return null;
    const count = await this.alerts.countAlertThisHour(rule.user_id, now);
    if (count > this.config.ALERT_RATE_CAP_PER_HOUR) {
      const reason = `Rate cap: at most ${this.config.ALERT_RATE_CAP_PER_HOUR} alerts an hour`;
      const skipped = new Set(
        await this.alerts.finishDeliveries(
          claimed.map((d) => d.id),
          'skipped',
          reason,
        ),
      );
      // the next digest mail says how many the cap held, and the best of them (api.md "E-mail digest"); one a digest
      // sent since it was claimed keeps its end and is not named again as held
      await this.alerts.holdForDigest(
        claimed.filter((d) => d.channel === 'email' && skipped.has(d.id)).map((d) => d.id),
      );
      return 'capped';
    }
    for (const delivery of claimed.filter((d) => d.channel !== 'email'))
      await queueDelivery(this.jobs, this.config, delivery.id, `alert-delivery-${delivery.id}`);
    return 'sent';
  }
}
