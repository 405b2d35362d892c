import type { Request } from 'express';
import type { AuthSource } from './auth-user';
import { sha256 } from './crypto';
import { csrfSatisfied, extractAccessToken } from './access-token';

const req = (over: Partial<Request>) =>
  ({ method: 'POST', headers: {}, cookies: {}, ...over }) as Request & { authSource?: AuthSource };

// CSRF: cookie-authenticated unsafe requests need x-csrf-token; bearer requests do not.
describe('extractAccessToken', () => {
  it('prefers the bearer header and remembers where the token came from', () => {
    const both = req({ headers: { authorization: 'Bearer abc' }, cookies: { op_access: 'cookie-token' } });
    expect(extractAccessToken(both)).toBe('abc');
    expect(both.authSource).toBe('bearer');
    const cookie = req({ cookies: { op_access: 'cookie-token' } });
    expect(extractAccessToken(cookie)).toBe('cookie-token');
    expect(cookie.authSource).toBe('cookie');
    expect(extractAccessToken(req({ headers: { authorization: 'Basic xyz' } }))).toBeNull();
  });
});

describe('csrfSatisfied', () => {
  const token = 'csrf-token-value';
  const claims = { sub: 'u', sid: 's', csrf: sha256(token) };

  it('lets safe methods through', () => {
    expect(csrfSatisfied(req({ method: 'GET' }), claims)).toBe(true);
  });

  it('needs the header, equal to the cookie, and issued with this session', () => {
    expect(csrfSatisfied(req({ cookies: { op_csrf: token } }), claims)).toBe(false);
    expect(csrfSatisfied(req({ headers: { 'x-csrf-token': token }, cookies: {} }), claims)).toBe(false);
    expect(csrfSatisfied(req({ headers: { 'x-csrf-token': 'other' }, cookies: { op_csrf: token } }), claims)).toBe(
      false,
    );
    expect(csrfSatisfied(req({ headers: { 'x-csrf-token': 'other' }, cookies: { op_csrf: 'other' } }), claims)).toBe(
      false,
    );
    expect(csrfSatisfied(req({ headers: { 'x-csrf-token': token }, cookies: { op_csrf: token } }), claims)).toBe(true);
  });
});
