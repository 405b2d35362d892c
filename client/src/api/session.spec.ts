/**
 * @jest-environment jsdom
 */
import { fillStorage } from '../../test-support/memory-storage';
import { testSession } from '../../test-support/session';
import { storedKey, writeStored } from '../state/stored-value';
import { browserSessionStore, LEGACY_SESSION_KEY, readBrowserSession, SESSION_KEY } from './session';

// DECISIONS 35: nothing in Web Storage holds a token; the browser keeps only who is signed in and until when.
describe('the browser session store', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('writes the session description only, whatever tokens the object it is given carries', () => {
    const answer = {
      access_token: 'secret-access',
      refresh_token: 'secret-refresh',
      expires_in: 900,
      expires_at: 1_900_000_000,
      token_type: 'bearer',
      user: { id: 'u1', email: 'a@example.com' },
    };
    browserSessionStore().write(answer, true);
    const stored = Object.values({ ...window.localStorage }).join(' ');
    expect(stored).not.toContain('secret-access');
    expect(stored).not.toContain('secret-refresh');
    expect(JSON.parse(window.localStorage.getItem(SESSION_KEY)!)).toEqual({
      expires_in: 900,
      expires_at: 1_900_000_000,
      token_type: 'bearer',
      user: { id: 'u1', email: 'a@example.com' },
    });
  });

  it("takes an older build's session, tokens and all, out of Web Storage", () => {
    const legacy = {
      refresh_token: 'old-refresh',
      expires_in: 900,
      expires_at: 1_900_000_000,
      token_type: 'bearer',
      user: { id: 'u1', email: 'a@example.com' },
    };
    window.sessionStorage.setItem(LEGACY_SESSION_KEY, JSON.stringify(legacy));
    expect(browserSessionStore().takeLegacy()).toMatchObject({ refresh_token: 'old-refresh' });
    expect(window.sessionStorage.getItem(LEGACY_SESSION_KEY)).toBeNull();
    expect(readBrowserSession()).toBeNull();
  });

  // spec 000 §8 storage quota exceeded: cleanup, retry; who is signed in is critical and stays
  it('keeps who is signed in on a full storage, by cleaning up the values the product can do without', () => {
    writeStored(storedKey('oss_game_reactions', 'cache'), 'x'.repeat(1_000_000));
    fillStorage(window.localStorage);
    expect(() => browserSessionStore().write(testSession(Date.now()), false)).not.toThrow();
    expect(JSON.parse(window.localStorage.getItem(SESSION_KEY)!)).toMatchObject({ user: { id: 'u1' } });
    expect(window.localStorage.getItem('oddspulse.auth.remember')).toBe('0');
    expect(window.localStorage.getItem('oss_game_reactions')).toBeNull();
  });
});
