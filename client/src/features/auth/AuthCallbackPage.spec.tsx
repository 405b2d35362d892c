/**
 * @jest-environment jsdom
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthCallbackPage } from './AuthCallbackPage';

// The app's API client reads the browser's storage when loaded; the session it holds and the exchange are stood in for.
const signedIn = { user: { id: 'own-account', email: 'me@example.com' } };
let current: typeof signedIn | null = null;
const setSession = jest.fn();
jest.mock('../../api/client', () => ({
  api: { currentSession: () => current, setSession: (...args: unknown[]) => setSession(...args) },
}));
const exchangeOAuthCode = jest.fn();
jest.mock('../account', () => ({ exchangeOAuthCode: (...args: unknown[]) => exchangeOAuthCode(...args) }));

// spec 000 §2 OAuth callback: "1. Check for a session", then go where intent and returnTo say.
describe('the OAuth callback', () => {
  let root: Root;
  let path = '';
  function Where() {
    const location = useLocation();
    path = `${location.pathname}${location.search}`;
    return null;
  }
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    current = null;
    setSession.mockReset();
    exchangeOAuthCode.mockReset();
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => act(() => root.unmount()));

  const open = (url: string) =>
    act(async () =>
      root.render(
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/auth/callback" element={<AuthCallbackPage />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>,
      ),
    );

  it('exchanges the code for a session when there is none, then goes to returnTo', async () => {
    exchangeOAuthCode.mockResolvedValue(signedIn);
    await open('/auth/callback?code=one-time&returnTo=%2Fpicks');
    expect(exchangeOAuthCode).toHaveBeenCalledWith('one-time');
    expect(setSession).toHaveBeenCalledWith(signedIn);
    expect(path).toBe('/picks');
  });

  // A callback link another person sent (their sign-in's code) would otherwise sign this browser in to their account.
  it('keeps the session a signed-in browser has, exchanging no code', async () => {
    current = signedIn;
    await open('/auth/callback?code=someone-elses&returnTo=%2Fpicks');
    expect(exchangeOAuthCode).not.toHaveBeenCalled();
    expect(setSession).not.toHaveBeenCalled();
    expect(path).toBe('/picks');
  });
});
