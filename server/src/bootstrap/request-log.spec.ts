import type { Request, Response } from 'express';
import { loggablePath, requestIdFrom, routeOf } from './request-log';

// A request id on every request; never trust an incoming one blindly; secrets redacted.
describe('requestIdFrom', () => {
  it("keeps a proxy's sane id", () => {
    expect(requestIdFrom('3f0c2d1e-5a4b-4c3d-9e8f-0a1b2c3d4e5f')).toBe('3f0c2d1e-5a4b-4c3d-9e8f-0a1b2c3d4e5f');
    expect(requestIdFrom('req_01HZX9ABCD.lb-2:7')).toBe('req_01HZX9ABCD.lb-2:7');
  });

  it('makes a new one for anything else: missing, short, long, with spaces, newlines or quotes', () => {
    const uuid = /^[0-9a-f-]{36}$/;
    for (const header of [
      undefined,
      '',
      'abc',
      'x'.repeat(129),
      'a b c d e f g h',
      'abcdefgh\n{"level":"fatal"}',
      'abcdefgh"',
      'Root=1-6789',
      ['abcdefgh12'],
    ]) {
      expect(requestIdFrom(header)).toMatch(uuid);
    }
  });
});

describe('loggablePath', () => {
  it('redacts the values of secret-looking query parameters and keeps the rest', () => {
    expect(loggablePath('/api/odds?sports=basketball_nba&markets=h2h')).toBe(
      '/api/odds?sports=basketball_nba&markets=h2h',
    );
    expect(loggablePath('/account?reset_token=abc123&tab=security')).toBe(
      '/account?reset_token=%5Bredacted%5D&tab=security',
    );
    expect(loggablePath('/api/auth/google/callback?code=4/0Ad&state=xyz')).toBe(
      '/api/auth/google/callback?code=%5Bredacted%5D&state=%5Bredacted%5D',
    );
    expect(loggablePath('/api/x?apiKey=op_secret&api_key=op_2')).toBe(
      '/api/x?apiKey=%5Bredacted%5D&api_key=%5Bredacted%5D',
    );
  });

  // A query naming nothing secret is logged as sent, without being parsed and rebuilt on every request
  it('logs a query naming nothing secret as sent, and redacts one whose names are encoded', () => {
    expect(loggablePath('/api/odds?sports=a,b&markets=h2h')).toBe('/api/odds?sports=a,b&markets=h2h');
    expect(loggablePath('/x?%74oken=abc')).toBe('/x?token=%5Bredacted%5D');
    expect(loggablePath('/x?to+ken=abc&tab')).toBe('/x?to+ken=abc&tab=');
  });
});

describe('routeOf', () => {
  const res = (statusCode: number, route?: string) =>
    ({ statusCode, locals: route ? { route } : {} }) as unknown as Response;

  it('names the matched pattern, never the path', () => {
    expect(routeOf({ route: { path: '/api/picks/:id' }, baseUrl: '' } as unknown as Request, res(200))).toBe(
      '/api/picks/:id',
    );
    expect(routeOf({ route: { path: '/api/queues' }, baseUrl: '/ops/queues' } as unknown as Request, res(200))).toBe(
      '/ops/queues/api/queues',
    );
  });

  it('takes the name a mounted endpoint gives itself, else the web app or unmatched', () => {
    expect(routeOf({ baseUrl: '' } as Request, res(401, '/metrics'))).toBe('/metrics');
    expect(routeOf({ baseUrl: '' } as Request, res(200))).toBe('web');
    expect(routeOf({ baseUrl: '' } as Request, res(404))).toBe('unmatched');
  });
});
