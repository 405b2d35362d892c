import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import {
  AlertsRepository,
  APP_CONFIG,
  type AppConfig,
  AccountMail,
  JobQueueService,
  MailUnavailableError,
  messageRefusal,
  publicOrigin,
  recipientRefusal,
  UnverifiedAddressError,
} from '@oddspulse/core';
import { alertKindRefusal, currentAccess, JobName, type AlertSummary } from '@oddspulse/shared';
import { OnJob } from '../jobs/on-job.decorator';
import { unfinishedTries } from './alert-delivery.service';

/** One user's digest: the pending e-mail alerts it carries and the held ones it names. */
interface UserDigest {
  rows: Awaited<ReturnType<AlertsRepository['pendingEmail']>>;
  held: Awaited<ReturnType<AlertsRepository['heldByCap']>>;
}

/**
 * The e-mail channel is a digest: every ALERT_DIGEST_INTERVAL_MS the pending e-mail alerts are sent through the
 * mailer, one mail per user listing them, and recorded sent (or failed, with why); each send is counted as a try
 * before it is made, and alerts whose digest was tried ALERT_DELIVERY_ATTEMPTS times without its end written are given
 * up. A run sends a user's digest only under its claim of it (AlertsRepository.claimDigest), so two runs at once mail
 * it once. The same mail says how many alerts the hourly cap held since the last one, with the best few (api.md
 * "E-mail digest"); a user with only held alerts gets a mail of those.
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
  async sendDigests(): Promise<{ mails: number; alerts: number; held: number }> {
    const pending = await this.alerts.pendingEmail();
    const held = await this.alerts.heldByCap();
    const users = new Map<string, UserDigest>();
    const of = (userId: string) => users.get(userId) ?? users.set(userId, { rows: [], held: [] }).get(userId)!;
    for (const row of pending) of(row.user_id).rows.push(row);
    for (const row of held) of(row.user_id).held.push(row);
    // The plan gates the kinds (api.md "Alerts") when the digest goes out too: an alert of a kind its user's plan no
    // longer has (lost since evaluation) is recorded as skipped with why, and a held one is not named.
    const plans = await this.alerts.plansOf([...users.keys()]);
    const now = new Date();
    for (const [userId, user] of users) {
      const access = currentAccess(plans.get(userId), now).access;
      const refusal = (row: { summary: AlertSummary }) => alertKindRefusal(access, row.summary.kind);
      for (const row of user.rows) {
        const refused = refusal(row);
        if (refused) await this.alerts.finishDeliveries([row.id], 'skipped', refused);
      }
      await this.alerts.releaseHeld(user.held.filter(refusal).map((row) => row.id));
      user.rows = user.rows.filter((row) => !refusal(row));
      user.held = user.held.filter((row) => !refusal(row));
      if (!user.rows.length && !user.held.length) users.delete(userId);
    }
    const origin = publicOrigin(this.config);
    // A digest counts its tries as they start, as a webhook or push delivery does, and with the same limit
    // (ALERT_DELIVERY_ATTEMPTS: how many sends of unknown end an alert is worth does not depend on its channel): a send
    // that kills its worker every time is given up at the limit instead of tried at every run for good.
    const limit = this.config.ALERT_DELIVERY_ATTEMPTS;
    let mails = 0;
    for (const [userId, user] of users) {
      // Claimed once (claimDigest): a run that finds another one sending this user's digest leaves it to that run, and
      // sends it itself at its next run only if that run died before writing its end.
      const mailed = await this.alerts.claimDigest(userId, (claimed) =>
        this.sendDigest(claimed, userId, user, origin, limit),
      );
      if (mailed === null) this.logger.log({ userId }, 'Alert digest left to the run sending it');
      if (mailed) mails += 1;
    }
    return { mails, alerts: pending.length, held: held.length };
  }

  /**
   * One user's digest, under the run's claim of it (`alerts` on the claim's connection): counts the try, sends, writes
   * the end; answers whether it mailed.
   */
  private async sendDigest(
    alerts: AlertsRepository,
    userId: string,
    user: UserDigest,
    origin: string,
    limit: number,
  ): Promise<boolean> {
    const tried = await alerts.startDigestTry(
      user.rows.map((r) => r.id),
      user.held.map((r) => r.id),
      limit,
      unfinishedTries(limit),
    );
    const gaveUp = tried.deliveries.filter((r) => r.status === 'failed');
    if (gaveUp.length)
      this.logger.warn({ userId, alerts: gaveUp.length }, 'Alert digest given up: its sends never finished');
    const going = tried.deliveries.filter((r) => r.status === 'pending');
    const rows = user.rows.filter((row) => going.some((r) => r.id === row.id));
    const heldRows = user.held.filter((row) => tried.held.some((r) => r.id === row.id));
    if (!rows.length && !heldRows.length) return false;
    const ids = rows.map((r) => r.id);
    const heldIds = heldRows.map((r) => r.id);
    // At least once: a try whose end is unknown (its worker died after the server may have taken the mail, before
    // its end was written) leaves its alerts pending with the try counted, and the next run sends them again. An
    // alert is what the user's plan pays for, and one lost to a crash is worse than one told twice; the webhook is
    // at least once for the same reason (api.md "Webhook"). SMTP has no id a server drops a second submission by, and
    // the repeat keeps no Message-ID of the first: a mailbox dropping it by that id would drop the alerts that joined
    // it since. A person, unlike a webhook's receiver, cannot drop a repeat by its id, so it says so in its first line.
    const repeat = going.some((r) => r.attempts > 1) || tried.held.some((r) => r.attempts > 1);
    const mail = digestMail(
      rows.map((r) => r.summary),
      heldRows.map((r) => r.summary),
      origin,
      this.config.ALERT_RATE_CAP_PER_HOUR,
      repeat,
    );
    try {
      // to a verified address only: nothing but the verification link goes to one that is not
      await this.mail.send(userId, mail);
    } catch (error) {
      if (error instanceof UnverifiedAddressError) {
        await alerts.finishDeliveries(ids, 'failed', 'E-mail is sent once the address is verified');
        await alerts.releaseHeld(heldIds);
        return false;
      }
      // An address or a message the mail server will never take fails that user's digest, not everyone's after it:
      // the job thrown would find the same user first on every run. A server away or deferring (4xx) still fails the
      // job, which is retried.
      const refusedAddress = recipientRefusal(error);
      const refusedMessage = refusedAddress === null ? messageRefusal(error) : null;
      if (refusedAddress !== null || refusedMessage !== null) {
        const reason =
          refusedAddress !== null
            ? `The mail server refused the address: ${refusedAddress}`
            : `The mail server refused the message: ${refusedMessage}`;
        await alerts.finishDeliveries(ids, 'failed', reason);
        await alerts.releaseHeld(heldIds);
        this.logger.warn({ userId, alerts: ids.length, reason }, 'Alert digest not sent: refused');
        return false;
      }
      if (!(error instanceof MailUnavailableError)) {
        // A send that failed had no 250 to its message, and only that reply makes the server responsible for it (RFC
        // 5321 §4.1.1.4): it is no try of unknown end, and a mail server away or deferring for an hour must not use
        // the tries up. Only a try its worker died in stays counted.
        await alerts.uncountDigestTry(ids, heldIds);
        throw error;
      }
      await alerts.finishDeliveries(ids, 'failed', 'E-mail cannot be sent: this server has no mailer configured');
      await alerts.releaseHeld(heldIds);
      this.logger.warn({ userId, alerts: ids.length }, 'Alert digest not sent: no mailer configured');
      return false;
    }
    await alerts.finishDeliveries(ids, 'sent', null);
    await alerts.releaseHeld(heldIds);
    return true;
  }
}

/** How many of what the cap held a digest names, best first. */
export const HELD_SHOWN = 3;

/** The first line of a digest sent again after a try whose end is unknown. */
export const DIGEST_REPEAT_NOTE =
  'An earlier send of this mail did not finish, so you may have had some of these alerts already.';

/**
 * One user's digest mail: each pending alert with its link, then what the hourly cap held since the last digest
 * ("N more alerts held by the 30-an-hour cap") with the best few of them by the rule's figure (alertValue). A
 * `repeat` (an earlier try of it never finished) says so first.
 */
export function digestMail(
  pending: readonly AlertSummary[],
  held: readonly AlertSummary[],
  origin: string,
  capPerHour: number,
  repeat: boolean,
): { subject: string; text: string } {
  const line = (summary: AlertSummary) => `- ${summary.text}\n  ${origin}${summary.path}`;
  const parts = pending.map(line);
  if (held.length) {
    const best = [...held].sort((a, b) => (b.value ?? 0) - (a.value ?? 0)).slice(0, HELD_SHOWN);
    const more = `${held.length} more ${held.length === 1 ? 'alert' : 'alerts'} held by the ${capPerHour}-an-hour cap`;
    parts.push(
      `${pending.length ? '\n' : ''}${more}${held.length > best.length ? `; the best ${best.length}` : ''}:`,
      ...best.map(line),
    );
  }
  const subject = pending.length
    ? `OddsPulse alerts: ${pending.length} new ${pending.length === 1 ? 'opportunity' : 'opportunities'}${held.length ? `, ${held.length} more held` : ''}`
    : `OddsPulse alerts: ${held.length} held by the hourly cap`;
  if (repeat) parts.unshift(`${DIGEST_REPEAT_NOTE}\n`);
  return { subject, text: `${parts.join('\n')}\n\nManage your alerts at ${origin}/alerts` };
}
