/**
 * @jest-environment jsdom
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import type { BrowserSession } from '../../api/session';
import { authAtom } from '../../state/auth';
import { FALLBACK_PLAN, preferencesQuery } from '../../state/session-api';
import { RecommendedBets } from './RecommendedBets';

/** The recommendations' reads: the first fails, the next answers with no games today. */
const read = jest.fn();
jest.mock('./dashboard-api', () => ({
  recommendedBetsQuery: () => ({ queryKey: ['recommended'], queryFn: () => read(), retry: false }),
}));
jest.mock('../../api/client', () => ({ api: { get: () => new Promise(() => undefined) } }));
jest.mock('../../state/session-state', () => ({
  ...jest.requireActual('../../state/session-state'),
  usePlan: () => ({ status: 'ready', info: { ...FALLBACK_PLAN, plan: 'gold' } }),
}));
jest.mock('../odds/odds.css', () => ({}));

// a failed read is announced and can be read again, as the client's other failed reads can
describe("the dashboard's recommendations", () => {
  let root: Root;
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    root = createRoot(document.body.appendChild(document.createElement('div')));
  });
  afterEach(() => {
    act(() => root.unmount());
    document.body.innerHTML = '';
  });

  it('say a failed read as an alert, with "Try again" reading them again', async () => {
    read
      .mockReset()
      .mockRejectedValueOnce(new Error('Server error. Our team has been notified.'))
      .mockResolvedValue({ bets: [], gamesToday: 0, books: ['draftkings'] });
    const store = createStore();
    store.set(authAtom, { status: 'signedIn', session: {} as BrowserSession, user: { id: 'user-1', email: 'a@x.co' } });
    const client = new QueryClient();
    client.setQueryData(preferencesQuery('user-1').queryKey, {
      sportsbooks: ['draftkings'],
      bankroll: 1000,
      commissions: {},
      effective_commissions: {},
    } as never);
    await act(async () =>
      root.render(
        <Provider store={store}>
          <QueryClientProvider client={client}>
            <MemoryRouter>
              <RecommendedBets />
            </MemoryRouter>
          </QueryClientProvider>
        </Provider>,
      ),
    );
    const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    await settle();
    const alert = document.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Server error. Our team has been notified.');
    await act(async () => [...alert!.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click());
    await settle();
    expect(read).toHaveBeenCalledTimes(2);
    expect(document.querySelector('[data-testid="recommended-empty"]')?.textContent).toContain(
      'No games available today',
    );
  });
});
