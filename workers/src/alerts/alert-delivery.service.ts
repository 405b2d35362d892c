import type { LookupFunction } from 'node:net';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import {
  AlertsRepository,
  APP_CONFIG,
  type AlertDeliveryRow,
  type AlertRuleRow,
  type AlertRuleWithPlan,
  type AppConfig,
  checkWebhookUrl,
  DestinationRefusedError,
  guardedLookup,
  publicOrigin,
  vapidKeys,
} from '@oddspulse/core';
import {
  AlertMessages,
  alertKindRefusal,
  currentAccess,
  JobName,
  type AlertDeliveryStatus,
  type JobPayload,
} from '@oddspulse/shared';
import { OnJob } from '../jobs/on-job.decorator';
import { postWebhook, webhookBody } from './webhook-channel';
import { pushPayload, sendPush } from './push-channel';
import { ExternalFailure } from '../jobs/external-failure';

/** A failure worth another try (a 5xx, a time-out) or not (no subscription, a refused address). */
class DeliveryFailure extends ExternalFailure {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

const URL_PROBLEMS = {
  invalid: AlertMessages.webhookInvalid,
  https_required: AlertMessages.webhookHttpsRequired,
  private: AlertMessages.webhookPrivate,
  unresolvable: AlertMessages.webhookUnresolvable,
} as const;

/**
 * Why a delivery whose last try never ended (its worker stopped during it) is given up at the limit; an e-mail digest's
 * alerts give the same reason.
 */
export const unfinishedTries = (limit: number) => `Gave up after ${limit} tries: the last one never finished`;

/**
 * Delivers one webhook or push alert, one try at a time, recording the outcome on the delivery. A failure that may
 * pass is retried by the queue with exponential backoff; the last failure is recorded with why, and a webhook whose
 * deliveries fail ALERT_WEBHOOK_FAILURE_LIMIT times in a row is disabled with a notice shown on /alerts.
 */
@Injectable()
export class AlertDeliveryService {
  private readonly logger = new Logger(AlertDeliveryService.name);
  private readonly lookup: LookupFunction;

  constructor(
    private readonly alerts: AlertsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.lookup = guardedLookup(config.NODE_ENV === 'production');
  }

  @OnJob(JobName.AlertsDeliver)
  async deliver(data: JobPayload<typeof JobName.AlertsDeliver>, job?: Pick<Job, 'opts'>): Promise<string> {
    const delivery = await this.alerts.delivery(data.deliveryId);
    if (!delivery || delivery.status !== 'pending') return 'done';
    // One try at a time (claimDelivery): a job finding another one trying this delivery leaves it to that try, which
    // ends it or has its own job retry it; should its worker die, the requeue sweep queues the delivery again.
    const tried = await this.alerts.claimDelivery(delivery.id, (claimed) =>
      this.attempt(claimed, delivery, job?.opts.attempts ?? 1),
    );
    if (tried !== null) return tried;
    this.logger.log({ deliveryId: delivery.id }, 'Alert delivery left to the try of it in flight');
    return 'done';
  }

  /** A try of a pending delivery, under the job's claim of it (`alerts` on the claim's connection). */
  private async attempt(
    alerts: AlertsRepository,
    delivery: AlertDeliveryRow & { rule: AlertRuleWithPlan },
    limit: number,
  ): Promise<string> {
    // The plan gates the kinds (api.md "Alerts") when the alert goes out too: a user who lost the plan since evaluation
    // (during a retry's backoff, before the requeue sweep) is not sent it.
    const refused = alertKindRefusal(currentAccess(delivery.rule).access, delivery.rule.kind);
    if (refused) return (await this.end(alerts, delivery.id, 'skipped', refused)) ? 'skipped' : 'done';
    // The delivery counts its tries, not the job: a job the requeue sweep queued again starts its own count over. Each
    // try is counted as it starts, so one that never ends (its worker killed or hung) counts too; counted at its end, a
    // delivery whose tries each killed the worker was requeued and tried for good, never reaching the limit.
    const started = await alerts.startTry(delivery.id, limit, unfinishedTries(limit));
    if (!started) return 'done';
    if (started.status === 'failed') {
      if (delivery.channel === 'webhook') await this.webhookFailed(alerts, delivery.rule, unfinishedTries(limit));
      return 'failed';
    }
    const last = started.attempts >= limit;
    try {
      if (delivery.channel === 'webhook') await this.webhook(alerts, delivery, delivery.rule);
      else await this.push(alerts, delivery);
    } catch (error) {
      const failure = error instanceof DeliveryFailure ? error : new DeliveryFailure((error as Error).message, true);
      if (failure.retry && !last) {
        if (!(await this.end(alerts, delivery.id, 'pending', `${failure.message} (retrying)`))) return 'done';
        throw failure;
      }
      if (!(await this.end(alerts, delivery.id, 'failed', failure.message))) return 'done';
      if (delivery.channel === 'webhook') await this.webhookFailed(alerts, delivery.rule, failure.message);
      return 'failed';
    }
    if (!(await this.end(alerts, delivery.id, 'sent', null))) return 'done';
    if (delivery.channel === 'webhook')
      await alerts.recordWebhookOutcome(delivery.rule.id, true, this.config.ALERT_WEBHOOK_FAILURE_LIMIT, () => '');
    return 'sent';
  }

  /**
   * Writes a try's end, answering whether the delivery was still pending. One ended meanwhile (given up at the limit
   * while this try hung, or skipped) keeps its end, and this try changes nothing else either: no retry is thrown for
   * it, and its webhook outcome is not counted, since the delivery's own end was counted already.
   */
  private async end(
    alerts: AlertsRepository,
    id: number,
    status: AlertDeliveryStatus,
    reason: string | null,
  ): Promise<boolean> {
    if ((await alerts.finishDeliveries([id], status, reason)).length) return true;
    this.logger.warn(
      { deliveryId: id, outcome: status },
      'Alert delivery try ended after its delivery had ended: its outcome is not recorded',
    );
    return false;
  }

  private async webhook(alerts: AlertsRepository, delivery: AlertDeliveryRow, rule: AlertRuleRow): Promise<void> {
    if (!rule.webhook_url || rule.webhook_disabled_at)
      throw new DeliveryFailure('The webhook is disabled or was removed', false);
    // Checked again at delivery: the name may point elsewhere since the rule was saved.
    const checked = await checkWebhookUrl(rule.webhook_url, this.config.NODE_ENV === 'production');
    if (!checked.ok) throw new DeliveryFailure(URL_PROBLEMS[checked.problem], checked.problem === 'unresolvable');
    const secrets = await alerts.signingSecrets(rule.user_id);
    if (secrets.length === 0) throw new DeliveryFailure('No webhook signing secret', false);
    const body = webhookBody(delivery.summary, rule.id, delivery.id, publicOrigin(this.config));
    let status: number;
    try {
      status = await postWebhook(
        checked.url.toString(),
        body,
        secrets,
        this.config.ALERT_WEBHOOK_TIMEOUT_MS,
        this.lookup,
      );
    } catch (error) {
      if (error instanceof DestinationRefusedError) throw new DeliveryFailure(AlertMessages.webhookPrivate, false);
      throw new DeliveryFailure(`Webhook unreachable: ${(error as Error).message}`, true);
    }
    if (status < 200 || status >= 300)
      throw new DeliveryFailure(`Webhook answered HTTP ${status}`, status >= 500 || status === 429 || status === 408);
  }

  private async webhookFailed(alerts: AlertsRepository, rule: AlertRuleRow, reason: string): Promise<void> {
    const disabled = await alerts.recordWebhookOutcome(
      rule.id,
      false,
      this.config.ALERT_WEBHOOK_FAILURE_LIMIT,
      (failures) => AlertMessages.webhookDisabledNotice(failures, reason),
    );
    if (disabled)
      this.logger.warn({ ruleId: rule.id, userId: rule.user_id }, 'Alert webhook disabled after repeated failures');
  }

  private async push(alerts: AlertsRepository, delivery: AlertDeliveryRow): Promise<void> {
    const vapid = vapidKeys(this.config);
    if (!vapid) throw new DeliveryFailure(AlertMessages.pushUnavailable, false);
    const subscriptions = await alerts.pushSubscriptions(delivery.user_id);
    if (!subscriptions.length) throw new DeliveryFailure('No browser is subscribed to push for this account', false);
    const payload = pushPayload(delivery.summary);
    const errors: string[] = [];
    let sent = 0;
    for (const subscription of subscriptions) {
      const checked = await checkWebhookUrl(subscription.endpoint, this.config.NODE_ENV === 'production');
      if (!checked.ok) {
        errors.push(`Push endpoint refused: ${URL_PROBLEMS[checked.problem]}`);
        continue;
      }
      const outcome = await sendPush(subscription, payload, vapid, this.config.ALERT_WEBHOOK_TIMEOUT_MS, this.lookup);
      if (outcome === 'sent') sent += 1;
      else if (outcome === 'gone') await alerts.deletePushSubscription(subscription.endpoint);
      else errors.push(outcome.error);
    }
    if (sent) return;
    if (errors.length) throw new DeliveryFailure(errors[0], true);
    throw new DeliveryFailure('Every push subscription of this account has expired', false);
  }
}
