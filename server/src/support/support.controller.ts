import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { SUPPORT_LIMITS } from '@oddspulse/shared';
import type { AuthUser } from '../accounts/auth/auth-user';
import { CurrentUser, RequireAuth } from '../accounts/access/decorators';
import { supportMailUnavailable, tooManyRequests } from '../errors/api-errors';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { SupportService, type SupportOutcome } from './support.service';
import { ApiAnswer } from '../docs/route-doc';
import { supportOutcomeSchema } from '../docs/app-answers';

const supportRequestSchema = z.object({
  subject: z.string().trim().min(1, 'Enter a subject').max(SUPPORT_LIMITS.subject),
  message: z.string().trim().min(1, 'Enter a message').max(SUPPORT_LIMITS.message),
});

/** POST /api/support: the /contact form. The user, plan and reply address come from the session. */
@Controller('support')
export class SupportController {
  constructor(private readonly support: SupportService) {}

  @Post()
  @ApiAnswer({ summary: 'The message received', answer: supportOutcomeSchema })
  @HttpCode(202)
  @RequireAuth()
  async send(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(supportRequestSchema)) body: z.infer<typeof supportRequestSchema>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SupportOutcome> {
    const outcome = await this.support.send(user, body);
    if (!('refused' in outcome)) return outcome;
    throw outcome.refused === 'rate-limited'
      ? tooManyRequests(res, outcome.retryAfter)
      : supportMailUnavailable(res, outcome.retryAfter);
  }
}
