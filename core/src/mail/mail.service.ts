import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { DevOutboxRepository, type OutboxEntry } from '../accounts/dev-outbox.repository';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export class MailUnavailableError extends Error {}

/**
 * Sends mail through SMTP_URL. Without it, and only when DEV_OUTBOX is on (never in production), mail goes to
 * a dev outbox in Redis (shared by every process, listed at GET /api/dev/outbox) and a log line says so,
 * without the message body: reset links are credentials. Otherwise nothing can be sent.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outboxes: DevOutboxRepository,
  ) {
    this.transport = config.SMTP_URL ? createTransport(config.SMTP_URL) : null;
    if (!this.transport && !config.DEV_OUTBOX) {
      this.logger.warn('No SMTP_URL: mail cannot be sent and password resets answer 503 (set SMTP_URL, or DEV_OUTBOX=1 in development)');
    }
  }

  /** Whether mail can go anywhere at all (SMTP, or the dev outbox): without it mail-dependent actions answer 503 (DECISIONS 33). */
  get canSend(): boolean {
    return this.transport !== null || this.usesOutbox;
  }

  /** The dev outbox is an explicit opt-in (config refuses it in production), and SMTP wins over it. */
  get usesOutbox(): boolean {
    return !this.transport && this.config.DEV_OUTBOX;
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
      return;
    }
    if (!this.usesOutbox) throw new MailUnavailableError('SMTP_URL is not set');
    await this.outboxes.add({ ...mail, sent_at: new Date().toISOString() });
    this.logger.log({ msg: 'Mail written to the dev outbox (read it at GET /api/dev/outbox)', to: mail.to, subject: mail.subject });
  }

  /** Newest first. */
  outbox(): Promise<OutboxEntry[]> {
    return this.outboxes.list();
  }

  onModuleDestroy() {
    this.transport?.close();
  }
}
