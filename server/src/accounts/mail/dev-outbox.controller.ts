import { Controller, Get, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { MailService, type OutboxEntry } from '@oddspulse/core';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../access/decorators';
import { OptionalAuthenticationGuard } from '../access/guards';
import { opsRefusal } from '../access/ops-access';
import { ApiErrors } from '../../errors/api-errors';
import { ApiAnswer } from '../../docs/route-doc';
import { devOutboxSchema } from '../../docs/account-answers';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Development only, and only with DEV_OUTBOX on (refused in production): the mail that would have been sent, newest
 * first, as JSON or (for a browser) a plain page. A signed-in user of the ops role sees every mail; anyone else gets
 * 404, as when the outbox is off (DECISIONS 33: a page only the ops role may open, never a public route). Not even a
 * user's own mail: whoever signs up with an address they do not hold would read its verification link. Nor a request
 * arriving on the loopback: a reverse proxy on this host need not say it relayed one (nginx adds no forwarding header
 * unless told to), and a page of another site whose name resolves to 127.0.0.1 reaches it from the developer's
 * browser. A developer reads the outbox signed in as an operator (OPS_EMAILS; in DEMO_MODE the demo operator).
 */
@Controller('dev/outbox')
export class DevOutboxController {
  constructor(private readonly mail: MailService) {}

  @Get()
  @ApiAnswer({
    summary: 'The local outbox (no mail server set, not production); a browser gets it as a page',
    answer: devOutboxSchema,
  })
  @UseGuards(OptionalAuthenticationGuard)
  async list(
    @CurrentUser() user: AuthUser | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<OutboxEntry[] | string> {
    if (!this.mail.usesOutbox) throw ApiErrors.notFound();
    if (opsRefusal(user, 'view')) throw ApiErrors.notFound();
    const mails = await this.mail.outbox();
    res.setHeader('Cache-Control', 'no-store');
    if (req.accepts(['json', 'html']) !== 'html') return mails;
    res.type('html');
    const items = mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to)} · ${escapeHtml(m.sent_at)}</p><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('');
    return `<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Dev outbox</title></head><body><h1>Dev outbox</h1>${items || '<p>No mail yet.</p>'}</body></html>`;
  }
}
