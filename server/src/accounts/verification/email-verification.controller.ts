import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { AccountMessages } from '@oddspulse/shared';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, RequireAuth } from '../access/decorators';
import { ApiErrors, tooManyRequests } from '../../errors/api-errors';
import { withApiError, ZodValidationPipe } from '../../validation/zod-validation.pipe';
import { EmailVerificationService } from './email-verification.service';
import { ApiAnswer } from '../../docs/route-doc';
import { emailVerifiedAnswerSchema, messageAnswerSchema } from '../../docs/account-answers';

const verifySchema = z.object({
  token: withApiError(z.string().min(1).max(200), () =>
    ApiErrors.validation(AccountMessages.verificationTokenInvalid, 'VERIFICATION_TOKEN_INVALID'),
  ),
});

/** E-mail verification: the link's token confirmed (signed in or not), and a new link on request (signed in). */
@Controller('auth/verify-email')
export class EmailVerificationController {
  constructor(private readonly verification: EmailVerificationService) {}

  @Post()
  @ApiAnswer({ summary: 'The address verified', answer: emailVerifiedAnswerSchema })
  @HttpCode(200)
  async verify(
    @Body(new ZodValidationPipe(verifySchema)) body: z.infer<typeof verifySchema>,
  ): Promise<{ email: string; message: string }> {
    const { email } = await this.verification.confirm(body.token);
    return { email, message: AccountMessages.emailVerified };
  }

  @Post('resend')
  @ApiAnswer({ summary: 'A new verification mail on its way', answer: messageAnswerSchema })
  @HttpCode(202)
  @RequireAuth()
  async resend(@CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: Response): Promise<{ message: string }> {
    const outcome = await this.verification.resend(user);
    if ('retryAfter' in outcome) throw tooManyRequests(res, outcome.retryAfter);
    return { message: AccountMessages.verificationSent };
  }
}
