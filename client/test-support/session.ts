import type { BrowserSession } from '../src/api/session';

/** A signed-in session for the specs, valid for 15 minutes from `now`; the app never imports it. */
export function testSession(now: number, overrides: Partial<BrowserSession> = {}): BrowserSession {
  return {
    expires_in: 900,
    expires_at: Math.floor(now / 1000) + 900,
    token_type: 'cookie',
    user: { id: 'u1', email: 'a@b.test' },
    ...overrides,
  };
}
