import { Controller, Get, Inject, NotFoundException } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { MailService, type OutboxEntry } from './mail.service';

/** Development only: the mail that would have been sent, newest first. 404 in production or with SMTP set. */
@Controller('dev/outbox')
export class DevOutboxController {
  constructor(
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  list(): Promise<OutboxEntry[]> {
    if (this.config.NODE_ENV === 'production' || !this.mail.usesOutbox) throw new NotFoundException();
    return this.mail.outbox();
  }
}
