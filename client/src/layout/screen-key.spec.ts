import { screenKey } from './screen-key';

// spec 000 §2: /login and /signup are the same auth screen; switching its tabs (by keyboard too) must not remount it.
describe('screenKey', () => {
  it('is the same for the login and sign-up tabs', () => {
    expect(screenKey('/signup')).toBe(screenKey('/login'));
  });

  it('differs between other screens, so each gets a fresh error boundary', () => {
    const keys = ['/', '/login', '/account', '/scores', '/picks', '/sportsbooks'].map(screenKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
