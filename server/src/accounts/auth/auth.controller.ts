import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AccountMessages, DEMO_ACCOUNTS, DEMO_PASSWORD } from '@oddspulse/shared';
import { APP_CONFIG, appleConfigured, googleConfigured, type AppConfig } from '@oddspulse/core';
import type { AuthUser } from './auth-user';
import {
  confirmPasswordResetSchema,
  credentialsSchema,
  exchangeSchema,
  passwordResetSchema,
  refreshTokenSchema,
  signupSchema,
  type ConfirmPasswordReset,
  type Credentials,
  type SignupInput,
} from './auth.dto';
import { AuthService } from './auth.service';
import { CurrentUser } from '../access/decorators';
import { OptionalAuthenticationGuard } from '../access/guards';
import { ApiErrors, tooManyRequests } from '../../errors/api-errors';
import { clientAddress } from '../access/client-address';
import { RateLimit } from '../access/rate-limit.guard';
import { LoginThrottle } from '../access/login-throttle';
import { requestOrigin } from '../audit/audit.service';
import { ZodValidationPipe } from '../../validation/zod-validation.pipe';
import { clearSessionCookies, setSessionCookies } from './session-cookies';
import type { IssuedSession, Session } from './session.service';

/** Email and password sign-in, sessions and password reset (spec 000 §2, §3, §7). */
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly throttle: LoginThrottle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Which sign-in providers are on, so the login page offers only those; in demo mode also the seeded demo
   * accounts (DECISIONS 7), which production never has.
   */
  @Get('providers')
  providers() {
    const demo = this.config.DEMO_MODE ? { accounts: DEMO_ACCOUNTS, password: DEMO_PASSWORD } : null;
    return { password: true, google: googleConfigured(this.config), apple: appleConfigured(this.config), demo };
  }

  /** Limited per address and per email (sign-up answers 409 for a taken email, so it must not be an oracle). */
  @Post('signup')
  @RateLimit('signup')
  async signup(
    @Body(new ZodValidationPipe(signupSchema)) input: SignupInput,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Session> {
    return this.respond(res, await this.auth.signup(input, requestOrigin(req)));
  }

  /** Brute-force protection (LoginThrottle): past a limit every attempt is 429 with Retry-After; only failures count. */
  @Post('login')
  @HttpCode(200)
  async login(
    @Body(new ZodValidationPipe(credentialsSchema)) credentials: Credentials,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Session> {
    const ticket = await this.throttle.attempt(clientAddress(req), credentials.email);
    if ('retryAfter' in ticket) throw tooManyRequests(res, ticket.retryAfter);
    const outcome = await this.auth.login(credentials, requestOrigin(req));
    if (!outcome.ok) throw ApiErrors.invalidCredentials();
    await this.throttle.succeeded(ticket);
    return this.respond(res, outcome.issued);
  }

  /**
   * Rotates the refresh token: the old one is spent. Presented again within the grace window it gives the same
   * successor (a retry, a second tab); after it, the session is signed out.
   */
  @Post('refresh')
  @HttpCode(200)
  async refresh(
    @Body(new ZodValidationPipe(refreshTokenSchema)) body: { refresh_token: string | null },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Session> {
    return this.respond(res, await this.auth.refresh(body.refresh_token, requestOrigin(req)));
  }

  /**
   * Global sign-out: every session of the user ends. Accepts the access token, or the refresh token once that has
   * expired (a refresh token spent past its grace window ends only its own family).
   */
  @Post('logout')
  @HttpCode(204)
  @UseGuards(OptionalAuthenticationGuard)
  async logout(
    @CurrentUser() user: AuthUser | undefined,
    @Body(new ZodValidationPipe(refreshTokenSchema)) body: { refresh_token: string | null },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    if (user) await this.auth.logout(user.id, requestOrigin(req));
    else if (!(await this.auth.logoutWithRefreshToken(body.refresh_token, requestOrigin(req))))
      throw ApiErrors.authenticationRequired();
    clearSessionCookies(res, this.config);
  }

  /** The OAuth callback's one-time code becomes a session (no long-lived token ever rides in a URL). */
  @Post('exchange')
  @HttpCode(200)
  async exchange(
    @Body(new ZodValidationPipe(exchangeSchema)) body: { code: string | null },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Session> {
    return this.respond(res, await this.auth.exchange(body.code, requestOrigin(req)));
  }

  /** Limited per address and per email (brute force on links, mail flooding of one inbox). */
  @Post('password-reset')
  @HttpCode(200)
  @RateLimit('reset')
  async passwordReset(
    @Body(new ZodValidationPipe(passwordResetSchema)) body: { email: string },
    @Req() req: Request,
  ): Promise<{ message: string }> {
    this.auth.requestPasswordReset(body.email, requestOrigin(req));
    return { message: AccountMessages.resetLinkSent };
  }

  @Post('password-reset/confirm')
  @HttpCode(200)
  async confirmPasswordReset(
    @Body(new ZodValidationPipe(confirmPasswordResetSchema)) input: ConfirmPasswordReset,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Session> {
    return this.respond(res, await this.auth.confirmPasswordReset(input, requestOrigin(req)));
  }

  private respond(res: Response, issued: IssuedSession): Session {
    setSessionCookies(res, issued, this.config);
    res.setHeader('Cache-Control', 'no-store');
    return issued.session;
  }
}
