/**
 * @jest-environment jsdom
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider, createStore } from 'jotai';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { authAtom } from '../../state/auth';
import { toastsAtom } from '../../state/toasts';
import { importLocalPicks } from './picks-api';
import { LocalPicksImport } from './LocalPicksImport';
import { LOCAL_PICKS_KEY } from './picks-logic';

jest.mock('./picks-api', () => ({ ...jest.requireActual('./picks-api'), importLocalPicks: jest.fn() }));
const post = importLocalPicks as jest.Mock;

// DECISIONS 18: each browser's list is imported once on sign-in (the old product kept picks per browser, so a laptop's
// and a phone's lists differ). The list leaves the browser only once the server has it, and the user is told how it
// went: a phone's list whose picks the laptop's import already brought in was removed without a word.
describe('the browser list imported on sign-in', () => {
  let root: Root;
  let store: ReturnType<typeof createStore>;
  const list = [1, 2, 3].map((i) => ({ id: `phone-${i}`, game: 'A @ B', market: 'Moneyline', selection: 'A' }));
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    post.mockReset();
    localStorage.setItem(LOCAL_PICKS_KEY, JSON.stringify(list));
    store = createStore();
  });
  afterEach(() => {
    act(() => root.unmount());
    localStorage.clear();
  });

  async function signIn() {
    store.set(authAtom, {
      status: 'signedIn',
      session: { expires_in: 3600, expires_at: 0, token_type: 'bearer', user: { id: 'u1', email: 'u1@example.com' } },
      user: { id: 'u1', email: 'u1@example.com' },
    });
    root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () => {
      root.render(
        <Provider store={store}>
          <QueryClientProvider client={new QueryClient()}>
            <LocalPicksImport />
          </QueryClientProvider>
        </Provider>,
      );
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  }
  /** The toasts shown, the progress one dismissed (on its way out) left aside. */
  const toasts = () =>
    store
      .get(toastsAtom)
      .filter((toast) => !toast.leaving)
      .map((toast) => [toast.type, toast.message]);

  it('says the list’s picks were in the account already, then removes it', async () => {
    post.mockResolvedValue({ imported: 0, skipped: 3, alreadyImported: true });
    await signIn();
    expect(post).toHaveBeenCalledWith(list);
    expect(toasts()).toEqual([['info', 'The picks saved in this browser were already in My Picks']]);
    expect(localStorage.getItem(LOCAL_PICKS_KEY)).toBeNull();
  });

  it('says how many picks it added', async () => {
    post.mockResolvedValue({ imported: 2, skipped: 1, alreadyImported: false });
    await signIn();
    expect(toasts()).toEqual([
      ['success', 'Imported 2 pick(s) from this browser into My Picks (1 already there or unreadable, skipped)'],
    ]);
    expect(localStorage.getItem(LOCAL_PICKS_KEY)).toBeNull();
  });

  it('keeps the list when the server does not take it', async () => {
    post.mockRejectedValue(new Error('offline'));
    await signIn();
    expect(toasts()[0]?.[0]).toBe('error');
    expect(localStorage.getItem(LOCAL_PICKS_KEY)).toBe(JSON.stringify(list));
  });
});
