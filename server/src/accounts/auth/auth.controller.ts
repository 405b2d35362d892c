import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AccountMessages, DEMO_ACCOUNTS, DEMO_PASSWORD, SESSION_REMEMBER_HEADER } from '@oddspulse/shared';
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
import { ApiErrors, mailUnavailable, tooManyRequests } from '../../errors/api-errors';
import { clientAddress } from '../access/client-address';
import { RateLimit } from '../access/rate-limit.guard';
import { LoginThrottle } from '../access/login-throttle';
import { requestOrigin } from '../audit/audit.service';
import { ZodValidationPipe } from '../../validation/zod-validation.pipe';
import {
  clearSessionCookies,
  readCookie,
  refreshCsrfSatisfied,
  sessionCookieNames,
  setSessionCookies,
  wantsCookieTransport,
  withoutTokens,
  type CookieSession,
} from './session-cookies';
import type { IssuedSession, Session } from './session.service';
import { ApiAnswer } from '../../docs/route-doc';
import { clearOAuthCookie, readOAuthCookie } from '../oauth/oauth-cookie';
import { messageAnswerSchema, providersAnswerSchema, sessionAnswerSchema } from '../../docs/account-answers';

/**
 * Email and password sign-in, sessions and password reset (spec 000 §2, §3, §7). Every route that issues a session
 * answers it in one of two transports: tokens in the body (API clients, scripts: the spec's session object), or, when
 * the request says `x-session-transport: cookie` (the web app, DECISIONS 35), HttpOnly cookies and a body without
 * tokens.
 */
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
  @ApiAnswer({
    summary: 'The sign-in providers that are on, and the demo accounts in demo mode',
    answer: providersAnswerSchema,
  })
  providers() {
    const demo = this.config.DEMO_MODE ? { accounts: DEMO_ACCOUNTS, password: DEMO_PASSWORD } : null;
    return { password: true, google: googleConfigured(this.config), apple: appleConfigured(this.config), demo };
  }

  /** Limited per address and per email (sign-up answers 409 for a taken email, so it must not be an oracle). */
  @Post('signup')
  @ApiAnswer({ summary: 'The new account, signed in', answer: sessionAnswerSchema })
  @RateLimit('signup')
  async signup(
    @Body(new ZodValidationPipe(signupSchema)) input: SignupInput,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Session | CookieSession> {
    return this.respond(req, res, await this.auth.signup(input, requestOrigin(req)));
  }

  /** Brute-force protection (LoginThrottle): past a limit every attempt is 429 with Retry-After; only failures count. */
  @Post('login')
  @ApiAnswer({ summary: 'Signed in', answer: sessionAnswerSchema })
  @HttpCode(200)
  async login(
    @Body(new ZodValidationPipe(credentialsSchema)) credentials: Credentials,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Session | CookieSession> {
    const ticket = await this.throttle.attempt(clientAddress(req), credentials.email);
    if ('retryAfter' in ticket) throw tooManyRequests(res, ticket.retryAfter);
    const outcome = await this.auth.login(credentials, requestOrigin(req));
    if (!outcome.ok) throw ApiErrors.invalidCredentials();
    await this.throttle.succeeded(ticket);
    return this.respond(req, res, outcome.issued);
  }

  /**
   * Rotates the refresh token: the old one is spent. Presented again within the grace window it gives the same
   * successor (a retry, a second tab); after it, the session is signed out. The token comes in the body (API clients,
   * and once a browser whose session a page kept in Web Storage before DECISIONS 35, which asks for the cookie
   * transport and so moves over without signing in again), else from the refresh cookie, which must come with its CSRF
   * token.
   */
  @Post('refresh')
  @ApiAnswer({
    summary: 'The session renewed with a new refresh token (the old one is spent)',
    answer: sessionAnswerSchema,
  })
  @HttpCode(200)
  async refresh(
    @Body(new ZodValidationPipe(refreshTokenSchema)) body: { refresh_token: string | null },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Session | CookieSession> {
    let token = body.refresh_token;
    if (!token) {
      const names = sessionCookieNames(this.config);
      token = readCookie(req, names.refresh);
      if (token && !refreshCsrfSatisfied(req, names)) throw ApiErrors.csrfFailed();
    }
    return this.respond(req, res, await this.auth.refresh(token, requestOrigin(req)));
  }

  /**
   * Global sign-out: every session of the user ends. Accepts the access token, or the refresh token once that has
   * expired (a refresh token spent past its grace window ends only its own family).
   */
  @Post('logout')
  @ApiAnswer({ summary: "Signed out: the refresh token's family ends, its cookies are cleared", answer: 'none' })
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

  /**
   * The OAuth callback's one-time code becomes a session (no long-lived token ever rides in a URL), only in the
   * browser that began the flow: with its OAuth cookie, which is then spent.
   */
  @Post('exchange')
  @ApiAnswer({ summary: 'A social sign-in code exchanged for a session', answer: sessionAnswerSchema })
  @HttpCode(200)
  async exchange(
    @Body(new ZodValidationPipe(exchangeSchema)) body: { code: string | null },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Session | CookieSession> {
    const issued = await this.auth.exchange(body.code, readOAuthCookie(req, this.config), requestOrigin(req));
    clearOAuthCookie(res, this.config);
    return this.respond(req, res, issued);
  }

  /** Limited per address and per email (brute force on links, mail flooding of one inbox). */
  @Post('password-reset')
  @ApiAnswer({ summary: 'The same answer whether or not the account exists', answer: messageAnswerSchema })
  @HttpCode(200)
  @RateLimit('reset')
  async passwordReset(
    @Body(new ZodValidationPipe(passwordResetSchema)) body: { email: string },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ message: string }> {
    const refused = await this.auth.requestPasswordReset(body.email, requestOrigin(req));
    if (refused) throw mailUnavailable(res, refused.retryAfter);
    return { message: AccountMessages.resetLinkSent };
  }

  /**
   * Limited per address and per reset link: a confirmation that passes the link's check runs argon2, and one link
   * must not buy a burst of them that stalls every sign-in (DECISIONS 8).
   */
  @Post('password-reset/confirm')
  @ApiAnswer({ summary: 'The new password set, signed in', answer: sessionAnswerSchema })
  @HttpCode(200)
  @RateLimit('reset-confirm')
  async confirmPasswordReset(
    @Body(new ZodValidationPipe(confirmPasswordResetSchema)) input: ConfirmPasswordReset,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Session | CookieSession> {
    return this.respond(req, res, await this.auth.confirmPasswordReset(input, requestOrigin(req)));
  }

  /**
   * The cookie transport sets every cookie and answers no token. The body transport answers the tokens and still sets
   * the access and CSRF cookies, for same-origin requests that cannot set a header; never the refresh cookie, which
   * only a browser that asked for cookies holds.
   */
  private respond(req: Request, res: Response, issued: IssuedSession): Session | CookieSession {
    res.setHeader('Cache-Control', 'no-store');
    const cookies = wantsCookieTransport(req);
    const remember = req.headers[SESSION_REMEMBER_HEADER] !== 'false';
    setSessionCookies(res, issued, this.config, { refreshToken: cookies, remember });
    return cookies ? withoutTokens(issued.session) : issued.session;
  }
}
