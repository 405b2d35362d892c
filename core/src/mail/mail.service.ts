import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { DevOutboxRepository, type OutboxEntry } from '../accounts/dev-outbox.repository';
import { MailFilesRepository } from './mail-files.repository';
import { mailRoute, type MailRoute } from './mail-route';
import { withTimeout } from '../util/with-timeout';

export interface OutgoingMail {
  to: string;
  /** Where a reply goes, when not to the sender (support mail: the user who wrote). */
  replyTo?: string;
  subject: string;
  text: string;
}

export class MailUnavailableError extends Error {}

/** How long the SMTP server answering stands before it is checked again (at most one connection a minute). */
const SMTP_UP_FOR_MS = 60_000;
/**
 * How long the SMTP server not answering stands: the wait a caller is told (Retry-After) before asking again, and
 * at most one check per that long during an outage.
 */
export const SMTP_RETRY_AFTER_SECONDS = 10;
/** An SMTP check that takes longer is a server that does not answer (nodemailer's own time-out is two minutes). */
const SMTP_CHECK_TIMEOUT_MS = 3_000;

/**
 * The SMTP server's permanent refusal at one step of a send (nodemailer's error `code` and the SMTP `command` it
 * answered), as its reply; null for anything else. Whether a reply is permanent is nodemailer's judgement
 * (`permanent`: 5xx but 503, a bad sequence of ours).
 */
function permanentRefusal(error: unknown, step: { code: string; command: string }): string | null {
  if (!(error instanceof Error)) return null;
  const { code, command, permanent, response } = error as Error & {
    code?: unknown;
    command?: unknown;
    permanent?: unknown;
    response?: unknown;
  };
  if (code !== step.code || command !== step.command || permanent !== true) return null;
  return typeof response === 'string' ? response : error.message;
}

/**
 * The SMTP server's permanent refusal of a message's recipient (RCPT TO answered 5xx: no such mailbox, a domain that
 * takes no mail), as its reply: that address will not take the mail however often it is sent. Null for anything
 * else: a server away or a 4xx deferral may pass on a retry, and a refused sender or login is every message's.
 */
export const recipientRefusal = (error: unknown): string | null =>
  permanentRefusal(error, { code: 'EENVELOPE', command: 'RCPT TO' });

/**
 * The SMTP server's permanent refusal of a message itself (its data answered 5xx: content or size it will never take),
 * as its reply: sending it again is refused again. Null for anything else, as recipientRefusal.
 */
export const messageRefusal = (error: unknown): string | null =>
  permanentRefusal(error, { code: 'EMESSAGE', command: 'DATA' });

/**
 * Sends mail where mailRoute says: SMTP_URL; outside production without it, .eml files under DATA_DIR/mail that only
 * the developer can read (DECISIONS 33), or the opt-in dev outbox in Redis (shared by every process, listed at
 * GET /api/dev/outbox) that the end-to-end suite reads reset links from. Log lines never hold a message body:
 * reset links are credentials. In production without SMTP_URL nothing can be sent.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger(MailService.name);
  private readonly route: MailRoute;
  private readonly transport: Transporter | null;
  /** The SMTP server's last known state: why it cannot take mail (null: it can), and when that was learnt. */
  private smtp: { problem: string | null; at: number } | null = null;
  /** The check under way, shared by every caller meanwhile. */
  private checking: Promise<string | null> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outboxes: DevOutboxRepository,
    private readonly files: MailFilesRepository,
  ) {
    this.route = mailRoute(config);
    // Seconds, not nodemailer's minutes: a server that accepts the connection and never answers must fail the send
    // while the user still waits on the request (a support request's answer, the state a reset is refused on).
    this.transport = config.SMTP_URL
      ? createTransport({
          url: config.SMTP_URL,
          connectionTimeout: config.SMTP_CONNECTION_TIMEOUT_MS,
          greetingTimeout: config.SMTP_GREETING_TIMEOUT_MS,
          socketTimeout: config.SMTP_SOCKET_TIMEOUT_MS,
        })
      : null;
    // Once per process, at start: where a developer finds the mail the product sends.
    if (this.route === 'files')
      this.logger.log({
        msg: 'No SMTP_URL: mail is written as .eml files, readable only by you',
        folder: files.folder,
      });
    if (this.route === 'dev-outbox')
      this.logger.log('No SMTP_URL: mail goes to the dev outbox (GET /api/dev/outbox, signed in as an operator)');
    if (this.route === 'none')
      this.logger.warn(
        'No SMTP_URL: mail cannot be sent; password resets and support requests answer 503, alert digests are recorded as not sent (set SMTP_URL)',
      );
  }

  /** Whether mail can go anywhere at all (SMTP, the mail folder, the dev outbox): without it mail-dependent actions answer 503 (DECISIONS 33). */
  get canSend(): boolean {
    return this.route !== 'none';
  }

  /** The dev outbox is an explicit opt-in (config refuses it in production), and SMTP wins over it. */
  get usesOutbox(): boolean {
    return this.route === 'dev-outbox';
  }

  /**
   * Why the SMTP server cannot take mail now (it does not answer, or refuses the login), or null when it can or mail
   * does not go through SMTP: its last known state, checked again (a connection and its login, no message) when that
   * is older than SMTP_UP_FOR_MS, or SMTP_RETRY_AFTER_SECONDS after a failure. A send's own failure counts too. For a
   * caller that must refuse at once while mail cannot go (a reset link, a support request: DECISIONS 33), and for
   * health. With `fresh`, that it could take mail is not taken from an earlier check (one under way is shared): for a
   * caller whose answer promises a mail it sends afterwards (a reset link); that it could not still stands for
   * SMTP_RETRY_AFTER_SECONDS, so an outage costs at most one check per that long.
   */
  async smtpProblem({ fresh = false }: { fresh?: boolean } = {}): Promise<string | null> {
    const transport = this.transport;
    if (!transport) return null;
    const known = this.smtp;
    const standsFor = known?.problem ? SMTP_RETRY_AFTER_SECONDS * 1000 : fresh ? 0 : SMTP_UP_FOR_MS;
    if (known && Date.now() - known.at < standsFor) return known.problem;
    this.checking ??= withTimeout(transport.verify(), SMTP_CHECK_TIMEOUT_MS, 'the SMTP check')
      .then(
        () => this.learn(null),
        (error: Error) => this.learn(error.message),
      )
      .finally(() => (this.checking = null));
    return this.checking;
  }

  private learn(reason: string | null): string | null {
    const problem = reason === null ? null : `The SMTP server does not take mail: ${reason}`;
    const before = this.smtp?.problem;
    if (problem && !before) this.logger.warn({ msg: 'SMTP server unavailable', reason });
    if (!problem && before) this.logger.log('SMTP server available again');
    this.smtp = { problem, at: Date.now() };
    return problem;
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (this.transport) {
      try {
        await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
      } catch (error) {
        // One recipient's refusal says nothing of the server; anything else is the server's state for the next caller.
        if (recipientRefusal(error) === null) this.learn((error as Error).message);
        throw error;
      }
      this.learn(null);
      return;
    }
    switch (this.route) {
      case 'files': {
        const file = await this.files.write({ from: this.config.MAIL_FROM, ...mail });
        this.logger.log({ msg: 'Mail written to a file', file, subject: mail.subject });
        return;
      }
      case 'dev-outbox':
        await this.outboxes.add({ ...mail, sent_at: new Date().toISOString() });
        this.logger.log({
          msg: 'Mail written to the dev outbox (read it at GET /api/dev/outbox)',
          to: mail.to,
          subject: mail.subject,
        });
        return;
      default:
        throw new MailUnavailableError('SMTP_URL is not set');
    }
  }

  /** Newest first. */
  outbox(): Promise<OutboxEntry[]> {
    return this.outboxes.list();
  }

  onModuleDestroy() {
    this.transport?.close();
  }
}
