import type { CookieOptions, Response } from 'express';
import { publicOrigin, type AppConfig } from '@oddspulse/core';
import { ACCESS_COOKIE, CSRF_COOKIE } from './auth-user';
import type { IssuedSession } from './session.service';

function base(config: AppConfig): CookieOptions {
  return { sameSite: 'lax', secure: publicOrigin(config).startsWith('https:'), path: '/' };
}

/**
 * Next to the JSON session (which the client keeps and sends as a bearer token), the access token is set as
 * an HttpOnly cookie for same-origin requests that cannot set headers, with a readable CSRF cookie the
 * client echoes in `x-csrf-token` on unsafe cookie-authenticated requests.
 */
export function setSessionCookies(res: Response, issued: IssuedSession, config: AppConfig): void {
  const maxAge = issued.session.expires_in * 1000;
  res.cookie(ACCESS_COOKIE, issued.session.access_token, { ...base(config), httpOnly: true, maxAge });
  res.cookie(CSRF_COOKIE, issued.csrfToken, { ...base(config), httpOnly: false, maxAge });
}

export function clearSessionCookies(res: Response, config: AppConfig): void {
  res.clearCookie(ACCESS_COOKIE, { ...base(config), httpOnly: true });
  res.clearCookie(CSRF_COOKIE, { ...base(config), httpOnly: false });
}
