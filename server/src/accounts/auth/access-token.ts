import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '@oddspulse/core';
import { ACCESS_COOKIE, CSRF_COOKIE, CSRF_HEADER, type AccessTokenClaims, type AuthSource, type AuthUser } from './auth-user';
import { jwtSigningKey, safeEqual, sha256 } from './crypto';
import { ApiErrors } from '../../errors/api-errors';
import { JWT_AUDIENCE, JWT_ISSUER, SessionService } from './session.service';

type AuthRequest = Request & { authSource?: AuthSource };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The access token comes from `Authorization: Bearer` (the spec's model) or, failing that, from the
 * HttpOnly access cookie; which one is remembered, because only the cookie needs CSRF protection.
 */
export function extractAccessToken(req: AuthRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header === 'string' && /^bearer /i.test(header)) {
    req.authSource = 'bearer';
    return header.slice(7).trim() || null;
  }
  const cookie = (req.cookies as Record<string, string> | undefined)?.[ACCESS_COOKIE];
  if (cookie) {
    req.authSource = 'cookie';
    return cookie;
  }
  return null;
}

/**
 * Signed double submit: a cookie-authenticated unsafe request must echo the readable CSRF cookie in the
 * `x-csrf-token` header, and that value must be the one this session's token was issued with.
 */
export function csrfSatisfied(req: Request, claims: AccessTokenClaims): boolean {
  if (SAFE_METHODS.has(req.method)) return true;
  const header = req.headers[CSRF_HEADER];
  const cookie = (req.cookies as Record<string, string> | undefined)?.[CSRF_COOKIE];
  if (typeof header !== 'string' || !header || !cookie || !safeEqual(header, cookie)) return false;
  return typeof claims.csrf === 'string' && safeEqual(sha256(header), claims.csrf);
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionService,
  ) {
    super({
      jwtFromRequest: extractAccessToken,
      // jsonwebtoken takes the KeyObject (passport-jwt's types predate KeyObject keys)
      secretOrKey: jwtSigningKey(config.JWT_SECRET) as unknown as Buffer,
      algorithms: ['HS256'],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      passReqToCallback: true,
    });
  }

  async validate(req: AuthRequest, claims: AccessTokenClaims): Promise<AuthUser | null> {
    const via = req.authSource === 'cookie' ? 'cookie' : 'bearer';
    const result = await this.sessions.principal(claims, via);
    if (!result) return null;
    if (via === 'cookie' && !csrfSatisfied(req, claims)) throw ApiErrors.csrfFailed();
    return result.user;
  }
}
