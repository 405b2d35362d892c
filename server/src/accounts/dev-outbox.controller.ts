import { Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { MailService, type OutboxEntry } from './mail.service';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Development only: the mail that would have been sent, newest first, as JSON or (for a browser) a plain
 * page. 404 in production or when SMTP_URL is set.
 */
@Controller('dev/outbox')
export class DevOutboxController {
  constructor(
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async list(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<OutboxEntry[] | string> {
    if (this.config.NODE_ENV === 'production' || !this.mail.usesOutbox) throw new NotFoundException();
    const mails = await this.mail.outbox();
    res.setHeader('Cache-Control', 'no-store');
    if (req.accepts(['json', 'html']) !== 'html') return mails;
    res.type('html');
    const items = mails
      .map((m) => `<article><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to)} · ${escapeHtml(m.sent_at)}</p><pre>${escapeHtml(m.text)}</pre></article>`)
      .join('');
    return `<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Dev outbox</title></head><body><h1>Dev outbox</h1>${items || '<p>No mail yet.</p>'}</body></html>`;
  }
}
