import type { CookieOptions, Request, Response } from 'express';
import { publicOrigin, type AppConfig } from '@oddspulse/core';
import {
  COOKIE_HOST_PREFIX,
  COOKIE_SECURE_PREFIX,
  CSRF_HEADER,
  SESSION_COOKIES,
  SESSION_TRANSPORT_HEADER,
} from '@oddspulse/shared';
import { safeEqual } from './crypto';
import type { IssuedSession, Session } from './session.service';

/** The one path the refresh cookie is sent to: no other request carries the long-lived credential. */
export const REFRESH_PATH = '/api/auth/refresh';

/** A browser session as the cookie transport answers it: the session object of spec 000 §3 without its tokens. */
export type CookieSession = Omit<Session, 'access_token' | 'refresh_token' | 'token_type'> & { token_type: 'cookie' };

export interface SessionCookieNames {
  secure: boolean;
  access: string;
  refresh: string;
  csrf: string;
}

/**
 * The cookies' names and Secure flag for this origin (DECISIONS 35). Over HTTPS the path-wide cookies take the
 * __Host- prefix (Secure, Path=/, no Domain: no sibling host or plain-HTTP page can set or shadow them); the refresh
 * cookie, scoped to REFRESH_PATH, can only take __Secure-. A plain-HTTP origin (local development) can take neither.
 */
export function sessionCookieNames(config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'>): SessionCookieNames {
  const secure = publicOrigin(config).startsWith('https:');
  return secure
    ? {
        secure,
        access: `${COOKIE_HOST_PREFIX}${SESSION_COOKIES.access}`,
        refresh: `${COOKIE_SECURE_PREFIX}${SESSION_COOKIES.refresh}`,
        csrf: `${COOKIE_HOST_PREFIX}${SESSION_COOKIES.csrf}`,
      }
    : { secure, ...SESSION_COOKIES };
}

/**
 * Whether a cookie set in answer to `req` is Secure (DECISIONS 35: "Secure where served over HTTPS"): on an https
 * origin always, and on any other when the request itself came over HTTPS, through a proxy TRUST_PROXY names (a
 * deployment behind TLS whose PUBLIC_URL is unset, as it may be without Stripe or sign-in providers): a cookie set
 * over HTTPS is then never sent back in clear, where anyone on the path could read the session. The names stay the
 * origin's, so every request reads the same ones.
 */
export function cookiesSecure(req: Request, names: Pick<SessionCookieNames, 'secure'>): boolean {
  return names.secure || req.secure;
}

export function readCookie(req: Request, name: string): string | null {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value ? value : null;
}

/** Whether the request asks for its session as cookies. */
export function wantsCookieTransport(req: Request): boolean {
  return req.headers[SESSION_TRANSPORT_HEADER] === 'cookie';
}

/**
 * Sets a browser session's cookies. The access and refresh tokens are HttpOnly (no script of the page reads them); the
 * CSRF token is readable, for the client to echo in `x-csrf-token`. "Remember me" is the lifetime (spec 000's choice,
 * DECISIONS 35): remembered, the refresh and CSRF cookies last as long as the refresh token; not remembered, they are
 * session cookies the browser drops when it closes. The access cookie lasts as long as its token either way.
 */
export function setSessionCookies(
  res: Response,
  issued: IssuedSession,
  config: AppConfig,
  { refreshToken, remember }: { refreshToken: boolean; remember: boolean },
): void {
  const names = sessionCookieNames(config);
  const base: CookieOptions = { sameSite: 'lax', secure: cookiesSecure(res.req, names), path: '/' };
  const lasting = remember ? { maxAge: config.REFRESH_TOKEN_TTL_SECONDS * 1000 } : {};
  const accessLifetime = { maxAge: issued.session.expires_in * 1000 };
  res.cookie(names.access, issued.session.access_token, { ...base, httpOnly: true, ...accessLifetime });
  // Without a refresh cookie the CSRF token is needed only as long as the access cookie it goes with.
  res.cookie(names.csrf, issued.csrfToken, { ...base, httpOnly: false, ...(refreshToken ? lasting : accessLifetime) });
  if (refreshToken)
    res.cookie(names.refresh, issued.session.refresh_token, {
      ...base,
      path: REFRESH_PATH,
      sameSite: 'strict',
      httpOnly: true,
      ...lasting,
    });
}

export function clearSessionCookies(res: Response, config: AppConfig): void {
  const names = sessionCookieNames(config);
  const base: CookieOptions = { sameSite: 'lax', secure: cookiesSecure(res.req, names), path: '/' };
  res.clearCookie(names.access, { ...base, httpOnly: true });
  res.clearCookie(names.csrf, { ...base, httpOnly: false });
  res.clearCookie(names.refresh, { ...base, path: REFRESH_PATH, sameSite: 'strict', httpOnly: true });
}

/**
 * A refresh by cookie is a state-changing request the browser would attach the cookie to on its own: it must echo the
 * readable CSRF cookie in `x-csrf-token` (double submit, compared in constant time), as every cookie request must.
 */
export function refreshCsrfSatisfied(req: Request, names: SessionCookieNames): boolean {
  const header = req.headers[CSRF_HEADER];
  const cookie = readCookie(req, names.csrf);
  return typeof header === 'string' && !!header && !!cookie && safeEqual(header, cookie);
}

export function withoutTokens(session: Session): CookieSession {
  const { access_token: _access, refresh_token: _refresh, ...rest } = session;
  return { ...rest, token_type: 'cookie' };
}
