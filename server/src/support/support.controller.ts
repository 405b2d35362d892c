import { Body, Controller, HttpCode, Inject, Logger, Post } from '@nestjs/common';
import { z } from 'zod';
import { SUPPORT_LIMITS, SupportMessages, isPrioritySupport, supportMails } from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig } from '@oddspulse/core';
import type { AuthUser } from '../accounts/auth/auth-user';
import { CurrentUser, RequireAuth } from '../accounts/access/decorators';
import { MailService, MailUnavailableError } from '@oddspulse/core';
import { ApiErrors } from '../errors/api-errors';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';

const supportRequestSchema = z.object({
  subject: z.string().trim().min(1, 'Enter a subject').max(SUPPORT_LIMITS.subject),
  message: z.string().trim().min(1, 'Enter a message').max(SUPPORT_LIMITS.message),
});

/** POST /api/support: the /contact form. The user, plan and reply address come from the session. */
@Controller('support')
export class SupportController {
  private readonly logger = new Logger(SupportController.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  @Post()
  @HttpCode(202)
  @RequireAuth()
  async send(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(supportRequestSchema)) body: z.infer<typeof supportRequestSchema>,
  ): Promise<{ priority: boolean; message: string }> {
    const { toSupport, acknowledgement } = supportMails(
      body,
      { userId: user.id, email: user.email, plan: user.access.plan },
      this.config.SUPPORT_EMAIL,
      new Date(),
    );
    try {
      await this.mail.send(toSupport);
    } catch (error) {
      if (error instanceof MailUnavailableError)
        throw ApiErrors.unavailable(SupportMessages.unavailable, 'SUPPORT_MAIL_UNAVAILABLE');
      throw error;
    }
    // The request is with support once the first mail is out; a failed acknowledgement must not make the user send it twice.
    await this.mail.send(acknowledgement).catch((error: unknown) =>
      this.logger.warn({
        msg: 'Support acknowledgement not sent',
        user: user.id,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    const priority = isPrioritySupport(user.access.plan);
    return { priority, message: priority ? SupportMessages.sentPriority : SupportMessages.sent };
  }
}
