import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { RedisService } from '../redis/redis.service';
import { RedisKeys } from '../redis/redis-keys';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface OutboxEntry extends OutgoingMail {
  sent_at: string;
}

const OUTBOX_SIZE = 50;
const OUTBOX_TTL_SECONDS = 86_400;

export class MailUnavailableError extends Error {}

/**
 * Sends mail through SMTP_URL. Without it, outside production, mail goes to a dev outbox in Redis (shared by
 * every process, listed at GET /api/dev/outbox) and a log line says so, without the message body: reset
 * links are credentials. In production without SMTP_URL nothing can be sent.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisService,
  ) {
    this.transport = config.SMTP_URL ? createTransport(config.SMTP_URL) : null;
  }

  get usesOutbox(): boolean {
    return !this.transport && this.config.NODE_ENV !== 'production';
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
      return;
    }
    if (!this.usesOutbox) throw new MailUnavailableError('SMTP_URL is not set');
    const key = this.redis.key(...RedisKeys.devOutbox);
    const entry: OutboxEntry = { ...mail, sent_at: new Date().toISOString() };
    await this.redis.client.multi().lpush(key, JSON.stringify(entry)).ltrim(key, 0, OUTBOX_SIZE - 1).expire(key, OUTBOX_TTL_SECONDS).exec();
    this.logger.log({ msg: 'Mail written to the dev outbox (read it at GET /api/dev/outbox)', to: mail.to, subject: mail.subject });
  }

  /** Newest first. */
  async outbox(): Promise<OutboxEntry[]> {
    const raw = await this.redis.client.lrange(this.redis.key(...RedisKeys.devOutbox), 0, OUTBOX_SIZE - 1);
    return raw.map((line) => JSON.parse(line) as OutboxEntry);
  }

  onModuleDestroy() {
    this.transport?.close();
  }
}
