import type { CookieOptions, Request, Response } from 'express';
import { COOKIE_HOST_PREFIX } from '@oddspulse/shared';
import type { AppConfig } from '@oddspulse/core';
import { cookiesSecure, readCookie, sessionCookieNames } from '../auth/session-cookies';
import type { OAuthProvider } from './oauth-state.service';

/**
 * The cookie that ties an OAuth flow to the browser that began it (RFC 6749 §10.12): its nonce is set at the start, and
 * the state, then the one-time login code, are found only with it. Without it, anyone could finish a flow of their own
 * in another's browser and sign them in to the wrong account (login CSRF). Named and flagged as the session's cookies
 * (DECISIONS 35): HttpOnly, and Secure with the __Host- prefix over HTTPS.
 */
const OAUTH_COOKIE = 'op_oauth';

function oauthCookie(config: AppConfig, req: Request): { name: string; options: CookieOptions } {
  const names = sessionCookieNames(config);
  return {
    name: names.secure ? `${COOKIE_HOST_PREFIX}${OAUTH_COOKIE}` : OAUTH_COOKIE,
    options: { httpOnly: true, secure: cookiesSecure(req, names), path: '/', sameSite: 'lax' },
  };
}

export function setOAuthCookie(
  res: Response,
  nonce: string,
  { provider, ttlSeconds }: { provider: OAuthProvider; ttlSeconds: number },
  config: AppConfig,
): void {
  const { name, options } = oauthCookie(config, res.req);
  // Apple comes back with a cross-site form POST (response_mode=form_post), which a browser sends no Lax cookie with;
  // Apple returns only to https origins, where a SameSite=None cookie can be Secure. The nonce grants nothing alone.
  const sameSite = provider === 'apple' && options.secure ? 'none' : 'lax';
  res.cookie(name, nonce, { ...options, sameSite, maxAge: ttlSeconds * 1000 });
}

export function readOAuthCookie(req: Request, config: AppConfig): string | null {
  return readCookie(req, oauthCookie(config, req).name);
}

export function clearOAuthCookie(res: Response, config: AppConfig): void {
  const { name, options } = oauthCookie(config, res.req);
  res.clearCookie(name, options);
}
