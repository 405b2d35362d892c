import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AccountMessages } from '@oddspulse/shared';
import { APP_CONFIG } from '../config/config.module';
import { appleConfigured, googleConfigured, type AppConfig } from '../config/config.schema';
import type { AuthUser } from './auth-user';
import { AuthService, readCredentials } from './auth.service';
import { CurrentUser } from './decorators';
import { OptionalAuthenticationGuard } from './guards';
import { AccountErrors, tooManyRequests } from './http-errors';
import { clientAddress, RateLimit } from './rate-limit.guard';
import { RateLimiterService } from './rate-limiter.service';
import { clearSessionCookies, setSessionCookies } from './session-cookies';
import type { IssuedSession, Session } from './session.service';

/** Email and password sign-in, sessions and password reset (spec 000 §2, §3, §7). */
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly limiter: RateLimiterService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Which sign-in providers are on, so the login page offers only those. */
  @Get('providers')
  providers() {
    return { password: true, google: googleConfigured(this.config), apple: appleConfigured(this.config) };
  }

  @Post('signup')
  async signup(@Body() body: unknown, @Res({ passthrough: true }) res: Response): Promise<Session> {
    return this.respond(res, await this.auth.signup(body));
  }

  /**
   * Brute-force protection: failed attempts are counted per address and email, and per address; past the
   * limit every attempt is 429 until the window ends. Successful sign-ins are not counted.
   */
  @Post('login')
  @HttpCode(200)
  async login(@Body() body: unknown, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Session> {
    const credentials = readCredentials(body);
    const address = clientAddress(req);
    const max = this.config.RATE_LIMIT_LOGIN_MAX;
    const window = this.config.RATE_LIMIT_LOGIN_WINDOW_SECONDS;
    const accountKey = `${address}|${credentials.email}`;
    for (const check of await Promise.all([this.limiter.peek('login', accountKey, max), this.limiter.peek('login-address', address, max * 5)])) {
      if (!check.allowed) throw tooManyRequests(res, check.retryAfter);
    }
    const issued = await this.auth.login(credentials);
    if (!issued) {
      await Promise.all([this.limiter.hit('login', accountKey, max, window), this.limiter.hit('login-address', address, max * 5, window)]);
      throw AccountErrors.invalidCredentials();
    }
    return this.respond(res, issued);
  }

  /** Rotates the refresh token: the old one is spent, and presenting it again signs the session out. */
  @Post('refresh')
  @HttpCode(200)
  async refresh(@Body() body: { refresh_token?: unknown } | undefined, @Res({ passthrough: true }) res: Response): Promise<Session> {
    return this.respond(res, await this.auth.refresh(body?.refresh_token));
  }

  /** Global sign-out: every session of the user ends. Accepts the access token, or the refresh token once that has expired. */
  @Post('logout')
  @HttpCode(204)
  @UseGuards(OptionalAuthenticationGuard)
  async logout(
    @CurrentUser() user: AuthUser | undefined,
    @Body() body: { refresh_token?: unknown } | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const userId = user?.id ?? (await this.auth.userOfRefreshToken(body?.refresh_token));
    if (!userId) throw AccountErrors.authenticationRequired();
    await this.auth.logout(userId);
    clearSessionCookies(res, this.config);
  }

  /** The OAuth callback's one-time code becomes a session (no long-lived token ever rides in a URL). */
  @Post('exchange')
  @HttpCode(200)
  async exchange(@Body() body: { code?: unknown } | undefined, @Res({ passthrough: true }) res: Response): Promise<Session> {
    return this.respond(res, await this.auth.exchange(body?.code));
  }

  @Post('password-reset')
  @HttpCode(200)
  @RateLimit('reset')
  async passwordReset(@Body() body: unknown): Promise<{ message: string }> {
    await this.auth.requestPasswordReset(body);
    return { message: AccountMessages.resetLinkSent };
  }

  @Post('password-reset/confirm')
  @HttpCode(200)
  async confirmPasswordReset(@Body() body: unknown, @Res({ passthrough: true }) res: Response): Promise<Session> {
    return this.respond(res, await this.auth.confirmPasswordReset(body));
  }

  private respond(res: Response, issued: IssuedSession): Session {
    setSessionCookies(res, issued, this.config);
    res.setHeader('Cache-Control', 'no-store');
    return issued.session;
  }
}
