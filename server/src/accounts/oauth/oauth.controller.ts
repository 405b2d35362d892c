import { Controller, Get, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { APP_CONFIG, publicOrigin, type AppConfig } from '@oddspulse/core';
import { clearOAuthCookie, readOAuthCookie } from './oauth-cookie';
import { AppleAuthGuard, GoogleAuthGuard, type OAuthRequest } from './oauth.guard';
import { OAuthStateService } from './oauth-state.service';
import { ApiAnswer } from '../../docs/route-doc';

/** Both callbacks end on the product's /auth/callback page, signed in or with `error=oauth_failed`. */
const CallbackAnswer = () =>
  ApiAnswer({
    summary: "The provider's sign-in ends: /auth/callback with a one-time code, or error=oauth_failed",
    answer: 'redirect',
  });

/**
 * Google and Apple sign-in (spec 000 §2). Each provider's flow ends with a redirect to /auth/callback on the
 * product's own origin carrying a one-time code (60 s, single use) that the client exchanges at
 * POST /api/auth/exchange, plus returnTo and intent; or `error=oauth_failed`. The start sets the OAuth cookie: the
 * callback and the exchange succeed only in the browser that holds it (oauth-cookie.ts).
 */
@Controller('auth')
export class OAuthController {
  constructor(
    private readonly state: OAuthStateService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Starts Google sign-in; `returnTo` (a same-origin path) and `intent` come back on /auth/callback. */
  @Get('google')
  @ApiAnswer({ summary: "Google's sign-in page", answer: 'redirect' })
  @UseGuards(GoogleAuthGuard)
  google(): void {}

  @Get('google/callback')
  @UseGuards(GoogleAuthGuard)
  @CallbackAnswer()
  googleCallback(@Req() req: OAuthRequest, @Res() res: Response): Promise<void> {
    return this.finish(req, res);
  }

  @Get('apple')
  @ApiAnswer({ summary: "Apple's sign-in page", answer: 'redirect' })
  @UseGuards(AppleAuthGuard)
  apple(): void {}

  /** Apple answers with a form POST (response_mode=form_post). */
  @Post('apple/callback')
  @UseGuards(AppleAuthGuard)
  @CallbackAnswer()
  appleCallback(@Req() req: OAuthRequest, @Res() res: Response): Promise<void> {
    return this.finish(req, res);
  }

  private async finish(req: OAuthRequest, res: Response): Promise<void> {
    const target = new URL('/auth/callback', publicOrigin(this.config));
    // the guard found the state with this nonce: the exchange will need it again, then clears it
    const nonce = readOAuthCookie(req, this.config);
    if (req.user && req.oauthReturn && nonce) {
      target.searchParams.set('code', await this.state.createLoginCode(req.user.id, nonce));
      if (req.oauthReturn.returnTo) target.searchParams.set('returnTo', req.oauthReturn.returnTo);
      if (req.oauthReturn.intent) target.searchParams.set('intent', req.oauthReturn.intent);
    } else {
      target.searchParams.set('error', 'oauth_failed');
      clearOAuthCookie(res, this.config);
    }
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, target.toString());
  }
}
