import type { Request } from 'express';
import { CSRF_HEADER } from '@oddspulse/shared';
import type { AccessTokenClaims, AuthSource } from './auth-user';
import { safeEqual, sha256 } from './crypto';
import { readCookie, type SessionCookieNames } from './session-cookies';

export type AuthRequest = Request & { authSource?: AuthSource };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The access token comes from `Authorization: Bearer` (the spec's model) or, failing that, from the
 * HttpOnly access cookie; which one is remembered, because only the cookie needs CSRF protection.
 */
export function extractAccessToken(req: AuthRequest, names: SessionCookieNames): string | null {
  const header = req.headers.authorization;
  if (typeof header === 'string' && /^bearer /i.test(header)) {
    req.authSource = 'bearer';
    return header.slice(7).trim() || null;
  }
  const cookie = readCookie(req, names.access);
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
export function csrfSatisfied(req: Request, claims: Readonly<AccessTokenClaims>, names: SessionCookieNames): boolean {
  if (SAFE_METHODS.has(req.method)) return true;
  const header = req.headers[CSRF_HEADER];
  const cookie = readCookie(req, names.csrf);
  if (typeof header !== 'string' || !header || !cookie || !safeEqual(header, cookie)) return false;
  return typeof claims.csrf === 'string' && safeEqual(sha256(header), claims.csrf);
}
