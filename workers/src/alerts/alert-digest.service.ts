import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import {
  AlertsRepository,
  APP_CONFIG,
  type AppConfig,
  AccountMail,
  JobQueueService,
  MailUnavailableError,
  publicOrigin,
  UnverifiedAddressError,
} from '@oddspulse/core';
import { JobName } from '@oddspulse/shared';
import { OnJob } from '../jobs/on-job.decorator';

/**
 * The e-mail channel is a digest: every ALERT_DIGEST_INTERVAL_MS the pending e-mail alerts are
 * sent through the mailer, one mail per user listing them, and recorded sent (or failed, with why).
 */
@Injectable()
export class AlertDigestService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AlertDigestService.name);

  constructor(
    private readonly alerts: AlertsRepository,
    private readonly mail: AccountMail,
    private readonly jobs: JobQueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.schedule(JobName.AlertsDigest, this.config.ALERT_DIGEST_INTERVAL_MS);
  }

  @OnJob(JobName.AlertsDigest)
  async sendDigests(): Promise<{ mails: number; alerts: number }> {
    const pending = await this.alerts.pendingEmail();
    const byUser = new Map<string, typeof pending>();
    for (const row of pending) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    const origin = publicOrigin(this.config);
    let mails = 0;
    for (const rows of byUser.values()) {
      const ids = rows.map((r) => r.id);
      const lines = rows.map((r) => `- ${r.summary.text}\n  ${origin}${r.summary.path}`);
      try {
        // to a verified address only: nothing but the verification link goes to one that is not
        await this.mail.send(rows[0].user_id, {
          subject: `OddsPulse alerts: ${rows.length} new ${rows.length === 1 ? 'opportunity' : 'opportunities'}`,
          text: `${lines.join('\n')}\n\nManage your alerts at ${origin}/alerts`,
        });
      } catch (error) {
        if (error instanceof UnverifiedAddressError) {
          await this.alerts.finishDeliveries(ids, 'failed', 'E-mail is sent once the address is verified', 1);
          continue;
        }
        if (!(error instanceof MailUnavailableError)) throw error;
        await this.alerts.finishDeliveries(
          ids,
          'failed',
          'E-mail cannot be sent: this server has no mailer configured',
          1,
        );
        this.logger.warn(
          { userId: rows[0].user_id, alerts: ids.length },
          'Alert digest not sent: no mailer configured',
        );
        continue;
      }
      await this.alerts.finishDeliveries(ids, 'sent', null, 1);
      mails += 1;
    }
    return { mails, alerts: pending.length };
  }
}
