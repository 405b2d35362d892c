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
 * The `Sec-Fetch-Site` values of a request the cookie may authenticate: the app's own pages (`same-origin`; the client
 * fetches with `credentials: 'same-origin'`) and what the user typed or bookmarked (`none`). The browser sets the
 * header and no page can forge it; a browser too old to send it is judged by the CSRF token alone.
 */
const OWN_SITE = new Set(['same-origin', 'none']);

/**
 * A cookie may authenticate the request (DECISIONS 35). Any method: a request another site started (a link, a form, a
 * script; a top-level navigation carries the SameSite=Lax access cookie) is refused, since even a GET has an effect
 * when it is metered (it spends the free plan's quota, DECISIONS 2). Then signed double submit: an unsafe request must
 * echo the readable CSRF cookie in the `x-csrf-token` header, and that value must be the one this session's token was
 * issued with. Bearer tokens and API keys never come here: a browser attaches neither on its own.
 */
export function csrfSatisfied(req: Request, claims: Readonly<AccessTokenClaims>, names: SessionCookieNames): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && !OWN_SITE.has(site)) return false;
  if (SAFE_METHODS.has(req.method)) return true;
  const header = req.headers[CSRF_HEADER];
  const cookie = readCookie(req, names.csrf);
  if (typeof header !== 'string' || !header || !cookie || !safeEqual(header, cookie)) return false;
  return typeof claims.csrf === 'string' && safeEqual(sha256(header), claims.csrf);
}
