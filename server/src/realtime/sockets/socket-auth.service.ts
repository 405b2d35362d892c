import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@oddspulse/core';
import type { IncomingHttpHeaders } from 'node:http';
import { AccountMessages, hasPlatinum } from '@oddspulse/shared';
import { ApiKeyService } from '../../accounts/api-keys/api-key.service';
import { AuthService } from '../../accounts/auth/auth.service';
import { API_KEY_HEADER, type AuthUser } from '../../accounts/auth/auth-user';
import { sessionCookieNames } from '../../accounts/auth/session-cookies';
import { sha256 } from '../../accounts/auth/crypto';
import type { SocketCredential } from './socket-types';

/** What a socket proved at its handshake and with what; null user and credential for an anonymous socket (public channels only). */
export type HandshakeResult =
  | { ok: true; user: AuthUser; credential: SocketCredential }
  | { ok: true; user: null; credential: null }
  | { ok: false; code: 'AUTH_REQUIRED' | 'PLATINUM_REQUIRED'; message: string };

export interface Handshake {
  headers: IncomingHttpHeaders;
  /** socket.io's `auth` payload: `{token}` (an access JWT) or `{apiKey}`. */
  auth: Record<string, unknown>;
}

function readCookie(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return null; // a malformed cookie is no credential
    }
  }
  return null;
}

/**
 * A cookie only counts from a page of this origin: another site could otherwise open a socket as the user. The page is
 * ours when the browser's `Origin` is the deployment's PUBLIC_URL, or names the host the request was sent to: behind a
 * reverse proxy that rewrites `Host` (nginx's default sends its upstream's), only PUBLIC_URL can match, and a signed-in
 * page's socket would otherwise be let in as anonymous, without its paid feeds.
 */
function fromOwnPage(headers: IncomingHttpHeaders, publicOrigin: string | null): boolean {
  const origin = headers.origin;
  if (!origin) return false;
  if (origin === publicOrigin) return true;
  if (!headers.host) return false;
  try {
    return new URL(origin).host === headers.host;
  } catch {
    return false;
  }
}

/**
 * The one socket-handshake authenticator. It takes the credentials the HTTP guards take, in the order they take them
 * (RequestAuthenticator): an access token first (the `auth.token` payload, a bearer header, or the
 * same-origin access cookie), then a personal API key (`auth.apiKey` or `x-api-key`), which counts only while its
 * owner holds Platinum (DECISIONS 5). A live token wins over a key sent with it; a token that fails falls through
 * to the key, as it does over HTTP. Presented credentials that all fail are refused rather than downgraded to
 * anonymous, so a client with an expired token knows to refresh.
 */
@Injectable()
export class SocketAuthService {
  private readonly accessCookie: string;
  private readonly publicOrigin: string | null;

  constructor(
    private readonly accounts: AuthService,
    private readonly apiKeys: ApiKeyService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.accessCookie = sessionCookieNames(config).access;
    this.publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null;
  }

  async authenticate(handshake: Handshake): Promise<HandshakeResult> {
    const token = accessToken(handshake, this.accessCookie, this.publicOrigin);
    const signedIn = token ? await this.token(token) : null;
    if (signedIn) return signedIn;

    const apiKey =
      typeof handshake.auth.apiKey === 'string' ? handshake.auth.apiKey : handshake.headers[API_KEY_HEADER];
    if (typeof apiKey === 'string' && apiKey) {
      const user = await this.apiKeys.authenticate(apiKey);
      if (!user) return { ok: false, code: 'AUTH_REQUIRED', message: AccountMessages.authenticationRequired };
      if (!hasPlatinum(user.access))
        return { ok: false, code: 'PLATINUM_REQUIRED', message: AccountMessages.platinumRequired };
      return { ok: true, user, credential: { kind: 'api_key', keyHash: sha256(apiKey) } };
    }
    return token
      ? { ok: false, code: 'AUTH_REQUIRED', message: AccountMessages.authenticationRequired }
      : { ok: true, user: null, credential: null };
  }

  /** The user of an access token and the session credential it binds a socket to; null when the token does not stand. */
  async token(token: string): Promise<{ ok: true; user: AuthUser; credential: SocketCredential } | null> {
    const found = await this.accounts.authenticateToken(token);
    if (!found?.user.sessionId) return null;
    return {
      ok: true,
      user: found.user,
      credential: { kind: 'session', sessionId: found.user.sessionId, expiresAt: found.expiresAt?.getTime() ?? null },
    };
  }

  /** Whether what authorised a socket still stands: its session family not revoked, its API key not revoked or rotated. */
  stands(userId: string, credential: SocketCredential): Promise<boolean> {
    return credential.kind === 'session'
      ? this.accounts.sessionStands(userId, credential.sessionId)
      : this.apiKeys.keyStands(credential.keyHash);
  }
}

/** The access token a handshake presents: the `auth.token` payload, else a bearer header, else our own page's cookie. */
function accessToken(handshake: Handshake, cookieName: string, publicOrigin: string | null): string | null {
  const bearer = /^bearer (.+)$/i.exec(handshake.headers.authorization ?? '')?.[1];
  const token = typeof handshake.auth.token === 'string' && handshake.auth.token ? handshake.auth.token : bearer;
  return (
    token ?? (fromOwnPage(handshake.headers, publicOrigin) ? readCookie(handshake.headers.cookie, cookieName) : null)
  );
}
