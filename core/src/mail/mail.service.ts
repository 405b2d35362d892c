import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { DevOutboxRepository, type OutboxEntry } from '../accounts/dev-outbox.repository';
import { MailFilesRepository } from './mail-files.repository';
import { mailRoute, type MailRoute } from './mail-route';

export interface OutgoingMail {
  to: string;
  /** Where a reply goes, when not to the sender (support mail: the user who wrote). */
  replyTo?: string;
  subject: string;
  text: string;
}

export class MailUnavailableError extends Error {}

/**
 * The SMTP server's permanent refusal of a message's recipient (RCPT TO answered 5xx: no such mailbox, a domain that
 * takes no mail), as its reply: that address will not take the mail however often it is sent. Null for anything
 * else: a server away or a 4xx deferral may pass on a retry, and a refused sender or login is every message's.
 * Whether a reply is permanent is nodemailer's judgement (`permanent`: 5xx but 503, a bad sequence of ours).
 */
export function recipientRefusal(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const { code, command, permanent, response } = error as Error & {
    code?: unknown;
    command?: unknown;
    permanent?: unknown;
    response?: unknown;
  };
  if (code !== 'EENVELOPE' || command !== 'RCPT TO' || permanent !== true) return null;
  return typeof response === 'string' ? response : error.message;
}

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

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outboxes: DevOutboxRepository,
    private readonly files: MailFilesRepository,
  ) {
    this.route = mailRoute(config);
    this.transport = config.SMTP_URL ? createTransport(config.SMTP_URL) : null;
    // Once per process, at start: where a developer finds the mail the product sends.
    if (this.route === 'files')
      this.logger.log({
        msg: 'No SMTP_URL: mail is written as .eml files, readable only by you',
        folder: files.folder,
      });
    if (this.route === 'dev-outbox')
      this.logger.log('No SMTP_URL: mail goes to the dev outbox (GET /api/dev/outbox from this machine)');
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

  async send(mail: OutgoingMail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
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
