import { ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { AuthGuard, type IAuthModuleOptions } from '@nestjs/passport';
import type { Request, Response } from 'express';
import { APP_CONFIG, appleConfigured, googleConfigured, type AppConfig, type UserRow } from '@oddspulse/core';
import { ApiErrors } from '../../errors/api-errors';
import { readOAuthCookie, setOAuthCookie } from './oauth-cookie';
import {
  OAuthStateService,
  safeIntent,
  safeReturnTo,
  STATE_TTL_SECONDS,
  type OAuthProvider,
  type OAuthReturn,
} from './oauth-state.service';

export type OAuthRequest = Request & { user?: UserRow; oauthReturn?: OAuthReturn | null };

function oauthGuard(provider: OAuthProvider) {
  @Injectable()
  class OAuthGuard extends AuthGuard(provider) {
    readonly logger = new Logger(`OAuth:${provider}`);

    constructor(
      @Inject(APP_CONFIG) readonly config: AppConfig,
      readonly state: OAuthStateService,
    ) {
      super();
    }

    /**
     * 404 when the provider's keys are not set; on the callback, a state that is missing, replayed or not of this
     * browser (its OAuth cookie) ends the flow.
     */
    override async canActivate(context: ExecutionContext): Promise<boolean> {
      const enabled = provider === 'google' ? googleConfigured(this.config) : appleConfigured(this.config);
      if (!enabled) throw ApiErrors.notFound();
      const req = context.switchToHttp().getRequest<OAuthRequest>();
      if (isCallback(req)) {
        req.oauthReturn = await this.state.consumeState(
          provider,
          req.query.state ?? (req.body as Record<string, unknown> | undefined)?.state,
          readOAuthCookie(req, this.config),
        );
        if (!req.oauthReturn) {
          this.logger.warn({ msg: 'OAuth callback without a valid state' });
          return true;
        }
      }
      return (await super.canActivate(context)) as boolean;
    }

    override async getAuthenticateOptions(context: ExecutionContext): Promise<IAuthModuleOptions> {
      const req = context.switchToHttp().getRequest<OAuthRequest>();
      if (isCallback(req)) return { session: false };
      const { state, nonce } = await this.state.createState(provider, {
        returnTo: safeReturnTo(req.query.returnTo),
        intent: safeIntent(req.query.intent),
      });
      const res = context.switchToHttp().getResponse<Response>();
      setOAuthCookie(res, nonce, { provider, ttlSeconds: STATE_TTL_SECONDS }, this.config);
      return { session: false, state };
    }

    /** A failed provider round trip is not an exception: the controller sends the browser back with an error. */
    override handleRequest<T>(err: unknown, user: T): T | undefined {
      if (err) this.logger.warn({ msg: 'OAuth sign-in failed', reason: (err as Error).message });
      return user || undefined;
    }
  }
  return OAuthGuard;
}

function isCallback(req: Request): boolean {
  return req.path.endsWith('/callback');
}

export const GoogleAuthGuard = oauthGuard('google');
export const AppleAuthGuard = oauthGuard('apple');
