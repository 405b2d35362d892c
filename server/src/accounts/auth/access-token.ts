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
 * The `Sec-Fetch-Site` values of a request the cookie may authenticate where it matters: the app's own pages
 * (`same-origin`; the client fetches with `credentials: 'same-origin'`) and what the user typed or bookmarked (`none`).
 */
const OWN_SITE = new Set(['same-origin', 'none']);

/**
 * Whether the browser says another site started the request (a link, a form, a script elsewhere): it sets
 * `Sec-Fetch-Site` and no page can forge it. A browser too old to send it says nothing, and is judged by the CSRF token.
 */
export function startedByAnotherSite(req: Request): boolean {
  const site = req.headers['sec-fetch-site'];
  return typeof site === 'string' && !OWN_SITE.has(site);
}

/**
 * Signed double submit (DECISIONS 35): a cookie-authenticated unsafe request must come from the app's own site and echo
 * the readable CSRF cookie in the `x-csrf-token` header, and that value must be the one this session's token was issued
 * with. Bearer tokens and API keys never come here: a browser attaches neither on its own. A safe request another site
 * started is refused only where it has an effect: a metered call (MeteredOddsGuard).
 */
export function csrfSatisfied(req: Request, claims: Readonly<AccessTokenClaims>, names: SessionCookieNames): boolean {
  if (SAFE_METHODS.has(req.method)) return true;
  if (startedByAnotherSite(req)) return false;
  const header = req.headers[CSRF_HEADER];
  const cookie = readCookie(req, names.csrf);
  if (typeof header !== 'string' || !header || !cookie || !safeEqual(header, cookie)) return false;
  return typeof claims.csrf === 'string' && safeEqual(sha256(header), claims.csrf);
}
