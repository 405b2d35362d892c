import type { ApiKeyService } from '../../accounts/api-keys/api-key.service';
import type { AuthService } from '../../accounts/auth/auth.service';
import type { AuthUser } from '../../accounts/auth/auth-user';
import { sha256 } from '../../accounts/auth/crypto';
import type { AppConfig } from '@oddspulse/core';
import { SocketAuthService } from './socket-auth.service';

const EXPIRES_AT = new Date('2026-11-26T10:00:00Z');

const user = (plan: 'free' | 'gold' | 'platinum', via: AuthUser['via'] = 'bearer'): AuthUser => ({
  id: 'u1',
  email: 'u1@example.com',
  access: { plan, unlimited: false },
  accessUntil: null,
  via,
  sessionId: via === 'api_key' ? null : 's1',
  role: null,
});

function service(tokens: Record<string, AuthUser>, keys: Record<string, AuthUser>, config: Partial<AppConfig> = {}) {
  const accounts = {
    authenticateToken: jest.fn(async (token: string) =>
      tokens[token] ? { user: tokens[token], expiresAt: EXPIRES_AT } : null,
    ),
  };
  const apiKeys = { authenticate: jest.fn(async (key: string) => keys[key] ?? null) };
  return {
    auth: new SocketAuthService(
      accounts as unknown as AuthService,
      apiKeys as unknown as ApiKeyService,
      { PORT: 3000, ...config } as AppConfig,
    ),
    accounts,
    apiKeys,
  };
}

describe('SocketAuthService', () => {
  const { auth, accounts } = service(
    { good: user('gold') },
    { op_plat: user('platinum', 'api_key'), op_gold: user('gold', 'api_key') },
  );

  it('lets a socket without credentials in as anonymous', async () => {
    expect(await auth.authenticate({ headers: {}, auth: {} })).toEqual({ ok: true, user: null, credential: null });
  });

  it('accepts an access token from the auth payload or a bearer header, and refuses a bad one', async () => {
    expect(await auth.authenticate({ headers: {}, auth: { token: 'good' } })).toMatchObject({
      ok: true,
      user: { id: 'u1' },
    });
    expect(await auth.authenticate({ headers: { authorization: 'Bearer good' }, auth: {} })).toMatchObject({
      ok: true,
    });
    expect(await auth.authenticate({ headers: {}, auth: { token: 'forged' } })).toEqual({
      ok: false,
      code: 'AUTH_REQUIRED',
      message: 'Authentication required',
    });
  });

  it('binds a socket to the session of its token until the token expires, and to the hash of its API key', async () => {
    expect(await auth.authenticate({ headers: {}, auth: { token: 'good' } })).toMatchObject({
      credential: { kind: 'session', sessionId: 's1', expiresAt: EXPIRES_AT.getTime() },
    });
    expect(await auth.authenticate({ headers: {}, auth: { apiKey: 'op_plat' } })).toMatchObject({
      credential: { kind: 'api_key', keyHash: sha256('op_plat') },
    });
  });

  // DECISIONS 5: API keys are Platinum's
  it("accepts a Platinum user's API key only", async () => {
    expect(await auth.authenticate({ headers: { 'x-api-key': 'op_plat' }, auth: {} })).toMatchObject({
      ok: true,
      user: { via: 'api_key' },
    });
    expect(await auth.authenticate({ headers: {}, auth: { apiKey: 'op_gold' } })).toMatchObject({
      ok: false,
      code: 'PLATINUM_REQUIRED',
    });
    expect(await auth.authenticate({ headers: {}, auth: { apiKey: 'op_nope' } })).toMatchObject({
      ok: false,
      code: 'AUTH_REQUIRED',
    });
  });

  it('reads the access cookie only from a page of the same origin', async () => {
    accounts.authenticateToken.mockClear();
    const cookie = 'theme=dark; op_access=good';
    expect(
      await auth.authenticate({
        headers: { cookie, origin: 'https://oddspulse.test', host: 'oddspulse.test' },
        auth: {},
      }),
    ).toMatchObject({
      ok: true,
      user: { id: 'u1' },
    });
    expect(
      await auth.authenticate({ headers: { cookie, origin: 'https://evil.test', host: 'oddspulse.test' }, auth: {} }),
    ).toEqual({
      ok: true,
      user: null,
      credential: null,
    });
    expect(
      await auth.authenticate({
        headers: { cookie: 'op_access=%E0%A4%A', origin: 'https://oddspulse.test', host: 'oddspulse.test' },
        auth: {},
      }),
    ).toEqual({
      ok: true,
      user: null,
      credential: null,
    });
    expect(accounts.authenticateToken).toHaveBeenCalledTimes(1);
  });

  // Behind a proxy that rewrites Host, the page's origin is the deployment's PUBLIC_URL
  it('reads the access cookie from a page of PUBLIC_URL whatever Host the proxy sends, and from no other site', async () => {
    const proxied = service({ good: user('gold') }, {}, { PUBLIC_URL: 'https://odds.example' });
    const cookie = '__Host-op_access=good';
    const at = (origin: string) =>
      proxied.auth.authenticate({ headers: { cookie, origin, host: '127.0.0.1:3000' }, auth: {} });
    expect(await at('https://odds.example')).toMatchObject({ ok: true, user: { id: 'u1' } });
    expect(await at('https://evil.test')).toEqual({ ok: true, user: null, credential: null });
    expect(await at('http://odds.example')).toEqual({ ok: true, user: null, credential: null });
  });

  // One authenticator, the HTTP guards' order (RequestAuthenticator): the token first, then the key
  it('prefers a live token over an API key sent with it, and falls through to the key when the token fails', async () => {
    const { auth: both, apiKeys } = service(
      { good: user('gold') },
      { op_plat: { ...user('platinum', 'api_key'), id: 'u2' }, op_gold: user('gold', 'api_key') },
    );
    expect(await both.authenticate({ headers: { 'x-api-key': 'op_plat' }, auth: { token: 'good' } })).toMatchObject({
      ok: true,
      user: { id: 'u1', via: 'bearer', access: { plan: 'gold' } },
    });
    expect(apiKeys.authenticate).not.toHaveBeenCalled();
    expect(
      await both.authenticate({ headers: { authorization: 'Bearer good' }, auth: { apiKey: 'op_gold' } }),
    ).toMatchObject({
      ok: true,
      user: { via: 'bearer' },
    });
    expect(await both.authenticate({ headers: { 'x-api-key': 'op_plat' }, auth: { token: 'expired' } })).toMatchObject({
      ok: true,
      user: { id: 'u2', via: 'api_key' },
    });
    expect(await both.authenticate({ headers: {}, auth: { token: 'expired', apiKey: 'op_gold' } })).toMatchObject({
      ok: false,
      code: 'PLATINUM_REQUIRED',
    });
    expect(await both.authenticate({ headers: {}, auth: { token: 'expired', apiKey: 'op_nope' } })).toMatchObject({
      ok: false,
      code: 'AUTH_REQUIRED',
    });
  });
});
