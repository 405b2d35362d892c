import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AccountMessages } from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig } from '@oddspulse/core';
import type { AuthUser } from '../accounts/auth/auth-user';
import { CurrentUser, RequireAuth } from '../accounts/access/decorators';
import { clientAddress } from '../accounts/access/client-address';
import { LoginThrottle } from '../accounts/access/login-throttle';
import { clearSessionCookies } from '../accounts/auth/session-cookies';
import { ApiErrors, tooManyRequests } from '../errors/api-errors';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { closeAccountSchema, type CloseAccountInput } from './account-closing.dto';
import { AccountClosingService, type CloseConfirmation, type ClosedAccount } from './account-closing.service';
import { ApiAnswer } from '../docs/route-doc';
import { closeConfirmationSchema, closedAccountSchema, closeLinkSentSchema } from '../docs/account-answers';

/** Account → Security → Close account (the privacy policy's "Closing your account"). */
@Controller('account')
export class AccountClosingController {
  constructor(
    private readonly closing: AccountClosingService,
    private readonly throttle: LoginThrottle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** How the signed-in account confirms its closing: its password, or a mailed link when it has none. */
  @Get('close')
  @ApiAnswer({
    summary: 'What confirms closing this account: its password, or a mailed link for an account without one',
    answer: closeConfirmationSchema,
  })
  @RequireAuth()
  async confirmation(@CurrentUser() user: AuthUser): Promise<{ confirm_with: CloseConfirmation }> {
    if (user.via === 'api_key') throw ApiErrors.apiKeyNotAllowed();
    return { confirm_with: await this.closing.confirmation(user) };
  }

  /** Mails an account without a password (Google or Apple sign-in only) the link that confirms its closing. */
  @Post('close/link')
  @ApiAnswer({ summary: 'The link that confirms closing was mailed to the account', answer: closeLinkSentSchema })
  @HttpCode(200)
  @RequireAuth()
  async mailLink(
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ message: string }> {
    if (user.via === 'api_key') throw ApiErrors.apiKeyNotAllowed();
    const sent = await this.closing.mailLink(user);
    if ('retryAfter' in sent) throw tooManyRequests(res, sent.retryAfter);
    return { message: AccountMessages.closeLinkSent };
  }

  /**
   * The password is checked under the sign-in limits (a stolen session must not guess it): a wrong one is 403 and
   * leaves the account open. A mailed link (an account without a password) must be this account's, unexpired: a
   * random token, so not guessed, and no sign-in limit is spent on it. A session only: an API key cannot close an
   * account (its scope is reading odds).
   */
  @Post('close')
  @ApiAnswer({ summary: 'The account closed and its data deleted; every session ends', answer: closedAccountSchema })
  @HttpCode(200)
  @RequireAuth()
  async close(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(closeAccountSchema)) body: CloseAccountInput,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ClosedAccount> {
    if (user.via === 'api_key') throw ApiErrors.apiKeyNotAllowed();
    if ('token' in body) {
      if (!(await this.closing.linkMatches(user, body.token)))
        throw ApiErrors.forbidden(AccountMessages.closeLinkInvalid, 'CLOSE_LINK_INVALID');
    } else {
      const ticket = await this.throttle.attempt(clientAddress(req), user.email);
      if ('retryAfter' in ticket) throw tooManyRequests(res, ticket.retryAfter);
      if (!(await this.closing.passwordMatches(user, body.password)))
        throw ApiErrors.forbidden(AccountMessages.closePasswordWrong, 'PASSWORD_WRONG');
      await this.throttle.succeeded(ticket);
    }
    const closed = await this.closing.close(user, 'token' in body ? body.token : undefined);
    clearSessionCookies(res, this.config);
    res.setHeader('Cache-Control', 'no-store');
    return closed;
  }
}
