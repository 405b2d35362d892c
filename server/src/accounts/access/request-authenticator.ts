import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@oddspulse/core';
import type { Request, Response } from 'express';
import { hasPlatinum } from '@oddspulse/shared';
import { API_KEY_HEADER, type AuthUser } from '../auth/auth-user';
import { csrfSatisfied, extractAccessToken, type AuthRequest } from '../auth/access-token';
import { SessionService } from '../auth/session.service';
import { sessionCookieNames, type SessionCookieNames } from '../auth/session-cookies';
import { ApiKeyService } from '../api-keys/api-key.service';
import { ApiErrors, tooManyRequests } from '../../errors/api-errors';
import { HttpRateLimits } from './rate-limits.service';

/**
 * Who an HTTP request is, for the guards and the operations endpoints outside Nest's router, by the credentials they
 * all take and in this order: an access token (a bearer JWT, else the HttpOnly access cookie, which must carry its CSRF
 * token on unsafe methods), then a Platinum user's API key (`x-api-key`, DECISIONS 5), whose own request limit applies.
 * A token that fails (forged, expired, its session ended) falls through to the key. Never `x-user-id` or any other
 * client-settable header. Which routes take a key is the guard's call (assertApiKeyScope). Done here rather than by
 * passport strategies: the token is verified once per token and its session read from PrincipalCache, so
 * a signed-in request costs no PostgreSQL query and no JWT verification while nothing about its user changes.
 */
@Injectable()
export class RequestAuthenticator {
  private readonly cookies: SessionCookieNames;

  constructor(
    private readonly sessions: SessionService,
    private readonly apiKeys: ApiKeyService,
    private readonly limits: HttpRateLimits,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.cookies = sessionCookieNames(config);
  }

  /**
   * The request's user; null when it presents no credential that holds. Throws what a credential's own rule throws:
   * 403 CSRF for a cookie without its token, 403 Platinum for a key whose owner lost it, 429 for a key over its limit,
   * 503 for a dependency that is down.
   */
  async authenticate(req: AuthRequest): Promise<AuthUser | null> {
    const token = extractAccessToken(req, this.cookies);
    if (token) {
      const via = req.authSource === 'cookie' ? 'cookie' : 'bearer';
      const session = await this.sessions.authenticate(token, via);
      if (session) {
        if (via === 'cookie' && !csrfSatisfied(req, session.claims, this.cookies)) throw ApiErrors.csrfFailed();
        return session.user;
      }
    }
    return this.apiKeyUser(req);
  }

  private async apiKeyUser(req: Request): Promise<AuthUser | null> {
    const key = req.headers[API_KEY_HEADER];
    if (typeof key !== 'string' || !key) return null;
    return this.authenticateApiKey(key, req.res as Response);
  }

  /**
   * A personal API key's user, however the key came (REST's `x-api-key`, MCP's bearer token): null for a key that
   * does not hold (unknown, revoked, rotated); 403 Platinum when its owner lost the plan (DECISIONS 5); 429 past
   * the key's own limit. One rule, so MCP can never admit a key REST refuses.
   */
  /**
   * Whether a key still holds for a stream it opened, and its user as of now (a changed plan narrows what the stream
   * carries): the same rule as authenticateApiKey, with no call counted (the stream was counted when it opened), read
   * from PostgreSQL (a stream asks when its owner's principal changed, which the cache may not have dropped yet).
   */
  async apiKeyStillHolds(key: string): Promise<AuthUser | null> {
    const user = await this.apiKeys.authenticateNow(key);
    return user?.apiKeyId && hasPlatinum(user.access) ? user : null;
  }

  async authenticateApiKey(key: string, res: Response): Promise<AuthUser | null> {
    const user = await this.apiKeys.authenticate(key);
    if (!user?.apiKeyId) return null;
    if (!hasPlatinum(user.access)) throw ApiErrors.platinumRequired();
    const decision = await this.limits.apiKey.consume(user.apiKeyId);
    if (!decision.allowed) throw tooManyRequests(res, decision.retryAfter);
    return user;
  }
}
