import type { Request } from 'express';
import type { AuthSource } from './auth-user';
import { sha256 } from './crypto';
import { csrfSatisfied, extractAccessToken } from './access-token';
import { sessionCookieNames } from './session-cookies';

const names = sessionCookieNames({ PORT: 3000 });

const req = (over: Partial<Request>) =>
  ({ method: 'POST', headers: {}, cookies: {}, ...over }) as Request & { authSource?: AuthSource };

// CSRF: cookie-authenticated unsafe requests need x-csrf-token; bearer requests do not.
describe('extractAccessToken', () => {
  it('prefers the bearer header and remembers where the token came from', () => {
    const both = req({ headers: { authorization: 'Bearer abc' }, cookies: { op_access: 'cookie-token' } });
    expect(extractAccessToken(both, names)).toBe('abc');
    expect(both.authSource).toBe('bearer');
    const cookie = req({ cookies: { op_access: 'cookie-token' } });
    expect(extractAccessToken(cookie, names)).toBe('cookie-token');
    expect(cookie.authSource).toBe('cookie');
    expect(extractAccessToken(req({ headers: { authorization: 'Basic xyz' } }), names)).toBeNull();
  });
});

describe('csrfSatisfied', () => {
  const token = 'csrf-token-value';
  const claims = { sub: 'u', sid: 's', csrf: sha256(token) };

  it('lets safe methods through', () => {
    expect(csrfSatisfied(req({ method: 'GET' }), claims, names)).toBe(true);
  });

  it('needs the header, equal to the cookie, and issued with this session', () => {
    expect(csrfSatisfied(req({ cookies: { op_csrf: token } }), claims, names)).toBe(false);
    expect(csrfSatisfied(req({ headers: { 'x-csrf-token': token }, cookies: {} }), claims, names)).toBe(false);
    expect(
      csrfSatisfied(req({ headers: { 'x-csrf-token': 'other' }, cookies: { op_csrf: token } }), claims, names),
    ).toBe(false);
    expect(
      csrfSatisfied(req({ headers: { 'x-csrf-token': 'other' }, cookies: { op_csrf: 'other' } }), claims, names),
    ).toBe(false);
    expect(csrfSatisfied(req({ headers: { 'x-csrf-token': token }, cookies: { op_csrf: token } }), claims, names)).toBe(
      true,
    );
  });
});
